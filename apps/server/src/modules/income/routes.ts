import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  apiErrorSchema,
  INCOME_EXPORT_FILE_NAME,
  type IncomePage,
  incomeExportQuerySchema,
  incomePageSchema,
  incomeQuerySchema,
  incomeSummarySchema,
  payoutCalendarSchema,
  saleRecordSchema,
  saleReportSchema,
  transactionParamsSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { bearerToken, currentStudio, currentUser } from '../../plugins/auth.ts';
import { describeRoutes, errorResponses, routeGroup } from '../../plugins/route-groups.ts';

const doc = describeRoutes(['income']);
const errors = errorResponses(400, 401, 404, 409);
const digest = (value: string) => createHash('sha256').update(value).digest();

/** A partner's own sales (My Project Income). */
export const incomeRoutes = routeGroup(async (app, { income, access }) => {
  app.get(
    '/api/User/Income/Query',
    doc(
      'listIncome',
      "The partner's sales with their fees, income and settlement, newest first (PageSize -1: every row)",
      { querystring: incomeQuerySchema, response: { 200: incomePageSchema, 400: apiErrorSchema, 401: apiErrorSchema } },
    ),
    async (request, reply) => {
      const partnerId = currentStudio(request).id;
      if (request.query.PageSize !== -1) return income.query(partnerId, request.query);
      // every row: streamed as the database answers, never held whole
      const json = Readable.from(income.streamQuery(partnerId, request.query));
      return reply.type('application/json; charset=utf-8').send(json as unknown as IncomePage);
    },
  );

  app.get(
    '/api/User/Income/Summary',
    doc(
      'getIncomeSummary',
      "The partner's income this month and last, what waits to be paid, what was paid, and by month",
      { response: { 200: incomeSummarySchema, 401: apiErrorSchema } },
    ),
    async (request) => income.summary(currentStudio(request).id),
  );

  app.get(
    '/api/User/Income/Payouts',
    doc(
      'getPayoutCalendar',
      "The partner's payout calendar: the coming payout days with their amounts, and the latest payouts",
      { response: { 200: payoutCalendarSchema, 401: apiErrorSchema } },
    ),
    async (request) => income.payoutCalendar(currentStudio(request).id),
  );

  app.get(
    '/api/User/Income/Export.csv',
    {
      ...doc('downloadIncomeCsv', 'Every sale the filters match as CSV for spreadsheets, newest first, streamed', {
        querystring: incomeExportQuerySchema,
        response: { 200: z.string().describe('text/csv'), 400: apiErrorSchema, 401: apiErrorSchema },
      }),
      // an export hands the studio's sales out: the audit log records it
      config: { audited: true },
    },
    async (request, reply) => {
      await access.requireFreshSecondFactor(currentUser(request));
      const csv = Readable.from(income.exportCsv(currentStudio(request).id, request.query));
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${INCOME_EXPORT_FILE_NAME}"`)
          .header('cache-control', 'no-store')
          // the document describes the CSV as a string; Fastify sends the stream as it comes
          .send(csv as unknown as string)
      );
    },
  );
});

/**
 * The marketplace's side of income: it reports sales and voids those never paid for, with its service token.
 * Registered only when MARKETPLACE_TOKEN is set.
 */
export function marketplaceRoutes(token: string) {
  const expected = digest(token);
  return routeGroup(async (app, { income }) => {
    app.addHook('onRoute', (route) => {
      if (route.schema) route.schema = { ...route.schema, security: [{ marketplace: [] }] };
    });
    // before the body is read: an unauthenticated caller learns nothing of the schema
    app.addHook('onRequest', async (request) => {
      const presented = bearerToken(request.headers.authorization);
      if (!presented || !timingSafeEqual(digest(presented), expected)) throw new AppError('Unauthorized');
    });

    app.post(
      '/api/internal/Sales',
      doc(
        'recordSale',
        "The marketplace reports a sale of a partner's game or 3D model (idempotent on transactionId)",
        { body: saleReportSchema, response: { 200: saleRecordSchema, ...errors } },
      ),
      async (request) => income.recordSale(request.body),
    );

    app.post(
      '/api/internal/Sales/:transactionId/Void',
      doc('voidSale', 'The marketplace marks an unsettled sale as never paid for (NonSettlement)', {
        params: transactionParamsSchema,
        response: { 200: saleRecordSchema, ...errors },
      }),
      async (request) => income.voidSale(request.params.transactionId),
    );
  });
}
