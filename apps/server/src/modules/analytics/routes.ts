import { PassThrough, Readable } from 'node:stream';
import {
  ANALYTICS_LIVE_EVERY_MS,
  analyticsExportQuerySchema,
  analyticsItemQuerySchema,
  analyticsItemSchema,
  analyticsRangeQuerySchema,
  analyticsStageSchema,
  analyticsSummarySchema,
  apiErrorSchema,
  itemIdParamsSchema,
  stageParamsSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { sendSerialized } from '../../lib/serialized.ts';
import { currentStudio, stillInStudio } from '../../plugins/auth.ts';
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
    // a kept answer's bytes are written once, then sent as they are
    async (request, reply) =>
      sendSerialized(reply, analyticsSummarySchema, await analytics.summary(currentStudio(request).id, request.query)),
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
    async (request, reply) =>
      sendSerialized(
        reply,
        analyticsItemSchema,
        await analytics.item(currentStudio(request).id, request.params.id, request.query),
      ),
  );

  app.get(
    '/api/Analytics/Stages/:id',
    doc(
      'getAnalyticsStage',
      "One stage's impressions in the AR app's nearby answers over a range of Hong Kong days, a point a day with its unique viewers",
      {
        params: stageParamsSchema,
        querystring: analyticsRangeQuerySchema,
        response: { 200: analyticsStageSchema, ...itemErrors },
      },
    ),
    async (request) => analytics.stage(currentStudio(request).id, request.params.id, request.query),
  );

  app.get(
    '/api/Analytics/Export.csv',
    {
      ...doc(
        'downloadAnalyticsCsv',
        'The public figures as CSV, a row per game and Hong Kong day played (every game of the studio, or ItemId\u2019s), "< N" as the API has it',
        {
          querystring: analyticsExportQuerySchema,
          response: {
            200: z.string().describe('text/csv'),
            400: apiErrorSchema,
            401: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      ),
      // an export hands the studio's figures out: it is recorded in the audit log
      config: { audited: true },
    },
    async (request, reply) => {
      const lines = await analytics.exportCsv(currentStudio(request).id, request.query);
      const name = `play-analytics-${request.query.From}-to-${request.query.To}.csv`;
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          // the document describes the CSV as a string; Fastify sends the stream as it comes
          .send(Readable.from(lines) as unknown as string)
      );
    },
  );

  app.get(
    '/api/Analytics/Live',
    {
      ...doc(
        'getAnalyticsLive',
        'Server-Sent Events: every ANALYTICS_LIVE_EVERY_MS (5 s), `event: live` with the studio\u2019s players in games on the game host now, per game, counted across every node (members and testers left out). The stream ends when the session ends or the caller leaves the studio.',
        { response: { 200: z.string().describe('text/event-stream'), 401: apiErrorSchema } },
      ),
      // each message goes out as it is written, never held back to be compressed
      compress: false,
    },
    async (request, reply) => {
      const studio = currentStudio(request);
      const stream = new PassThrough();
      let timer: NodeJS.Timeout | undefined;
      const stop = () => {
        clearInterval(timer);
        if (!stream.writableEnded) stream.end();
      };
      const tell = async () => {
        if (!(await stillInStudio(app, request, 'items.read'))) return stop();
        const counts = await analytics.liveCounts(studio.id);
        if (!stream.writableEnded) stream.write(`event: live\ndata: ${JSON.stringify(counts)}\n\n`);
      };
      const tick = () =>
        void tell().catch((err: unknown) => request.log.warn({ err }, 'the live player count could not be told'));
      request.raw.on('close', stop);
      timer = setInterval(tick, ANALYTICS_LIVE_EVERY_MS);
      tick();
      return (
        reply
          .type('text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          // a proxy in front passes each message on as it comes
          .header('x-accel-buffering', 'no')
          .send(stream as unknown as string)
      );
    },
  );
});
