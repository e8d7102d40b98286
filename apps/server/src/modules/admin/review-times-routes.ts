import { reviewTimesSchema } from '@portal/contracts';
import { describeRoutes, routeGroup } from '../../plugins/route-groups.ts';

const doc = describeRoutes(['admin']);

/** The review console's figures, for admins. */
export const reviewTimesConsoleRoutes = routeGroup(async (app, { reviewTimes }) => {
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
