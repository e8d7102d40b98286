import type { PayoutAccountType } from '@portal/contracts';
import Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import type { PayoutProvider } from './provider.ts';

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
