import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  apiErrorSchema,
  commissionRateBodySchema,
  INCOME_EXPORT_FILE_NAME,
  type IncomePage,
  incomeExportQuerySchema,
  incomePageSchema,
  incomeQuerySchema,
  incomeSummarySchema,
  pageQuerySchema,
  partnerBalancePageSchema,
  partnerBalanceQuerySchema,
  partnerBalanceSchema,
  partnerIdParamsSchema,
  payoutCalendarSchema,
  payoutIdParamsSchema,
  payoutPageSchema,
  payoutQuerySchema,
  payoutSchema,
  saleRecordSchema,
  saleReportSchema,
  settlementRunPageSchema,
  settlementRunSchema,
  transactionParamsSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { bearerToken, currentUser } from '../../plugins/auth.ts';

const tags = ['income'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const digest = (value: string) => createHash('sha256').update(value).digest();

/** A partner's own sales (My Project Income). */
export async function incomeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const income = app.services.income;

  app.get(
    '/api/User/Income/Query',
    {
      schema: {
        tags,
        operationId: 'listIncome',
        summary: "The partner's sales with their fees, income and settlement, newest first (PageSize -1: every row)",
        querystring: incomeQuerySchema,
        response: { 200: incomePageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const partnerId = currentUser(request).id;
      if (request.query.PageSize !== -1) return income.query(partnerId, request.query);
      // every row: streamed as the database answers, never held whole
      const json = Readable.from(income.streamQuery(partnerId, request.query));
      return reply.type('application/json; charset=utf-8').send(json as unknown as IncomePage);
    },
  );

  app.get(
    '/api/User/Income/Summary',
    {
      schema: {
        tags,
        operationId: 'getIncomeSummary',
        summary: "The partner's income this month and last, what waits to be paid, what was paid, and by month",
        response: { 200: incomeSummarySchema, 401: apiErrorSchema },
      },
    },
    async (request) => income.summary(currentUser(request).id),
  );

  app.get(
    '/api/User/Income/Payouts',
    {
      schema: {
        tags,
        operationId: 'getPayoutCalendar',
        summary: "The partner's payout calendar: the coming payout days with their amounts, and the latest payouts",
        response: { 200: payoutCalendarSchema, 401: apiErrorSchema },
      },
    },
    async (request) => income.payoutCalendar(currentUser(request).id),
  );

  app.get(
    '/api/User/Income/Export.csv',
    {
      schema: {
        tags,
        operationId: 'downloadIncomeCsv',
        summary: 'Every sale the filters match as CSV for spreadsheets, newest first, streamed',
        querystring: incomeExportQuerySchema,
        response: { 200: z.string().describe('text/csv'), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const csv = Readable.from(income.exportCsv(currentUser(request).id, request.query));
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
}

/** The finance team's console: partners' balances and commission rates, settlement runs, payouts. Admins only. */
export async function incomeAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const income = app.services.income;
  const adminTags = ['admin: income'];

  app.get(
    '/api/Admin/Income/Balances',
    {
      schema: {
        tags: adminTags,
        operationId: 'listPartnerBalances',
        summary: "Partners' income still to pay, being paid and paid, with their commission rates, most owed first",
        querystring: partnerBalanceQuerySchema,
        response: { 200: partnerBalancePageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => income.balances(request.query),
  );

  app.put(
    '/api/Admin/Income/Commission/:partnerId',
    {
      schema: {
        tags: adminTags,
        operationId: 'setCommissionRate',
        summary: "Sets a partner's commission rate for the sales recorded from now on (null: the default again)",
        params: partnerIdParamsSchema,
        body: commissionRateBodySchema,
        response: { 200: partnerBalanceSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => income.setCommissionRate(request.params.partnerId, request.body, currentUser(request).id),
  );

  app.get(
    '/api/Admin/Settlement/Runs',
    {
      schema: {
        tags: adminTags,
        operationId: 'listSettlementRuns',
        summary: 'Settlement runs, newest first, with what each paid, failed and left waiting',
        querystring: pageQuerySchema,
        response: { 200: settlementRunPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => income.runs(request.query),
  );

  app.post(
    '/api/Admin/Settlement/Run',
    {
      schema: {
        tags: adminTags,
        operationId: 'runSettlement',
        summary: 'Settles the latest payout day now, as the daily job does (safe to repeat)',
        response: { 200: settlementRunSchema, 409: apiErrorSchema },
      },
    },
    async () => income.runSettlementNow(),
  );

  app.get(
    '/api/Admin/Settlement/Payouts',
    {
      schema: {
        tags: adminTags,
        operationId: 'listPayouts',
        summary: 'Payouts to partners, newest payout day first, optionally in one state',
        querystring: payoutQuerySchema,
        response: { 200: payoutPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => income.payouts(request.query),
  );

  app.post(
    '/api/Admin/Settlement/Payouts/:id/Retry',
    {
      schema: {
        tags: adminTags,
        operationId: 'retryPayout',
        summary: 'Tries a failed payout again now (its idempotency key keeps it from paying twice)',
        params: payoutIdParamsSchema,
        response: { 200: payoutSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => income.retryPayout(request.params.id),
  );
}

/**
 * The marketplace's side of income: it reports sales and voids those never paid for, with its service token.
 * Registered only when MARKETPLACE_TOKEN is set.
 */
export function marketplaceRoutes(token: string) {
  const expected = digest(token);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const income = app.services.income;
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
      {
        schema: {
          tags,
          operationId: 'recordSale',
          summary: "The marketplace reports a sale of a partner's game or 3D model (idempotent on transactionId)",
          body: saleReportSchema,
          response: { 200: saleRecordSchema, ...errors },
        },
      },
      async (request) => income.recordSale(request.body),
    );

    app.post(
      '/api/internal/Sales/:transactionId/Void',
      {
        schema: {
          tags,
          operationId: 'voidSale',
          summary: 'The marketplace marks an unsettled sale as never paid for (NonSettlement)',
          params: transactionParamsSchema,
          response: { 200: saleRecordSchema, ...errors },
        },
      },
      async (request) => income.voidSale(request.params.transactionId),
    );
  };
}
