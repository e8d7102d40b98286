import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { PRERENDERED_PAGES_MANIFEST, type PrerenderedPages } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { as, makeTempDirWith, useTestApp } from '../testing/index.ts';

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title><!--runtime-config--></head><body><div id="root">${body}</div></body></html>`;

/** A built web app with two prerendered public pages, the way `npm run build` lays it out. */
function writeWebDist(): Promise<string> {
  const pages: PrerenderedPages = { '/': 'index.html', '/business': 'business.html' };
  const prerendered = path.posix.dirname(PRERENDERED_PAGES_MANIFEST);
  // long enough for the server to compress it
  const pitch = '<p>Reach people where they are.</p>'.repeat(60);
  return makeTempDirWith('web', {
    'index.html': page('Partner Portal', ''),
    [PRERENDERED_PAGES_MANIFEST]: JSON.stringify(pages),
    [`${prerendered}/index.html`]: page('Home', '<h1>Put your games</h1>'),
    [`${prerendered}/business.html`]: page('Business Partners', `<h1>Business Partners</h1>${pitch}`),
  });
}

describe('web app pages', () => {
  const t = useTestApp('pglite', async () => ({
    WEB_DIST: await writeWebDist(),
    STATIC_BASE_URL: 'https://static.example',
  }));

  const get = (url: string, headers: Record<string, string> = {}) => as(t.app).get(url, { headers });
  const runtimeConfig = '"staticBaseUrl":"https://static.example"';

  it('answers a prerendered public page with its HTML and the runtime config', async () => {
    for (const [url, heading] of [
      ['/', '<h1>Put your games</h1>'],
      ['/business', '<h1>Business Partners</h1>'],
      ['/business?from=footer', '<h1>Business Partners</h1>'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain(heading);
      expect(response.body, url).toContain(`<script id="runtime-config" type="application/json">{`);
      expect(response.body, url).toContain(runtimeConfig);
      expect(response.body, url).not.toContain('<!--runtime-config-->');
    }
  });

  it('answers any other page path with the empty app shell and the runtime config', async () => {
    for (const url of ['/developers/my-project', '/faqs', '/some/unknown/page']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Partner Portal</title><script id="runtime-config"');
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain(runtimeConfig);
    }
  });

  it('compresses a prerendered page for a browser that accepts it', async () => {
    const response = await get('/business', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(response.rawPayload).toString('utf8');
    expect(html).toContain('<h1>Business Partners</h1>');
    expect(html).toContain(runtimeConfig);
  });

  it('never serves the prerendered files themselves, which lack the runtime config', async () => {
    for (const url of ['/prerendered/business.html', '/prerendered/index.html', `/${PRERENDERED_PAGES_MANIFEST}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ errorCode: 'NotFound', message: 'The requested resource was not found.' });
    }
  });
});
