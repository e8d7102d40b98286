/**
 * Child process of `startBareRoute` (lib/bare-servers.ts): a bare Fastify server with one GET route that answers every
 * request with the same bytes. Env: BARE_BODY_FILE (the body), BARE_CONTENT_TYPE, BARE_ROUTE, PORT, and
 * BARE_HEADERS_FILE (optional: a JSON object of response headers every answer also sends). Prints `listening <port>`
 * once it accepts connections.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { serveBare } from '../bare-servers.ts';

const bodyFile = process.env.BARE_BODY_FILE;
const contentType = process.env.BARE_CONTENT_TYPE;
const route = process.env.BARE_ROUTE ?? '/';
if (!bodyFile || !contentType) throw new Error('BARE_BODY_FILE and BARE_CONTENT_TYPE are required');
const body = readFileSync(bodyFile);
const headersFile = process.env.BARE_HEADERS_FILE;
const headers = headersFile ? (JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>) : undefined;

const app = Fastify({ logger: false });
app.get(route, (_request, reply) => {
  if (headers) reply.headers(headers);
  reply.type(contentType).send(body);
});

await serveBare(app);
