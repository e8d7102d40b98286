import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { as, describeEachDatabase, makeTempDirWith, productionEnv, useTestApp } from './testing/index.ts';

describe('config', () => {
  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('NODE_ENV');
    }
  });

  it('defaults to the embedded database on port 8080', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
  });

  it('asks admins for two-step sign-in in production, unless ADMIN_REQUIRE_2FA says otherwise', () => {
    expect(loadConfig({}).adminRequireTwoFactor).toBe(false);
    expect(loadConfig(productionEnv).adminRequireTwoFactor).toBe(true);
    expect(loadConfig({ ...productionEnv, ADMIN_REQUIRE_2FA: 'false' }).adminRequireTwoFactor).toBe(false);
    expect(loadConfig({ ADMIN_REQUIRE_2FA: 'true' }).adminRequireTwoFactor).toBe(true);
  });

  it('listens on this machine only outside production, on every interface in production, or where HOST says', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig(productionEnv).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...productionEnv, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('never seeds demo data in production unless asked', () => {
    expect(loadConfig(productionEnv).seedDemo).toBe(false);
    expect(loadConfig({ ...productionEnv, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});

describeEachDatabase('server core', (variant) => {
  const t = useTestApp(variant, async () => ({
    WEB_DIST: await makeTempDirWith('web', {
      'index.html': '<!doctype html><html><head><!--runtime-config--></head><body><div id="root"></div></body></html>',
    }),
    STATIC_BASE_URL: 'https://static.example',
  }));

  it('reports health with the database kind', async () => {
    const response = await as(t.app).get('/healthz');
    expect(response.json()).toEqual({ status: 'ok', database: variant, storage: 'disk' });
  });

  it('says it is ready once it answers', async () => {
    const response = await as(t.app).get('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers unknown API routes with a 404 error body', async () => {
    const response = await as(t.app).get('/api/Nothing/Here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorCode: 'NotFound', message: 'The requested resource was not found.' });
  });

  it('serves the web app for page paths, with the runtime config inlined', async () => {
    for (const url of ['/', '/developers', '/some/unknown/page']) {
      const response = await as(t.app).get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('"staticBaseUrl":"https://static.example"');
    }
  });

  it('serves the runtime config as JSON', async () => {
    const response = await as(t.app).get('/runtime-config.json');
    expect(response.json()).toEqual({
      apiBaseUrl: '',
      fileBaseUrl: '',
      gameApiBaseUrl: '/game',
      staticBaseUrl: 'https://static.example',
      mapTileUrl: '',
    });
  });

  it('publishes an OpenAPI document built from the route schemas', async () => {
    const response = await as(t.app).get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    for (const route of [
      '/api/Faq',
      '/api/Md/Query',
      '/api/Md/{id}',
      '/api/Setting',
      '/game/Static',
      '/api/ContactUs',
    ]) {
      expect(doc.paths[route], route).toBeDefined();
    }
    const ui = await as(t.app).get('/api/docs/');
    expect(ui.statusCode).toBe(200);
  });
});

describe('the dev outbox', () => {
  // a proxy in front is trusted here, so that a forged forwarded-for header would count if the outbox read it
  const t = useTestApp('pglite', { TRUST_PROXY: 'true' });

  it('answers this machine, over IPv4 and IPv6', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await as(t.app).get('/dev/outbox.json', { remoteAddress })).statusCode, remoteAddress).toBe(200);
      expect((await as(t.app).get('/dev/outbox', { remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
  });

  it('does not exist for another machine, whatever its headers say', async () => {
    for (const [remoteAddress, headers] of [
      ['192.168.1.23', {}],
      ['2001:db8::7', {}],
      ['203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }],
    ] as const) {
      for (const url of ['/dev/outbox.json', '/dev/outbox', '/dev/outbox.css']) {
        const response = await as(t.app).get(url, { remoteAddress, headers });
        expect(response.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(response.json()).toMatchObject({ errorCode: 'NotFound' });
      }
    }
  });
});

describe('production mode', () => {
  const t = useTestApp('pglite', productionEnv);

  it('has no dev outbox', async () => {
    expect((await as(t.app).get('/dev/outbox.json')).statusCode).toBe(404);
    expect((await as(t.app).get('/dev/outbox')).statusCode).toBe(404);
    expect(t.app.mailer.kind).toBe('log-only');
  });
});
