import { partnerOverviewSchema } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';

/** The top of My Projects for the signed-in partner. */
export async function overviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const overview = app.services.overview;

  app.get(
    '/api/Overview',
    {
      schema: {
        tags: ['catalog'],
        operationId: 'getOverview',
        summary: "The partner's items by status, what needs their action, and this month's income and next payout",
        response: { 200: partnerOverviewSchema },
      },
    },
    async (request) => overview.overview(currentUser(request).id),
  );
}
