import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../lib/clock.ts';

/**
 * Tests only (`CLOCK_CONTROL=true`, refused in production): moves the placement clock forward by whole days and runs
 * the expiry job at the new time, so that a browser test sees a month pass. Hidden from the API document.
 */
export function clockControlRoutes(clock: Clock, afterAdvance: () => Promise<unknown>) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/testing/clock',
      { schema: { hide: true, body: z.strictObject({ advanceDays: z.number().int().min(1).max(400) }) } },
      async (request) => {
        clock.advance(request.body.advanceDays * 24 * 60 * 60 * 1000);
        await afterAdvance();
        return { now: clock.now().toISOString() };
      },
    );
  };
}
