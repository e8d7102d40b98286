import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './testing/index.ts';

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

  it('never seeds demo data in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});

describeEachDatabase('server core', (variant) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><!--runtime-config--></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp(variant, { WEB_DIST: webDist, STATIC_BASE_URL: 'https://static.example' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok', database: variant, storage: 'disk' });
  });

  it('says it is ready once it answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers unknown API routes with a 404 error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/Nothing/Here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorCode: 'NotFound', message: 'The requested resource was not found.' });
  });

  it('serves the web app for page paths, with the runtime config inlined', async () => {
    for (const url of ['/', '/developers', '/some/unknown/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('"staticBaseUrl":"https://static.example"');
    }
  });

  it('serves the runtime config as JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/runtime-config.json' });
    expect(response.json()).toEqual({
      apiBaseUrl: '',
      fileBaseUrl: '',
      gameApiBaseUrl: '/game',
      staticBaseUrl: 'https://static.example',
      mapTileUrl: '',
    });
  });

  it('publishes an OpenAPI document built from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
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
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});

describe('production mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has no dev outbox', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    expect(t.app.mailer.kind).toBe('log-only');
  });
});
