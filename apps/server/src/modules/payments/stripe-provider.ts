import type { CheckoutOutcome, PayoutAccountType } from '@portal/contracts';
import Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import type { PayoutProvider, ProviderEvent } from './provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  clientId: string;
  /** Points the SDK at another API host (a local fake in tests). */
  apiBase: string | undefined;
  /** Where Stripe sends the partner back after Standard OAuth: the portal's /stripe-connected page. */
  redirectUri: string;
  /** The portal route that starts Express onboarding for a state. */
  expressStartUrl: (state: string) => string;
}

const STRIPE_DASHBOARD = 'https://dashboard.stripe.com';
const STRIPE_OAUTH_AUTHORIZE = 'https://connect.stripe.com/oauth/authorize';

/** Maps the SDK's errors onto ours: a refused code is the partner's problem, anything else is Stripe's. */
function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const type = (err as { type?: unknown } | null)?.type;
  if (type === 'StripeInvalidGrantError') return new AppError('ConnectCodeInvalid');
  return new AppError('PaymentProviderError');
}

/** A transfer Stripe refused (the request was understood and declined) carries Stripe's own reason. */
function toTransferError(err: unknown): AppError {
  const failure = err as { type?: unknown; message?: unknown } | null;
  if (failure?.type === 'StripeInvalidRequestError' && typeof failure.message === 'string') {
    return new AppError('PayoutTransferRefused', `Stripe refused the transfer: ${failure.message}`);
  }
  return toAppError(err);
}

export function createStripeClient(options: Pick<StripeProviderOptions, 'secretKey' | 'apiBase'>): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: base ? 0 : 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** How a Checkout Session stands: paid, expired (cancelled), or still open (also while an async payment runs). */
export function stripeCheckoutOutcome(session: Pick<Stripe.Checkout.Session, 'status' | 'payment_status'>) {
  if (session.status === 'expired') return 'cancelled' as const;
  if (session.status === 'complete' && session.payment_status !== 'unpaid') return 'paid' as const;
  return 'open' as const;
}

/**
 * A Stripe webhook, verified against its signature with the endpoint's secret (`constructEvent` on the raw bytes;
 * a stale timestamp or a forged signature throws), in our words.
 */
export function parseStripeWebhook(raw: Buffer, signature: string, secret: string): ProviderEvent {
  const event = Stripe.webhooks.constructEvent(raw, signature, secret);
  const object = event.data.object as { id?: string; payment_status?: string };
  const checkout = (outcome: CheckoutOutcome): ProviderEvent => ({
    id: event.id,
    type: event.type,
    kind: 'checkout',
    sessionId: object.id ?? '',
    outcome,
  });
  switch (event.type) {
    case 'checkout.session.completed':
      return object.payment_status === 'unpaid' ? { id: event.id, type: event.type, kind: 'other' } : checkout('paid');
    case 'checkout.session.async_payment_succeeded':
      return checkout('paid');
    case 'checkout.session.async_payment_failed':
      return checkout('failed');
    case 'checkout.session.expired':
      return checkout('cancelled');
    case 'account.application.deauthorized':
      return { id: event.id, type: event.type, kind: 'deauthorized', accountId: event.account ?? '' };
    default:
      return { id: event.id, type: event.type, kind: 'other' };
  }
}

/** Stripe Connect through the official SDK: Standard by OAuth, Express by account links. */
export function createStripeProvider(options: StripeProviderOptions): PayoutProvider {
  const stripe = createStripeClient(options);

  return {
    kind: 'stripe',

    connectUrl({ state, accountType, email }) {
      if (accountType === 'Express') return options.expressStartUrl(state);
      // Built here rather than by the SDK, whose authorizeUrl() follows the API host it is pointed at.
      const params = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        scope: 'read_write',
        redirect_uri: options.redirectUri,
        state,
        'stripe_user[email]': email,
      });
      return `${STRIPE_OAUTH_AUTHORIZE}?${params}`;
    },

    async completeConnection({ code, accountType, providerAccountId }) {
      try {
        if (accountType === 'Standard') {
          const token = await stripe.oauth.token({ grant_type: 'authorization_code', code });
          if (!token.stripe_user_id) throw new AppError('ConnectCodeInvalid');
          return { accountId: token.stripe_user_id };
        }
        if (!providerAccountId) throw new AppError('ConnectCodeInvalid');
        const account = await stripe.accounts.retrieve(providerAccountId);
        if (!account.details_submitted) throw new AppError('ConnectOnboardingIncomplete');
        return { accountId: account.id };
      } catch (err) {
        throw toAppError(err);
      }
    },

    async dashboardUrl({ accountId, accountType }: { accountId: string; accountType: PayoutAccountType }) {
      if (accountType === 'Standard') return STRIPE_DASHBOARD;
      try {
        return (await stripe.accounts.createLoginLink(accountId)).url;
      } catch (err) {
        throw toAppError(err);
      }
    },

    async transfer({ accountId, amountCents, idempotencyKey, transferGroup, description }) {
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: amountCents,
            currency: 'usd',
            destination: accountId,
            transfer_group: transferGroup,
            description,
          },
          { idempotencyKey },
        );
        return { transferId: transfer.id };
      } catch (err) {
        throw toTransferError(err);
      }
    },

    async findTransfer(transferGroup) {
      try {
        const { data } = await stripe.transfers.list({ transfer_group: transferGroup, limit: 1 });
        const [transfer] = data;
        return transfer ? { transferId: transfer.id } : undefined;
      } catch (err) {
        throw toAppError(err);
      }
    },

    checkout: {
      async create({
        amountCents,
        description,
        successUrl,
        cancelUrl,
        clientReferenceId,
        customerEmail,
        idempotencyKey,
      }) {
        try {
          const separator = successUrl.includes('?') ? '&' : '?';
          const session = await stripe.checkout.sessions.create(
            {
              mode: 'payment',
              line_items: [
                {
                  quantity: 1,
                  price_data: { currency: 'usd', unit_amount: amountCents, product_data: { name: description } },
                },
              ],
              // Stripe fills the session's id in; the portal's page asks the server how it ended
              success_url: `${successUrl}${separator}session_id={CHECKOUT_SESSION_ID}`,
              cancel_url: `${cancelUrl}${cancelUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
              client_reference_id: clientReferenceId,
              customer_email: customerEmail,
              metadata: { subscriptionId: clientReferenceId },
            },
            { idempotencyKey },
          );
          if (!session.url) throw new AppError('PaymentProviderError');
          return { sessionId: session.id, url: session.url };
        } catch (err) {
          throw toAppError(err);
        }
      },

      async outcome(sessionId) {
        try {
          return stripeCheckoutOutcome(await stripe.checkout.sessions.retrieve(sessionId));
        } catch (err) {
          throw toAppError(err);
        }
      },

      async expire(sessionId) {
        try {
          await stripe.checkout.sessions.expire(sessionId);
        } catch (err) {
          // a session that completed or expired meanwhile cannot be expired: its outcome says what happened
          if ((err as { type?: unknown }).type !== 'StripeInvalidRequestError') throw toAppError(err);
        }
      },
    },

    express: {
      async createAccount({ email, partnerId, idempotencyKey }) {
        try {
          return (await stripe.accounts.create({ type: 'express', email, metadata: { partnerId } }, { idempotencyKey }))
            .id;
        } catch (err) {
          throw toAppError(err);
        }
      },

      async onboardingUrl({ accountId, returnUrl, refreshUrl }) {
        try {
          const link = await stripe.accountLinks.create({
            account: accountId,
            refresh_url: refreshUrl,
            return_url: returnUrl,
            type: 'account_onboarding',
          });
          return link.url;
        } catch (err) {
          throw toAppError(err);
        }
      },
    },
  };
}
