import type { FastifyInstance } from 'fastify';
import { incomeConsoleRoutes } from './income-routes.ts';
import { reviewConsoleRoutes } from './review-routes.ts';

/**
 * Every /api/Admin route: the review console with its review times, and the finance team's income console. Registered
 * behind `adminOnly`; the admin module stands above the modules whose services it calls.
 */
export async function adminRoutes(app: FastifyInstance) {
  await app.register(reviewConsoleRoutes);
  await app.register(incomeConsoleRoutes);
}
