import {
  analyticsItemQuerySchema,
  analyticsItemSchema,
  analyticsRangeQuerySchema,
  analyticsSummarySchema,
  itemIdParamsSchema,
} from '@portal/contracts';
import { currentStudio } from '../../plugins/auth.ts';
import { describeRoutes, errorResponses, routeGroup } from '../../plugins/route-groups.ts';

const doc = describeRoutes(['analytics']);
const errors = errorResponses(400, 401);
const itemErrors = errorResponses(400, 401, 404);

/** Play analytics: the studio's figures, from the daily rollups. */
export const analyticsRoutes = routeGroup(async (app, { analytics }) => {
  app.get(
    '/api/Analytics/Summary',
    doc(
      'getAnalyticsSummary',
      'Every played item of the studio with its public figures over a range of Hong Kong days (From, To: YYYY-MM-DD, both included), its stages\u2019 impressions and the totals; a player figure of fewer than ANALYTICS_MIN_PLAYERS players reads "< N"',
      { querystring: analyticsRangeQuerySchema, response: { 200: analyticsSummarySchema, ...errors } },
    ),
    async (request) => analytics.summary(currentStudio(request).id, request.query),
  );

  app.get(
    '/api/Analytics/Items/:id',
    doc(
      'getAnalyticsItem',
      "One game's public figures over a range of Hong Kong days: totals, a point a day, week or month (Granularity), retention by first-play cohort and each version's plays",
      {
        params: itemIdParamsSchema,
        querystring: analyticsItemQuerySchema,
        response: { 200: analyticsItemSchema, ...itemErrors },
      },
    ),
    async (request) => analytics.item(currentStudio(request).id, request.params.id, request.query),
  );
});
