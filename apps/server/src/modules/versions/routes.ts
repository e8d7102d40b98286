import {
  addModelVersionBodySchema,
  addProductVersionBodySchema,
  apiErrorSchema,
  markMessagesReadBodySchema,
  modelVersionSchema,
  modelVersionsResponseSchema,
  productVersionSchema,
  productVersionsResponseSchema,
  reviewMessageBodySchema,
  reviewMessagesResponseSchema,
  reviewStandingParamsSchema,
  reviewStandingSchema,
  submitParamsSchema,
  submitVersionBodySchema,
  unreadMessagesResponseSchema,
  updateVersionBodySchema,
  versionIdParamsSchema,
} from '@portal/contracts';
import { sendSerialized } from '../../lib/serialized.ts';
import { currentStudio } from '../../plugins/auth.ts';
import { describeRoutes, errorResponses, routeGroup } from '../../plugins/route-groups.ts';
import type { ItemType } from './service.ts';

const errors = errorResponses(400, 403, 404, 409);

/** The version routes of one item type: /api/Product/... or /api/Model/... */
function versionRoutes(itemType: ItemType) {
  const base = itemType === 'Product' ? '/api/Product' : '/api/Model';
  const tags = [itemType === 'Product' ? 'versions: products' : 'versions: models'];
  const doc = describeRoutes(tags);
  const versionSchema = itemType === 'Product' ? productVersionSchema : modelVersionSchema;
  const versionsSchema = itemType === 'Product' ? productVersionsResponseSchema : modelVersionsResponseSchema;

  return routeGroup(async (app, { versions }) => {
    app.get(
      `${base}/Versions/:id`,
      doc(`list${itemType}Versions`, 'The testing version, the release version and the history of an item', {
        params: versionIdParamsSchema,
        response: { 200: versionsSchema, ...errors },
      }),
      async (request, reply) =>
        sendSerialized(
          reply,
          versionsSchema,
          await versions.listVersions(currentStudio(request).id, itemType, request.params.id),
        ),
    );

    if (itemType === 'Product') {
      app.post(
        `${base}/Version`,
        doc(`add${itemType}Version`, 'Add a version (the new testing version)', {
          body: addProductVersionBodySchema,
          response: { 200: versionSchema, ...errors },
        }),
        async (request) =>
          versions.addVersion(currentStudio(request).id, itemType, request.body.productId, request.body.productVersion),
      );
    } else {
      app.post(
        `${base}/Version`,
        doc(`add${itemType}Version`, 'Add a version (the new testing version)', {
          body: addModelVersionBodySchema,
          response: { 200: versionSchema, ...errors },
        }),
        async (request) =>
          versions.addVersion(currentStudio(request).id, itemType, request.body.modelId, request.body.modelVersion),
      );
    }

    app.get(
      `${base}/Version/:id`,
      doc(`get${itemType}Version`, 'One version of an item, with its builds and review state', {
        params: versionIdParamsSchema,
        response: { 200: versionSchema, ...errors },
      }),
      async (request) => versions.getVersion(currentStudio(request).id, itemType, request.params.id),
    );

    app.put(
      `${base}/Version/:id`,
      doc(
        `update${itemType}Version`,
        'Set the update log and builds; editing a version under review interrupts it (interruptReview)',
        { params: versionIdParamsSchema, body: updateVersionBodySchema, response: { 200: versionSchema, ...errors } },
      ),
      async (request) => versions.updateVersion(currentStudio(request).id, itemType, request.params.id, request.body),
    );

    app.put(
      `${base}/Version/Submit/:itemId/:versionId`,
      doc(
        `submit${itemType}Version`,
        'Submit the testing version for review, or resubmit a release prepared for submission',
        {
          description:
            'The live version stays on the marketplace during the review. With `releaseOnAcceptance` false the ' +
            'accepted version waits for Release; by default it goes live as soon as it is accepted.',
          params: submitParamsSchema,
          body: submitVersionBodySchema,
          response: { 200: versionSchema, ...errors },
        },
      ),
      async (request) =>
        versions.submitVersion(
          currentStudio(request).id,
          itemType,
          request.params.itemId,
          request.params.versionId,
          request.body?.releaseOnAcceptance ?? true,
        ),
    );

    app.put(
      `${base}/Version/Release/:id`,
      doc(`release${itemType}Version`, 'Put an accepted version that waits for its release on the marketplace', {
        params: versionIdParamsSchema,
        response: { 200: versionSchema, ...errors },
      }),
      async (request) => versions.releaseVersion(currentStudio(request).id, itemType, request.params.id),
    );

    app.put(
      `${base}/Version/TakeDown/:id`,
      doc(`takeDown${itemType}Version`, 'Take a released, active version off the marketplace', {
        params: versionIdParamsSchema,
        response: { 200: versionSchema, ...errors },
      }),
      async (request) => versions.takeDown(currentStudio(request).id, itemType, request.params.id),
    );

    app.get(
      `${base}/Version/Messages/:id`,
      doc(`list${itemType}VersionMessages`, 'The conversation with the reviewers about a version, oldest first', {
        params: versionIdParamsSchema,
        response: { 200: reviewMessagesResponseSchema, ...errors },
      }),
      async (request) => ({
        data: await versions.listMessages(currentStudio(request).id, itemType, request.params.id),
      }),
    );

    app.post(
      `${base}/Version/Messages/:id`,
      doc(`send${itemType}VersionMessage`, 'Write to the reviewers about a version; answers the whole conversation', {
        params: versionIdParamsSchema,
        body: reviewMessageBodySchema,
        response: { 200: reviewMessagesResponseSchema, ...errors },
      }),
      async (request) => ({
        data: await versions.postMessage(currentStudio(request).id, itemType, request.params.id, request.body.message),
      }),
    );

    app.put(
      `${base}/Version/Messages/Read/:id`,
      doc(
        `mark${itemType}VersionMessagesRead`,
        'Mark the conversation read up to a message the partner was shown; answers what is still unread',
        {
          params: versionIdParamsSchema,
          body: markMessagesReadBodySchema,
          response: { 200: unreadMessagesResponseSchema, ...errors },
        },
      ),
      async (request) => ({
        unreadMessageCount: await versions.markMessagesRead(
          currentStudio(request).id,
          itemType,
          request.params.id,
          request.body.lastMessageId,
        ),
      }),
    );
  });
}

export const productVersionRoutes = versionRoutes('Product');
export const modelVersionRoutes = versionRoutes('Model');

/** A partner's view of the review queue, for one of its versions. */
export const reviewStandingRoutes = routeGroup(async (app, { reviewTimes }) => {
  const doc = describeRoutes(['versions: review times']);
  app.get(
    '/api/ReviewTimes/Version/:versionId',
    doc(
      'getReviewStanding',
      "A version's place in the review queue and the median time to a decision over the last 30 days",
      {
        params: reviewStandingParamsSchema,
        response: { 200: reviewStandingSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    ),
    async (request) => reviewTimes.partnerStanding(currentStudio(request).id, request.params.versionId),
  );
});
