import { partnerOverviewSchema } from '@portal/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { describeRoutes, routeGroup } from '../../plugins/route-groups.ts';

const doc = describeRoutes(['catalog']);

/** The top of My Projects for the signed-in partner. */
export const overviewRoutes = routeGroup(async (app, { overview }) => {
  app.get(
    '/api/Overview',
    doc(
      'getOverview',
      "The partner's items by status, what needs their action, and this month's income and next payout",
      { response: { 200: partnerOverviewSchema } },
    ),
    async (request) => overview.overview(currentUser(request).id),
  );
});
