import {
  apiErrorSchema,
  CONNECT_LINK_VALIDITY_TEXT,
  confirmCheckoutBodySchema,
  confirmConnectBodySchema,
  connectUrlsResponseSchema,
  dashboardLinkSchema,
  expressStartQuerySchema,
  payoutAccountSchema,
  profileSchema,
  purchaseBodySchema,
  purchaseResponseSchema,
  sendConnectEmailBodySchema,
  subscriptionPageSchema,
  subscriptionQuerySchema,
  subscriptionRecordSchema,
  subscriptionStatusSchema,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { currentStudio, currentUser } from '../../plugins/auth.ts';
import { describeRoutes, errorResponses, routeGroup } from '../../plugins/route-groups.ts';
import type { ProviderEvent } from './provider.ts';
import { parseStripeWebhook } from './stripe-provider.ts';

const subscriptionDoc = describeRoutes(['payments: subscriptions']);

const tags = ['payments'];
const doc = describeRoutes(tags);
const errors = errorResponses(400, 404, 409, 502, 503);

export const paymentsRoutes = routeGroup(async (app, { payments, access }) => {
  /** A change of the payout account needs a fresh second factor, where the account has one. */
  const freshSecondFactor = (request: FastifyRequest) => access.requireFreshSecondFactor(currentUser(request));

  app.get(
    '/api/Stripe/Connect/Url',
    doc(
      'listStripeConnectUrls',
      'Connect URLs (Standard and Express), each bound to the signed-in partner for an hour',
      { response: { 200: connectUrlsResponseSchema, 503: apiErrorSchema } },
    ),
    async (request) => {
      await freshSecondFactor(request);
      return payments.listConnectUrls(currentStudio(request).id, currentUser(request).email);
    },
  );

  app.post(
    '/api/Stripe/Connect/Confirm',
    doc('confirmStripeConnect', 'Finish a connection with the code Stripe sent back; answers the updated profile', {
      body: confirmConnectBodySchema,
      response: { 200: profileSchema, ...errors },
    }),
    async (request) => {
      const userId = currentStudio(request).id;
      await freshSecondFactor(request);
      await payments.confirmConnection(userId, request.body);
      return app.services.profiles.get(userId);
    },
  );

  app.post(
    '/api/Stripe/Connect/SendEmail',
    {
      schema: {
        tags,
        operationId: 'sendStripeConnectEmail',
        summary: `Mail a connection link (valid ${CONNECT_LINK_VALIDITY_TEXT}) to an address`,
        body: sendConnectEmailBodySchema,
        response: { 200: z.object({ sent: z.literal(true) }), ...errors, 429: apiErrorSchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: (request) => currentStudio(request).id } },
    },
    async (request) => {
      const user = currentUser(request);
      await freshSecondFactor(request);
      await payments.sendConnectEmail(
        currentStudio(request).id,
        user.email,
        request.body.email,
        request.body.accountType,
      );
      return { sent: true as const };
    },
  );

  app.get(
    '/api/Stripe/Connect/Account',
    {
      // whether the studio can sell is every member's to see; changing the account is the owner's
      ...doc('getPayoutAccount', "The partner's payout account", { response: { 200: payoutAccountSchema } }),
      config: { studioAccess: 'items.read' },
    },
    async (request) => payments.getPayoutAccount(currentStudio(request).id),
  );

  app.get(
    '/api/Stripe/Connect/Dashboard',
    doc('getStripeDashboardUrl', "A link to the partner's Stripe dashboard (Express: a fresh login link)", {
      response: { 200: dashboardLinkSchema, ...errors },
    }),
    async (request) => {
      // the dashboard is where a payout account is disconnected
      await freshSecondFactor(request);
      return { url: await payments.getDashboardUrl(currentStudio(request).id) };
    },
  );
});

/** The start of Express onboarding, reached from a mailed or shared connect link: the state is the credential. */
export const expressOnboardingRoutes = routeGroup(async (app, { payments }) => {
  app.get(
    '/stripe/connect/express',
    {
      schema: {
        // A page a browser opens from a connect URL, not a call a client makes: it answers nothing but a redirect to
        // Stripe, so it stays out of the API document, like the sandbox's pages.
        hide: true,
        summary: 'Starts Stripe Express onboarding for a connect URL (redirects to Stripe)',
        querystring: expressStartQuerySchema,
      },
    },
    async (request, reply) => reply.redirect(await payments.startExpressOnboarding(request.query.state), 303),
  );
});

/** A month of AR placement: buying it, the return page's question, the partner's purchases (SPEC §7). */
export const subscriptionRoutes = routeGroup(async (app, { subscriptions }) => {
  app.post(
    '/api/Subscription/Purchase/Stripe',
    subscriptionDoc(
      'startSubscriptionPurchase',
      'Buys a month of AR placement: the checkout URL to send the partner to (a free month at once)',
      { body: purchaseBodySchema, response: { 200: purchaseResponseSchema, ...errors } },
    ),
    async (request) =>
      subscriptions.purchase({ id: currentStudio(request).id, email: currentUser(request).email }, request.body),
  );

  app.post(
    '/api/Subscription/Confirm',
    subscriptionDoc(
      'confirmSubscriptionCheckout',
      "How the partner's checkout ended, asked of the payment provider (the return pages call it)",
      { body: confirmCheckoutBodySchema, response: { 200: subscriptionRecordSchema, ...errors } },
    ),
    async (request) => subscriptions.confirm(currentStudio(request).id, request.body),
  );

  app.get(
    '/api/Subscription/Query',
    subscriptionDoc(
      'listSubscriptions',
      "The partner's purchases of AR placement, newest first, filtered by payment status and creation date",
      { querystring: subscriptionQuerySchema, response: { 200: subscriptionPageSchema, 400: apiErrorSchema } },
    ),
    async (request) => subscriptions.query(currentStudio(request).id, request.query),
  );

  app.get(
    '/api/Subscription/Status',
    {
      // whether stages can be published is every member's to see; buying months is Finance's
      ...subscriptionDoc(
        'getSubscriptionStatus',
        'Whether a bought month covers now, and until when the bought months run',
        { response: { 200: subscriptionStatusSchema } },
      ),
      config: { studioAccess: 'items.read' },
    },
    async (request) => subscriptions.status(currentStudio(request).id),
  );
});

/**
 * Stripe's webhooks: each is verified against its signature on the raw bytes (so this plugin reads its body as
 * bytes), applied once per event id, and answered 200 once handled (Stripe retries anything else).
 */
export function stripeWebhookRoutes(secret: string) {
  return routeGroup(async (app, { subscriptions, payments }) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      '/api/Stripe/Webhook',
      doc(
        'receiveStripeWebhook',
        "Stripe's events (checkout sessions, revoked accounts), signed with the endpoint's secret",
        { security: [], response: { 200: z.object({ received: z.literal(true) }), 400: apiErrorSchema } },
      ),
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const raw = request.body;
        if (typeof signature !== 'string' || !Buffer.isBuffer(raw)) throw new AppError('WebhookSignatureInvalid');
        let event: ProviderEvent;
        try {
          event = parseStripeWebhook(raw, signature, secret);
        } catch {
          throw new AppError('WebhookSignatureInvalid');
        }
        await subscriptions.applyEvent(event, (accountId) => payments.disconnectAccount(accountId));
        return { received: true as const };
      },
    );
  });
}
