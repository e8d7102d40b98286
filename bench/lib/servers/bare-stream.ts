/**
 * Child process of `startBareStreamRoute` (lib/bare-servers.ts): a bare Fastify server with one GET route that
 * streams the same file to every request through fs.createReadStream, in 64 KiB chunks, with no content-length (as
 * a generated stream goes out: chunked). No session, no checks, no database. Env: BARE_BODY_FILE, BARE_CONTENT_TYPE,
 * BARE_ROUTE, PORT. Prints `listening <port>` once it accepts connections.
 */
import { createReadStream } from 'node:fs';
import Fastify from 'fastify';
import { serveBare } from '../bare-servers.ts';

const bodyFile = process.env.BARE_BODY_FILE;
const contentType = process.env.BARE_CONTENT_TYPE;
const route = process.env.BARE_ROUTE ?? '/';
if (!bodyFile || !contentType) throw new Error('BARE_BODY_FILE and BARE_CONTENT_TYPE are required');
const CHUNK_BYTES = 64 * 1024;

const app = Fastify({ logger: false });
app.get(route, (_request, reply) => {
  reply.type(contentType).send(createReadStream(bodyFile, { highWaterMark: CHUNK_BYTES }));
});

await serveBare(app);
