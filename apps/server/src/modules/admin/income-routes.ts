import {
  apiErrorSchema,
  commissionRateBodySchema,
  pageQuerySchema,
  partnerBalancePageSchema,
  partnerBalanceQuerySchema,
  partnerBalanceSchema,
  partnerIdParamsSchema,
  payoutIdParamsSchema,
  payoutPageSchema,
  payoutQuerySchema,
  payoutSchema,
  settlementRunPageSchema,
  settlementRunSchema,
} from '@portal/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { describeRoutes, routeGroup } from '../../plugins/route-groups.ts';

const doc = describeRoutes(['admin: income']);

/** The finance team's console: partners' balances and commission rates, settlement runs, payouts. Admins only. */
export const incomeConsoleRoutes = routeGroup(async (app, { income }) => {
  app.get(
    '/api/Admin/Income/Balances',
    doc(
      'listPartnerBalances',
      "Partners' income still to pay, being paid and paid, with their commission rates, most owed first",
      { querystring: partnerBalanceQuerySchema, response: { 200: partnerBalancePageSchema, 400: apiErrorSchema } },
    ),
    async (request) => income.balances(request.query),
  );

  app.put(
    '/api/Admin/Income/Commission/:partnerId',
    doc(
      'setCommissionRate',
      "Sets a partner's commission rate for the sales recorded from now on (null: the default again)",
      {
        params: partnerIdParamsSchema,
        body: commissionRateBodySchema,
        response: { 200: partnerBalanceSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    ),
    async (request) => income.setCommissionRate(request.params.partnerId, request.body, currentUser(request).id),
  );

  app.get(
    '/api/Admin/Settlement/Runs',
    doc('listSettlementRuns', 'Settlement runs, newest first, with what each paid, failed and left waiting', {
      querystring: pageQuerySchema,
      response: { 200: settlementRunPageSchema, 400: apiErrorSchema },
    }),
    async (request) => income.runs(request.query),
  );

  app.post(
    '/api/Admin/Settlement/Run',
    doc('runSettlement', 'Settles the latest payout day now, as the daily job does (safe to repeat)', {
      response: { 200: settlementRunSchema, 409: apiErrorSchema },
    }),
    async () => income.runSettlementNow(),
  );

  app.get(
    '/api/Admin/Settlement/Payouts',
    doc('listPayouts', 'Payouts to partners, newest payout day first, optionally in one state', {
      querystring: payoutQuerySchema,
      response: { 200: payoutPageSchema, 400: apiErrorSchema },
    }),
    async (request) => income.payouts(request.query),
  );

  app.post(
    '/api/Admin/Settlement/Payouts/:id/Retry',
    doc('retryPayout', 'Tries a failed payout again now (its idempotency key keeps it from paying twice)', {
      params: payoutIdParamsSchema,
      response: { 200: payoutSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    }),
    async (request) => income.retryPayout(request.params.id),
  );
});
