import {
  apiErrorSchema,
  buildReportQuerySchema,
  buildReportResponseSchema,
  can,
  MAX_FILES_PER_REQUEST,
  storedFileParamsSchema,
  storedFileQuerySchema,
  UPLOAD_PATHS,
  type UploadedFile,
  uploadResponseSchema,
} from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { currentStudio, currentUser, optionalUser } from '../../plugins/auth.ts';
import { documentWildcardAs } from '../../plugins/openapi.ts';
import { describeRoutes, errorResponses, routeGroup } from '../../plugins/route-groups.ts';
import { acceptUploads, asUploadReadError } from '../../plugins/uploads.ts';
import { CONTENT_TYPES } from './detect.ts';
import { buildDisposition, type FileGrant, type TesterAccess } from './service.ts';

const tags = ['files'];
const doc = describeRoutes(tags);
const errors = errorResponses(400, 401, 413, 415, 422);
const storedFileContent = Object.fromEntries(
  Object.values(CONTENT_TYPES).map((type) => [type, { schema: z.string() }]),
);

/** The upload host: multipart uploads streamed to storage, and the reports of the builds it keeps. */
export const filesRoutes = (testers: TesterAccess) =>
  routeGroup(async (app, { files }) => {
    await acceptUploads(app, MAX_FILES_PER_REQUEST);

    async function receive(request: FastifyRequest, mode: 'single' | 'multiple' | 'detail'): Promise<UploadedFile[]> {
      const studio = currentStudio(request);
      const ownerId = studio.id;
      const results: UploadedFile[] = [];
      const parts = request.parts()[Symbol.asyncIterator]();
      try {
        for (;;) {
          const next = await parts.next().catch((err: unknown) => {
            throw asUploadReadError(err);
          });
          if (next.done) break;
          const part = next.value;
          if (part.type !== 'file') continue;
          if (mode === 'single' && results.length === 1) {
            part.file.resume();
            continue;
          }
          results.push(await files.storeUpload(part, ownerId, mode === 'detail' ? part.fieldname : part.filename));
        }
      } catch (err) {
        // one refused part refuses the request: the parts stored before it go too
        await files.discardUploads(ownerId, results);
        throw err;
      }
      if (results.length === 0) throw new AppError('FileMissing');
      // images are the store listing's; a build (a file without image variants) needs a role that ships builds
      if (!can(studio.role, 'builds') && results.some((result) => result.icon === null)) {
        await files.discardUploads(ownerId, results);
        throw new AppError('RoleNotAllowed');
      }
      return results;
    }

    const uploadRoute = (url: string, mode: 'single' | 'multiple' | 'detail', operationId: string, summary: string) =>
      app.post(
        url,
        {
          schema: {
            tags,
            operationId,
            summary,
            consumes: ['multipart/form-data'],
            response: { 200: uploadResponseSchema, ...errors },
          },
        },
        async (request) => receive(request, mode),
      );

    uploadRoute(
      UPLOAD_PATHS.single,
      'single',
      'uploadFile',
      'Upload one image (JPG/PNG ≤ 5 MB) or build (.ab/.glb ≤ 50 MB)',
    );
    uploadRoute(UPLOAD_PATHS.multiple, 'multiple', 'uploadFiles', `Upload up to ${MAX_FILES_PER_REQUEST} files`);
    uploadRoute(
      UPLOAD_PATHS.detail,
      'detail',
      'uploadNamedFiles',
      'Upload named files (e.g. avatar, coverThumbnailUrl); each result is named after its field',
    );

    app.get(
      '/FileUpload/Report',
      {
        // its studio's members whose role ships builds, admins and testers: the file host's own rule (mayReadBuild)
        config: { studioAccess: 'personal' },
        ...doc(
          'getBuildReport',
          'What inspecting an uploaded build found, and its file name (members of its studio whose role ships builds, admins and its whitelisted testers)',
          {
            querystring: buildReportQuerySchema,
            response: { 200: buildReportResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
          },
        ),
      },
      async (request) => files.buildReport(request.query.url, currentUser(request), testers),
    );
  });

/** Stored files: images are public, builds are read by the viewer their session names. */
export const fileDownloadRoutes = (testers: TesterAccess) =>
  routeGroup(async (app, { files }) => {
    app.get(
      '/files/*',
      {
        schema: {
          tags,
          operationId: 'downloadFile',
          summary:
            "A stored file. Images are public; builds only under a signed URL the API answered (the AR app's 3D models on stages, a live item's builds for a player) until it expires, or for members of their studio whose role ships builds, admins and whitelisted testers of a testing version. With S3 and BUILD_DOWNLOADS=redirect a build answers 302 to a signed URL of the store, valid 5 minutes.",
          params: storedFileParamsSchema,
          querystring: storedFileQuerySchema,
          response: {
            200: { description: 'The stored bytes, with the type sniffed on upload', content: storedFileContent },
            400: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
        config: {
          swaggerTransform: documentWildcardAs(
            'key',
            "The stored file's key, the rest of a file URL the API answers (`/files/{key}`); its slash may be sent percent-encoded",
          ),
        },
      },
      async (request, reply: FastifyReply) => {
        const viewer = await optionalUser(app, request);
        const file = await files.openFile(
          (request.params as { '*': string })['*'],
          viewer,
          testers,
          request.query as FileGrant,
        );
        // a build on S3 with BUILD_DOWNLOADS=redirect: the store sends the bytes, under a URL that soon expires
        if ('redirect' in file) return reply.header('cache-control', 'no-store').redirect(file.redirect, 302);
        const { row, body, size } = file;
        if (row.kind === 'build') {
          reply.header('content-disposition', buildDisposition(row.originalName));
          reply.header('cache-control', 'private, max-age=0');
        } else {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
        return reply.type(row.contentType).header('content-length', size).send(body);
      },
    );
  });
