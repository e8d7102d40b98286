import { partnerOverviewSchema } from '@portal/contracts';
import { currentStudio } from '../../plugins/auth.ts';
import { describeRoutes, routeGroup } from '../../plugins/route-groups.ts';

const doc = describeRoutes(['catalog']);

/** The top of My Projects for the signed-in partner. */
export const overviewRoutes = routeGroup(async (app, { overview }) => {
  app.get(
    '/api/Overview',
    doc(
      'getOverview',
      "The studio's items by status, what needs action (for roles that change versions), and this month's income and next payout (for roles that read income)",
      { response: { 200: partnerOverviewSchema } },
    ),
    async (request) => {
      const studio = currentStudio(request);
      return overview.overview(studio.id, studio.role);
    },
  );
});
