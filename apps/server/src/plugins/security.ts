import type { IncomingMessage, ServerResponse } from 'node:http';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import { STUDIO_HEADER } from '@portal/contracts/roles';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config.ts';

/** The origin of a configured host URL; '' (this server) and unparsable values give none. */
function originOf(url: string): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

const unique = (values: Array<string | undefined>) => [...new Set(values.filter((v): v is string => Boolean(v)))];

/**
 * The one inline style the policy allows: the `<style>` in the shadow DOM template of `<model-viewer>` (the 3D
 * preview), by its hash. Upgrading @google/model-viewer changes it; the e2e policy test then fails and Chromium's
 * message names the new hash.
 */
export const MODEL_VIEWER_STYLE_HASH = "'sha256-PXtZZkJMMyc18o/DN1ZEFOJ2qEGq95IQbVaJFMOXOb0='";

/**
 * The Content-Security-Policy of every page this server answers: only files from this origin and the four
 * configured hosts, nothing inline but the 3D viewer's hashed style. `blob:` carries the .glb the 3D preview
 * fetches and the textures three.js decodes from it; WebGL itself needs no directive, and 'wasm-unsafe-eval'
 * (WebAssembly only, never JavaScript eval) lets the viewer compile its meshopt decoder.
 */
/** The tile server's origin, from a URL template whose placeholders are not a URL's. */
const tileOrigin = (template: string) => template.replace(/\{[a-z]\}/g, '0');

export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const { hosts } = config;
  const hostOrigins = unique([hosts.api, hosts.files, hosts.gameApi, hosts.static].map(originOf));
  const gameSocket = originOf(hosts.gameApi)?.replace(/^http/, 'ws');
  // builds redirected to the store are fetched from there by the web app
  const { storage } = config;
  const store =
    storage.kind === 's3' && storage.buildDownloads === 'redirect'
      ? originOf(
          storage.publicUrl ?? storage.endpoint ?? `https://${storage.bucket}.s3.${storage.region}.amazonaws.com`,
        )
      : undefined;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", MODEL_VIEWER_STYLE_HASH],
    'style-src-attr': ["'none'"],
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      ...unique([originOf(hosts.files), originOf(hosts.static), originOf(tileOrigin(config.mapTileUrl))]),
    ],
    'font-src': ["'self'"],
    'connect-src': ["'self'", 'blob:', ...hostOrigins, ...unique([gameSocket, store])],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...unique([originOf(config.publicUrl)])],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The headers helmet sets for `options`, worked out once. The same for every response, so @fastify/helmet, which
 * builds them again for each request (about 45 µs), is not used.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** CORS for the web origins only: a foreign origin (or none) gets no CORS header at all, and its preflight the 404 of an unknown route. */
export function corsOptions(webOrigins: readonly string[]): FastifyCorsOptions {
  const allowed = new Set(webOrigins);
  return {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', STUDIO_HEADER],
    exposedHeaders: ['Content-Disposition', 'Retry-After'],
    credentials: false,
    maxAge: 600,
    strictPreflight: true,
  };
}

/**
 * Browser security headers on every response (helmet), CORS for the configured web origins, and HSTS when the
 * request came over HTTPS (directly or, with TRUST_PROXY, through the proxy that says so).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const servesOtherOrigins = Object.values(config.hosts).some(Boolean);
    const headers = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      // Images and builds are loaded by the web origin's pages; when the hosts are split that is another origin.
      crossOriginResourcePolicy: { policy: servesOtherOrigins ? 'cross-origin' : 'same-origin' },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'no-referrer' },
      frameguard: { action: 'deny' },
      // Set below, only for HTTPS requests: over plain HTTP the header means nothing and misleads.
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
      done();
    });
    await app.register(cors, corsOptions(config.webOrigins));
  },
  { name: 'security', dependencies: ['errors'] },
);
