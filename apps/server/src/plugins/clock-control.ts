import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../lib/clock.ts';

/** The jobs a browser test runs now rather than wait for their schedule. */
export interface ControlledJobs {
  /** The stage expiry job, run at the clock's new time after it moves. */
  afterAdvance: () => Promise<unknown>;
  /** The play analytics rollup, which the job engine runs each minute. */
  rollUpAnalytics: () => Promise<unknown>;
}

/**
 * Tests only (`CLOCK_CONTROL=true`, refused in production): moves the placement clock forward by whole days and runs
 * the expiry job at the new time, so that a browser test sees a month pass; runs the minute's analytics rollup now,
 * so that it sees today's figures without waiting for the minute. Hidden from the API document.
 */
export function clockControlRoutes(clock: Clock, { afterAdvance, rollUpAnalytics }: ControlledJobs) {
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
    app.post('/testing/analytics/rollup', { schema: { hide: true } }, async () => {
      await rollUpAnalytics();
      return { rolledUp: true };
    });
  };
}
