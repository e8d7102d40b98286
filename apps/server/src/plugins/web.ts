import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { PRERENDERED_PAGES_MANIFEST, type PrerenderedPages, type RuntimeConfig } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BRAND_MARK_SVG, FAVICON_LINKS, renderFaviconIco } from '../lib/favicon.ts';
import { sendError } from './errors.ts';

/** Paths that belong to the API hosts: never answered with the web app. */
const API_PREFIXES = ['/api/', '/FileUpload/', '/socket/', '/dev/', '/sdk-docs/', '/downloads/', '/sandbox/'];

const escapeJsonForHtml = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

const RUNTIME_CONFIG_PLACEHOLDER = '<!--runtime-config-->';

/**
 * The public pages the web build prerendered (its `PRERENDERED_PAGES_MANIFEST`), by URL path, each with `inject`
 * applied; none when the build has not prerendered.
 */
function readPrerenderedPages(webDist: string, inject: (html: string) => string): Map<string, string> {
  const manifestPath = path.join(webDist, PRERENDERED_PAGES_MANIFEST);
  if (!existsSync(manifestPath)) return new Map();
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as PrerenderedPages;
  const pagesDir = path.dirname(manifestPath);
  return new Map(
    Object.entries(manifest).map(([urlPath, file]) => [
      urlPath,
      inject(readFileSync(path.join(pagesDir, path.basename(file)), 'utf8')),
    ]),
  );
}

/**
 * Serves the built web app: hashed assets with long caching, a public page with the HTML the build prerendered for
 * it, every other page path with index.html (the app renders it in the browser). Every page gets the runtime config.
 */
export const webPlugin = fp(
  async (app: FastifyInstance) => {
    const { webDist, hosts, gameRoutesPrefix } = app.config;
    // and the game API host's paths, served here under their prefix
    const apiPrefixes = gameRoutesPrefix ? [...API_PREFIXES, `${gameRoutesPrefix}/`] : API_PREFIXES;
    const runtimeConfig: RuntimeConfig = {
      apiBaseUrl: hosts.api,
      fileBaseUrl: hosts.files,
      gameApiBaseUrl: hosts.gameApi,
      staticBaseUrl: hosts.static,
      mapTileUrl: app.config.mapTileUrl,
    };

    app.get('/runtime-config.json', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send(runtimeConfig),
    );

    // every page of this server links these two (FAVICON_LINKS), and browsers ask for /favicon.ico unbidden
    let faviconIco: Promise<Buffer> | undefined;
    app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => {
      faviconIco ??= renderFaviconIco();
      return reply
        .type('image/x-icon')
        .header('cache-control', 'public, max-age=86400')
        .send(await faviconIco);
    });
    app.get('/favicon.svg', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(BRAND_MARK_SVG),
    );

    const runtimeConfigTag = `<script id="runtime-config" type="application/json">${escapeJsonForHtml(runtimeConfig)}</script>`;
    const withRuntimeConfig = (html: string) => html.replace(RUNTIME_CONFIG_PLACEHOLDER, runtimeConfigTag);
    const indexPath = path.join(webDist, 'index.html');
    const hasWeb = existsSync(indexPath);
    const indexHtml = hasWeb
      ? withRuntimeConfig(readFileSync(indexPath, 'utf8'))
      : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner Portal</title>${FAVICON_LINKS}</head>
<body><main><h1>Partner Portal</h1><p>The web app is not built yet: run <code>npm run build</code> and restart the server.</p></main></body></html>`;

    const prerenderedPages = hasWeb ? readPrerenderedPages(webDist, withRuntimeConfig) : new Map<string, string>();
    // answered by their paths, with the runtime config, never as files
    const prerenderedDir = `/${path.posix.dirname(PRERENDERED_PAGES_MANIFEST)}/`;

    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDist,
        prefix: '/',
        wildcard: false,
        index: false,
        preCompressed: true,
        allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith(prerenderedDir),
        setHeaders: (reply, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    }

    const sendHtml = (reply: FastifyReply, html: string) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

    // routes of their own, unlike the not-found handler, go through the compression every route gets
    for (const [urlPath, html] of prerenderedPages) {
      app.get(urlPath, { schema: { hide: true } }, async (_request, reply) => sendHtml(reply, html));
    }
    if (!prerenderedPages.has('/')) {
      app.get('/', { schema: { hide: true } }, async (_request, reply) => sendHtml(reply, indexHtml));
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !apiPrefixes.some((prefix) => pathname.startsWith(prefix)) &&
        !path.extname(pathname);
      if (isPage) return sendHtml(reply, indexHtml);
      return sendError(reply, 'NotFound');
    });
  },
  { name: 'web' },
);
