import multipart from '@fastify/multipart';
import { BUILD_MAX_BYTES } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { discardRequestBody } from '../lib/discard-body.ts';
import { AppError } from '../lib/errors.ts';

/** How much of a refused upload is still read (and dropped) so that the client gets the answer; beyond, it is cut off. */
const REFUSED_BODY_MAX_BYTES = BUILD_MAX_BYTES + 8 * 1024 * 1024;
const REFUSED_BODY_MAX_MS = 60_000;

/**
 * Multipart uploads in a plugin's routes: files of up to 50 MB, and a refused upload's rest read and dropped (up to
 * a bound) so that the client, which reads the answer only once it has sent everything, gets it.
 */
export async function acceptUploads(app: FastifyInstance, maxFiles: number) {
  await app.register(multipart, {
    // keep the name as sent, so that a name reaching for other directories is refused rather than trimmed
    preservePath: true,
    limits: {
      fileSize: BUILD_MAX_BYTES + 1,
      files: maxFiles,
      fields: 20,
      parts: maxFiles + 20,
      headerPairs: 100,
    },
  });
  app.addHook('onError', async (request, reply) => {
    if (!(await discardRequestBody(request.raw, REFUSED_BODY_MAX_BYTES, REFUSED_BODY_MAX_MS))) {
      reply.header('connection', 'close');
    }
  });
}

/**
 * A multipart stream that failed to parse (no or wrong boundary, cut short) fails with the parser's bare Error;
 * the plugin's own errors carry a status. The first is the client's fault, not ours.
 */
export function asUploadReadError(err: unknown): unknown {
  if (err instanceof AppError || (err as { statusCode?: unknown }).statusCode !== undefined) return err;
  return new AppError('MalformedRequest', 'The upload could not be read: the multipart body is malformed.');
}
