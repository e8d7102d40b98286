/**
 * Child process of `startBareUploadRoute` (lib/bare-servers.ts): a bare Fastify server with one POST route that
 * reads a multipart request with @fastify/multipart (the portal's parser), pipes its first file part into a new
 * file in BARE_UPLOAD_DIR through a write stream with a 1 MiB high-water mark and answers `{"bytes": <size on
 * disk>}` once the file is closed. No session, no checks, no database. Env: BARE_UPLOAD_DIR, BARE_ROUTE, PORT.
 * Prints `listening <port>` once it accepts connections.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { serveBare } from '../bare-servers.ts';

const uploadDir = process.env.BARE_UPLOAD_DIR;
const route = process.env.BARE_ROUTE ?? '/';
if (!uploadDir) throw new Error('BARE_UPLOAD_DIR is required');

// @fastify/multipart caps a file at the body limit (1 MB) unless told otherwise
const FILE_MAX_BYTES = 64 * 1024 * 1024;
// At the default 16 KiB a write stream stops the socket for every chunk it writes: the floor would be a slow one.
const WRITE_AHEAD_BYTES = 1024 * 1024;

const app = Fastify({ logger: false });
await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES, files: 1 } });
app.post(route, async (request, reply) => {
  const part = await request.file();
  if (!part) return reply.code(400).send({ error: 'no file part' });
  const file = path.join(uploadDir, randomUUID());
  await pipeline(part.file, createWriteStream(file, { highWaterMark: WRITE_AHEAD_BYTES }));
  if (part.file.truncated)
    return reply.code(413).send({ error: `a file part holds more than ${FILE_MAX_BYTES} bytes` });
  return { bytes: (await stat(file)).size };
});

await serveBare(app);
