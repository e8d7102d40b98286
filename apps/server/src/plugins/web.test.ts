import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { PRERENDERED_PAGES_MANIFEST, type PrerenderedPages } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/index.ts';

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title><!--runtime-config--></head><body><div id="root">${body}</div></body></html>`;

/** A built web app with two prerendered public pages, the way `npm run build` lays it out. */
async function writeWebDist(): Promise<string> {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
  await writeFile(path.join(webDist, 'index.html'), page('Partner Portal', ''));
  const manifestPath = path.join(webDist, PRERENDERED_PAGES_MANIFEST);
  await mkdir(path.dirname(manifestPath), { recursive: true });
  const pages: PrerenderedPages = { '/': 'index.html', '/business': 'business.html' };
  await writeFile(manifestPath, JSON.stringify(pages));
  await writeFile(path.join(path.dirname(manifestPath), 'index.html'), page('Home', '<h1>Put your games</h1>'));
  // long enough for the server to compress it
  const pitch = '<p>Reach people where they are.</p>'.repeat(60);
  await writeFile(
    path.join(path.dirname(manifestPath), 'business.html'),
    page('Business Partners', `<h1>Business Partners</h1>${pitch}`),
  );
  return webDist;
}

describe('web app pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { WEB_DIST: await writeWebDist(), STATIC_BASE_URL: 'https://static.example' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
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
