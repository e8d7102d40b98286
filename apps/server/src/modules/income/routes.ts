import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  apiErrorSchema,
  incomeExportQuerySchema,
  incomePageSchema,
  incomeQuerySchema,
  saleRecordSchema,
  saleReportSchema,
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
    async (request) => income.query(currentUser(request).id, request.query),
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
          .header('content-disposition', 'attachment; filename="income.csv"')
          .header('cache-control', 'no-store')
          // the document describes the CSV as a string; Fastify sends the stream as it comes
          .send(csv as unknown as string)
      );
    },
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
