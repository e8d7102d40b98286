import {
  LUMORA_REVIEW_ACTOR,
  modelVersionSchema,
  productVersionSchema,
  reasonBodySchema,
  reviewMessageBodySchema,
  reviewMessagesResponseSchema,
  reviewQueueQuerySchema,
  reviewQueueResponseSchema,
  reviewTimesSchema,
  versionIdParamsSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { sendSerialized } from '../../lib/serialized.ts';
import { recordChanges } from '../../plugins/audit-trail.ts';
import { currentUser } from '../../plugins/auth.ts';
import { describeRoutes, errorResponses, routeGroup } from '../../plugins/route-groups.ts';

const doc = describeRoutes(['admin']);
const versionSchema = z.union([productVersionSchema, modelVersionSchema]);
const errors = errorResponses(400, 401, 403, 404, 409);

/** The review console's API and its figures, for accounts with the Admin role only. */
export const reviewConsoleRoutes = routeGroup(async (app, { versions, reviewTimes, stages, audit }) => {
  // what a reviewer does to a version is in its studio's audit log, as "Lumora review" (never the reviewer's name, nor
  // the platform's own address: it is not the partner's to keep)
  recordChanges(app, {
    record: (entry) => audit.record({ ...entry, actorName: LUMORA_REVIEW_ACTOR }),
    declare: audit.declareAction,
    whose: async (request) => {
      const versionId = (request.params as { id?: unknown } | undefined)?.id;
      const studioId = typeof versionId === 'string' ? await versions.studioOfVersion(versionId) : undefined;
      return studioId ? { studioId, actorId: null, ip: '' } : undefined;
    },
  });

  app.get(
    '/api/Admin/Review/Query',
    doc('listReviewQueue', 'Versions waiting for or under review, oldest submission first, a page at a time', {
      querystring: reviewQueueQuerySchema,
      response: { 200: reviewQueueResponseSchema, ...errors },
    }),
    async (request, reply) =>
      sendSerialized(reply, reviewQueueResponseSchema, await versions.reviewQueue(request.query)),
  );

  app.get(
    '/api/Admin/Releases/Query',
    doc('listLiveReleases', 'Released, active versions (what can be taken down), newest first, a page at a time', {
      querystring: reviewQueueQuerySchema,
      response: { 200: reviewQueueResponseSchema, ...errors },
    }),
    async (request, reply) =>
      sendSerialized(reply, reviewQueueResponseSchema, await versions.liveReleases(request.query)),
  );

  app.put(
    '/api/Admin/Review/Start/:id',
    doc('startReview', 'Start reviewing a submitted version', {
      params: versionIdParamsSchema,
      response: { 200: versionSchema, ...errors },
    }),
    async (request) => versions.startReview(currentUser(request).id, request.params.id),
  );

  app.put(
    '/api/Admin/Review/Accept/:id',
    doc('acceptVersion', 'Accept a version under review: it is released', {
      params: versionIdParamsSchema,
      response: { 200: versionSchema, ...errors },
    }),
    async (request) => versions.acceptVersion(currentUser(request).id, request.params.id),
  );

  app.put(
    '/api/Admin/Review/Reject/:id',
    doc('rejectVersion', 'Reject a version under review; the partner sees the reason', {
      params: versionIdParamsSchema,
      body: reasonBodySchema,
      response: { 200: versionSchema, ...errors },
    }),
    async (request) => versions.rejectVersion(currentUser(request).id, request.params.id, request.body.reason),
  );

  app.put(
    '/api/Admin/TakeDown/:id',
    doc(
      'takeDownRelease',
      'Take a live version down; the partner sees the reason. A 3D model leaves every stage that places it (its partner is mailed).',
      {
        params: versionIdParamsSchema,
        body: reasonBodySchema,
        response: { 200: versionSchema, ...errors },
      },
    ),
    async (request) => {
      const { version, itemType, itemId } = await versions.adminTakeDown(request.params.id, request.body.reason);
      // a 3D model taken down leaves the stages that place it, at once (each stage's partner is mailed)
      if (itemType === 'Model') await stages.withdrawModel(itemId);
      return version;
    },
  );

  app.get(
    '/api/Admin/Review/Messages/:id',
    doc('listReviewMessages', "A version's conversation with its partner, oldest first", {
      params: versionIdParamsSchema,
      response: { 200: reviewMessagesResponseSchema, ...errors },
    }),
    async (request) => ({ data: await versions.adminListMessages(currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/api/Admin/Review/Messages/:id',
    doc('sendReviewMessage', 'Write to the partner about a version (mailed to them); answers the whole conversation', {
      params: versionIdParamsSchema,
      body: reviewMessageBodySchema,
      response: { 200: reviewMessagesResponseSchema, ...errors },
    }),
    async (request) => ({
      data: await versions.adminPostMessage(currentUser(request).id, request.params.id, request.body.message),
    }),
  );

  app.get(
    '/api/Admin/ReviewTimes',
    doc(
      'getReviewTimes',
      'Median time to a decision over the last 30 days, overall and per reviewer, and the oldest waiting',
      { response: { 200: reviewTimesSchema } },
    ),
    async () => reviewTimes.figures(),
  );
});
