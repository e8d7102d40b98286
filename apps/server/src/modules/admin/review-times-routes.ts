import { reviewTimesSchema } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The review console's figures, for admins. */
export async function reviewTimesConsoleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const reviewTimes = app.services.reviewTimes;

  app.get(
    '/api/Admin/ReviewTimes',
    {
      schema: {
        tags: ['admin'],
        operationId: 'getReviewTimes',
        summary: 'Median time to a decision over the last 30 days, overall and per reviewer, and the oldest waiting',
        response: { 200: reviewTimesSchema },
      },
    },
    async () => reviewTimes.figures(),
  );
}
