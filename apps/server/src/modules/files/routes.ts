import multipart from '@fastify/multipart';
import {
  apiErrorSchema,
  BUILD_MAX_BYTES,
  buildReportQuerySchema,
  buildReportSchema,
  MAX_FILES_PER_REQUEST,
  storedFileParamsSchema,
  type UploadedFile,
  uploadResponseSchema,
} from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { currentUser, optionalUser } from '../../plugins/auth.ts';

const tags = ['files'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };

/** The upload host: multipart uploads streamed to storage, and the files it serves. */
export async function filesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const files = app.services.files;

  await app.register(multipart, {
    // keep the name as sent, so that a name reaching for other directories is refused rather than trimmed
    preservePath: true,
    limits: {
      fileSize: BUILD_MAX_BYTES + 1,
      files: MAX_FILES_PER_REQUEST,
      fields: 20,
      parts: MAX_FILES_PER_REQUEST + 20,
      headerPairs: 100,
    },
  });

  // A refused upload may still be streaming in: answer now and close the connection instead of reading it all.
  app.addHook('onError', async (_request, reply, error) => {
    const status =
      (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode;
    if (status === 413 || status === 415) reply.header('connection', 'close');
  });

  async function receive(request: FastifyRequest, mode: 'single' | 'multiple' | 'detail'): Promise<UploadedFile[]> {
    const ownerId = currentUser(request).id;
    const results: UploadedFile[] = [];
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (mode === 'single' && results.length === 1) {
        part.file.resume();
        continue;
      }
      results.push(await files.storeUpload(part, ownerId, mode === 'detail' ? part.fieldname : part.filename));
    }
    if (results.length === 0) throw new AppError('FileMissing');
    return results;
  }

  const uploadRoute = (url: string, mode: 'single' | 'multiple' | 'detail', summary: string) =>
    app.post(
      url,
      {
        schema: {
          tags,
          summary,
          consumes: ['multipart/form-data'],
          response: { 200: uploadResponseSchema, ...errors },
        },
      },
      async (request) => receive(request, mode),
    );

  uploadRoute('/FileUpload/Single/Query', 'single', 'Upload one image (JPG/PNG ≤ 5 MB) or build (.ab/.glb ≤ 50 MB)');
  uploadRoute('/FileUpload/Multiple/Query', 'multiple', `Upload up to ${MAX_FILES_PER_REQUEST} files`);
  uploadRoute(
    '/FileUpload/Multiple/Detail/Query',
    'detail',
    'Upload named files (e.g. avatar, coverThumbnailUrl); each result is named after its field',
  );

  app.get(
    '/FileUpload/Report',
    {
      schema: {
        tags,
        summary: 'What inspecting an uploaded build found (its owner and admins only)',
        querystring: buildReportQuerySchema,
        response: { 200: buildReportSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => files.buildReport(request.query.url, currentUser(request)),
  );
}

/** Stored files: images are public, builds are read by the viewer their session names. */
export async function fileDownloadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const files = app.services.files;

  app.get(
    '/files/*',
    {
      schema: {
        tags,
        summary:
          'A stored file. Images are public; builds only for their owner, admins and whitelisted testers of a testing version.',
        params: storedFileParamsSchema,
      },
    },
    async (request, reply: FastifyReply) => {
      const { row, url, body, size } = await files.openFile((request.params as { '*': string })['*']);
      if (row.kind === 'build') {
        const viewer = await optionalUser(app, request);
        const mayRead =
          viewer !== undefined &&
          (viewer.id === row.ownerId ||
            viewer.role === 'Admin' ||
            (await app.services.testers.canInstall(viewer.id, row.ownerId, url)));
        if (!mayRead) {
          body.destroy();
          throw new AppError('FileNotFound');
        }
        reply.header('content-disposition', `attachment; filename="${row.originalName.replaceAll('"', '')}"`);
        reply.header('cache-control', 'private, max-age=0');
      } else {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
      return reply
        .type(row.contentType)
        .header('content-length', size)
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
}
