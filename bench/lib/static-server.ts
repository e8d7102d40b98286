import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { findFreePort } from './free-port.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt']);

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a built single-page app the way a plain static host would: long cache for hashed assets, gzip when the
 * client accepts it, index.html for unknown paths. Level 9 so the baseline is compressed like the portal's .gz files.
 */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const port = await findFreePort();
  const base = path.resolve(root);
  const server = http.createServer((request, response) => {
    serveFile(base, request, response).catch((err: unknown) => {
      response.statusCode = 500;
      response.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

async function serveFile(root: string, request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  const resolved = path.resolve(root, `.${pathname}`);
  if (resolved !== root && !resolved.startsWith(`${root}${path.sep}`)) {
    response.writeHead(403).end();
    return;
  }
  let file = resolved;
  if (!(await isFile(file))) {
    if (path.extname(pathname) !== '') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    file = path.join(root, 'index.html');
  }

  const extension = path.extname(file);
  const headers: http.OutgoingHttpHeaders = {
    'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
    'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'accept-encoding',
  };
  let body = await readFile(file);
  if (COMPRESSIBLE.has(extension) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    body = gzipSync(body, { level: 9 });
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = body.length;
  response.writeHead(200, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
