import {
  apiErrorSchema,
  confirmConnectBodySchema,
  connectUrlsResponseSchema,
  dashboardLinkSchema,
  expressStartQuerySchema,
  payoutAccountSchema,
  profileSchema,
  sendConnectEmailBodySchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';

const tags = ['payments'];
const errors = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
};

export async function paymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const payments = app.services.payments;

  app.get(
    '/api/Stripe/Connect/Url',
    {
      schema: {
        tags,
        operationId: 'listStripeConnectUrls',
        summary: 'Connect URLs (Standard and Express), each bound to the signed-in partner for an hour',
        response: { 200: connectUrlsResponseSchema, 503: apiErrorSchema },
      },
    },
    async (request) => payments.listConnectUrls(currentUser(request).id, currentUser(request).email),
  );

  app.post(
    '/api/Stripe/Connect/Confirm',
    {
      schema: {
        tags,
        operationId: 'confirmStripeConnect',
        summary: 'Finish a connection with the code Stripe sent back; answers the updated profile',
        body: confirmConnectBodySchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => payments.confirmConnection(currentUser(request).id, request.body),
  );

  app.post(
    '/api/Stripe/Connect/SendEmail',
    {
      schema: {
        tags,
        operationId: 'sendStripeConnectEmail',
        summary: 'Mail a connection link (valid 24 hours) to an address',
        body: sendConnectEmailBodySchema,
        response: { 200: z.object({ sent: z.literal(true) }), ...errors, 429: apiErrorSchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: (request) => currentUser(request).id } },
    },
    async (request) => {
      const user = currentUser(request);
      await payments.sendConnectEmail(user.id, user.email, request.body.email, request.body.accountType);
      return { sent: true as const };
    },
  );

  app.get(
    '/api/Stripe/Connect/Account',
    {
      schema: {
        tags,
        operationId: 'getPayoutAccount',
        summary: "The partner's payout account",
        response: { 200: payoutAccountSchema },
      },
    },
    async (request) => payments.getPayoutAccount(currentUser(request).id),
  );

  app.get(
    '/api/Stripe/Connect/Dashboard',
    {
      schema: {
        tags,
        operationId: 'getStripeDashboardUrl',
        summary: "A link to the partner's Stripe dashboard (Express: a fresh login link)",
        response: { 200: dashboardLinkSchema, ...errors },
      },
    },
    async (request) => ({ url: await payments.getDashboardUrl(currentUser(request).id) }),
  );
}

/** The start of Express onboarding, reached from a mailed or shared connect link: the state is the credential. */
export async function expressOnboardingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const payments = app.services.payments;

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
}
