import {
  apiErrorSchema,
  assetPageSchema,
  assetQuerySchema,
  assetSchema,
  carouselBodySchema,
  carouselUpdateBodySchema,
  nearbyQuerySchema,
  nearbyResponseSchema,
  stageBodySchema,
  stagePageSchema,
  stageParamsSchema,
  stageQuerySchema,
  stageSchema,
  verticalCarouselSchema,
} from '@portal/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { currentStudio } from '../../plugins/auth.ts';
import { describeRoutes, errorResponses, routeGroup } from '../../plugins/route-groups.ts';
import { acceptUploads, asUploadReadError } from '../../plugins/uploads.ts';
import { createNearbySerializer } from './nearby-serializer.ts';

const arAppDoc = describeRoutes(['stages: AR app']);

const tags = ['stages'];
const doc = describeRoutes(tags);
const errors = errorResponses(400, 401, 403, 404);

/** The partner's VPS stages, their vertical carousels, and the assets they can place (SPEC §7 "Stage"). */
export const stageRoutes = routeGroup(async (app, { stages }) => {
  app.get(
    '/api/Stage/Query',
    doc('listStages', "The partner's stages, most recently changed first", {
      querystring: stageQuerySchema,
      response: { 200: stagePageSchema, 400: apiErrorSchema },
    }),
    async (request) => stages.query(currentStudio(request).id, request.query),
  );

  app.get(
    '/api/Stage/:id',
    doc('getStage', 'One stage of the partner, with its contents and vertical carousels', {
      params: stageParamsSchema,
      response: { 200: stageSchema, ...errors },
    }),
    async (request) => stages.get(currentStudio(request).id, request.params.id),
  );

  app.post(
    '/api/Stage',
    doc('createStage', 'Creates a draft stage: its place, anchor and contents', {
      body: stageBodySchema,
      response: { 200: stageSchema, ...errors },
    }),
    async (request) => stages.create(currentStudio(request).id, request.body),
  );

  app.put(
    '/api/Stage/:id',
    doc('updateStage', "Replaces a stage's place, anchor and contents", {
      params: stageParamsSchema,
      body: stageBodySchema,
      response: { 200: stageSchema, ...errors },
    }),
    async (request) => stages.update(currentStudio(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/Stage/:id',
    doc('deleteStage', 'Deletes a stage and its vertical carousels (a published one leaves the AR app at once)', {
      params: stageParamsSchema,
      response: { 204: z.null(), ...errors },
    }),
    async (request, reply) => {
      await stages.remove(currentStudio(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/Stage/Publish/:id',
    doc('publishStage', 'Publishes a draft or expired stage for one month; needs a bought month covering now', {
      params: stageParamsSchema,
      response: { 200: stageSchema, 409: apiErrorSchema, ...errors },
    }),
    async (request) => stages.publish(currentStudio(request).id, request.params.id),
  );

  app.post(
    '/api/Stage/VerticalCarousel',
    doc('addVerticalCarousel', 'Adds a vertical carousel of images to a stage', {
      body: carouselBodySchema,
      response: { 200: verticalCarouselSchema, ...errors },
    }),
    async (request) => stages.addCarousel(currentStudio(request).id, request.body),
  );

  app.put(
    '/api/Stage/VerticalCarousel/:id',
    doc('updateVerticalCarousel', "Replaces a vertical carousel's images and placement", {
      params: stageParamsSchema,
      body: carouselUpdateBodySchema,
      response: { 200: verticalCarouselSchema, ...errors },
    }),
    async (request) => stages.updateCarousel(currentStudio(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/Stage/VerticalCarousel/:id',
    doc('deleteVerticalCarousel', 'Removes a vertical carousel from its stage', {
      params: stageParamsSchema,
      response: { 204: z.null(), ...errors },
    }),
    async (request, reply) => {
      await stages.removeCarousel(currentStudio(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/Asset/Query',
    doc(
      'listAssets',
      'What the partner can place: their released 3D models, and images and videos uploaded for stages',
      { querystring: assetQuerySchema, response: { 200: assetPageSchema, 400: apiErrorSchema } },
    ),
    async (request) => stages.listAssets(currentStudio(request).id, request.query),
  );

  await app.register(async (uploads) => {
    await acceptUploads(uploads, 1);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/Stage/Media',
      {
        schema: {
          tags,
          operationId: 'uploadStageMedia',
          summary: 'Uploads one image (JPG/PNG ≤ 5 MB) or video (MP4/WebM ≤ 50 MB) to place on stages',
          consumes: ['multipart/form-data'],
          response: { 200: assetSchema, 413: apiErrorSchema, 415: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        const ownerId = currentStudio(request).id;
        const part = await request.file().catch((err: unknown) => {
          throw asUploadReadError(err);
        });
        if (!part) throw new AppError('FileMissing');
        return stages.uploadMedia(ownerId, part);
      },
    );
  });
});

/**
 * Who is told which stages the AR app was shown: play analytics (a module above this one, handed over by routes.ts),
 * which counts them as impressions. It only queues.
 */
export interface StageImpressions {
  recordImpressions(stages: ReadonlyArray<{ id: string }>, address: string): void;
}

/** The game API host's read of live stages around a place, for the AR app; public like the marketplace. */
export const nearbyStageRoutes = (impressions: StageImpressions) =>
  routeGroup(async (app, { stages }) => {
    const answers = createNearbySerializer({ checkContract: !app.config.isProduction });
    app.get(
      `${app.config.gameRoutesPrefix}/api/Stage/Nearby`,
      arAppDoc(
        'listNearbyStages',
        'Published, unexpired stages within a radius (metres) of a place, nearest first, with their content',
        { security: [], querystring: nearbyQuerySchema, response: { 200: nearbyResponseSchema, 400: apiErrorSchema } },
      ),
      async (request, reply) => {
        const found = await stages.nearby(request.query);
        impressions.recordImpressions(found, request.ip);
        return answers.send(reply, found);
      },
    );
  });
