import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { as, describeEachDatabase, makeTempDirWith, productionEnv, useTestApp } from '../testing/index.ts';
import { MODEL_VIEWER_STYLE_HASH } from './security.ts';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

const WEB_ORIGIN = 'https://portal.example';
const SPLIT_HOSTS = {
  PUBLIC_URL: WEB_ORIGIN,
  API_BASE_URL: 'https://api.example',
  FILE_BASE_URL: 'https://files.example/base',
  GAME_API_BASE_URL: 'https://game.example/game',
  STATIC_BASE_URL: 'https://static.example',
};

describeEachDatabase('browser security headers', (variant) => {
  const t = useTestApp(variant, async () => ({
    WEB_DIST: await makeTempDirWith('web', {
      'index.html': '<!doctype html><html><head><!--runtime-config--></head></html>',
    }),
    TRUST_PROXY: 'true',
    ...SPLIT_HOSTS,
  }));

  const get = (url: string, headers: Record<string, string> = {}) => as(t.app).get(url, { headers });

  it('sends a Content-Security-Policy without inline code, and the other headers, on pages, API answers and errors', async () => {
    for (const url of [
      '/',
      '/developers/my-project',
      '/api/Setting',
      '/api/Nothing',
      '/runtime-config.json',
      '/dev/outbox',
      '/sandbox/stripe/dashboard?link=dl_sandbox_unknown',
    ]) {
      const response = await get(url);
      const csp = directives(response.headers['content-security-policy']);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(csp['script-src'], url).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp['style-src'], url).toEqual(["'self'", MODEL_VIEWER_STYLE_HASH]);
      expect(Object.values(csp).flat(), url).not.toContain("'unsafe-inline'");
      expect(Object.values(csp).flat(), url).not.toContain("'unsafe-eval'");
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('lets the pages reach the four configured hosts, blob: URLs and the game host socket, and nothing else', async () => {
    const csp = directives((await get('/')).headers['content-security-policy']);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'blob:',
      'https://api.example',
      'https://files.example',
      'https://game.example',
      'https://static.example',
      'wss://game.example',
    ]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://files.example', 'https://static.example']);
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['form-action']).toEqual(["'self'", WEB_ORIGIN]);
  });

  it('serves the sandbox, dev outbox and SDK documentation pages with their styles as files, which the policy allows', async () => {
    for (const [page, stylesheet] of [
      ['/sandbox/stripe/dashboard?link=dl_sandbox_unknown', '/sandbox/stripe/sandbox.css'],
      ['/dev/outbox', '/dev/outbox.css'],
      ['/documentation.html', '/documentation.css'],
    ] as const) {
      const html = (await get(page)).body;
      expect(html).not.toMatch(/<style|<script|style="/);
      expect(html).toContain(`<link rel="stylesheet" href="${stylesheet}">`);
      const css = await get(stylesheet);
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    }
  });

  it('sends HSTS only when the request came over HTTPS', async () => {
    expect((await get('/api/Setting')).headers['strict-transport-security']).toBeUndefined();
    const overHttps = await get('/api/Setting', { 'x-forwarded-proto': 'https' });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('answers a CORS preflight from the web origin, for the methods and headers the web app sends', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/Access/Profile',
      headers: {
        origin: WEB_ORIGIN,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    expect(String(preflight.headers['access-control-allow-methods']).split(', ')).toContain('PUT');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('x-studio-id');
    const response = await get('/api/Setting', { origin: WEB_ORIGIN });
    expect(response.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers nothing CORS to a foreign origin', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/Access/Profile',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.json()).toEqual({ errorCode: 'NotFound', message: expect.any(String) });
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const response = await get('/api/Setting', { origin: 'https://evil.example' });
    expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});

describe('API docs in production', () => {
  const hidden = useTestApp('pglite', productionEnv);
  const shown = useTestApp('pglite', { ...productionEnv, API_DOCS: 'true' });

  it('are not served unless API_DOCS=true', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml']) {
      const response = await as(hidden.app).get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ errorCode: 'NotFound', message: expect.any(String) });
    }
    expect((await as(shown.app).get('/api/docs/json')).statusCode).toBe(200);
  });

  it('get a policy of their own, which allows inline styles on the docs only', async () => {
    const docs = await as(shown.app).get('/api/docs/');
    expect(docs.statusCode).toBe(200);
    const csp = directives(docs.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    const page = await as(shown.app).get('/');
    expect(directives(page.headers['content-security-policy'])['style-src']).not.toContain("'unsafe-inline'");
  });
});

describe('web origins config', () => {
  it("defaults to PUBLIC_URL's origin and reads a comma-separated list", () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example/base/' }).webOrigins).toEqual(['https://portal.example']);
    expect(loadConfig({ WEB_ORIGIN: 'https://a.example, https://b.example:8443/' }).webOrigins).toEqual([
      'https://a.example',
      'https://b.example:8443',
    ]);
    expect(() => loadConfig({ WEB_ORIGIN: 'not a url' })).toThrow(/WEB_ORIGIN/);
  });
});
