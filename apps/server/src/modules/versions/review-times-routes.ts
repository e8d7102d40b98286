import { apiErrorSchema, reviewStandingParamsSchema, reviewStandingSchema } from '@portal/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { describeRoutes, routeGroup } from '../../plugins/route-groups.ts';

const doc = describeRoutes(['versions: review times']);

/** A partner's view of the queue, for one of its versions. */
export const reviewStandingRoutes = routeGroup(async (app, { reviewTimes }) => {
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
    async (request) => reviewTimes.partnerStanding(currentUser(request).id, request.params.versionId),
  );
});
