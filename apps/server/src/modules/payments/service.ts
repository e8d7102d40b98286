import {
  CONNECT_LINK_VALID_HOURS,
  CONNECT_LINK_VALIDITY_TEXT,
  type ConnectUrl,
  PAYOUT_DELAY_TEXT,
  type PayoutAccount,
  type PayoutAccountType,
  payoutAccountTypes,
  STRIPE_CONNECTED_PATH,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { lockKey } from '../../db/locks.ts';
import type { EventEmitter } from '../../events.ts';
import { batchLoader } from '../../lib/batch.ts';
import { AppError } from '../../lib/errors.ts';
import { renderMail } from '../../lib/mail-template.ts';
import { createToken, sha256 } from '../../lib/tokens.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { AccessService } from '../access/service.ts';
import type { PayoutProvider, TransferInput } from './provider.ts';
import * as repo from './repository.ts';
import type { SubscriptionsService } from './subscriptions.ts';

export type { SubscriptionsService } from './subscriptions.ts';

/** A Connect URL shown in the portal is good for an hour; one sent by mail for a day. */
const PAGE_ATTEMPT_TTL_MS = 60 * 60_000;
const MAIL_ATTEMPT_TTL_MS = CONNECT_LINK_VALID_HOURS * 60 * 60_000;

/** Whether a partner has connected a payout account and has a month of placement running. */
export interface AccountStatus {
  connectedToStripe: boolean;
  isSubscribed: boolean;
  /** When, by `statusNow`, `isSubscribed` next changes by itself (a month starts or ends); Infinity for never. */
  changesAt: number;
}

export interface PaymentsDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl'>;
  log: FastifyBaseLogger;
  events: EventEmitter;
  access: Pick<AccessService, 'getAccount'>;
  /** Undefined when payments are disabled (production without Stripe keys). */
  provider: PayoutProvider | undefined;
  /** Whether a bought month of AR placement covers now, and when that next changes. */
  subscriptions: Pick<SubscriptionsService, 'stateOf' | 'now'>;
  now?: () => Date;
}

export function createPaymentsService({
  db,
  mailer,
  config,
  log,
  events,
  access,
  provider,
  subscriptions,
  now = () => new Date(),
}: PaymentsDeps) {
  const requireProvider = (): PayoutProvider => {
    if (!provider) throw new AppError('PaymentsUnavailable');
    return provider;
  };

  async function openAttempt(userId: string, email: string, accountType: PayoutAccountType, ttlMs: number) {
    const current = now();
    const state = createToken();
    await repo.insertConnectAttempt(db, {
      userId,
      stateHash: sha256(state),
      accountType,
      createdAt: current,
      expiresAt: new Date(current.getTime() + ttlMs),
    });
    return requireProvider().connectUrl({ state, accountType, email });
  }

  /**
   * The attempt a confirmation belongs to: the partner's own, open, and not expired. Without a state, the
   * newest open attempt of the type the scope names (the portal connects Standard accounts).
   */
  async function findAttempt(userId: string, state: string | undefined, scope: string) {
    const current = now();
    const attempt = state
      ? await repo.selectAttemptByStateHash(db, sha256(state))
      : await repo.selectNewestOpenAttempt(db, userId, scope === 'express' ? 'Express' : 'Standard', current);
    if (!attempt || attempt.userId !== userId || attempt.usedAt || attempt.expiresAt <= current) {
      throw new AppError('ConnectStateInvalid');
    }
    return attempt;
  }

  // the accounts of the requests that arrived together are read with one statement
  const payoutAccountOf = batchLoader(async (userIds: string[]) => {
    const rows = await repo.selectPayoutAccounts(db, userIds);
    return new Map(rows.map((row) => [row.userId, row]));
  });

  return {
    isEnabled: () => provider !== undefined,

    async getAccountStatus(userId: string): Promise<AccountStatus> {
      const [account, subscription] = await Promise.all([payoutAccountOf(userId), subscriptions.stateOf(userId)]);
      return {
        connectedToStripe: account !== undefined,
        isSubscribed: subscription.isSubscribed,
        changesAt: subscription.changesAt?.getTime() ?? Number.POSITIVE_INFINITY,
      };
    },

    /** The clock `changesAt` is read against: the placement clock, which tests move. */
    statusNow: () => subscriptions.now().getTime(),

    /** Throws PayoutAccountRequired (403) unless the partner has connected a payout account. */
    async requireConnectedAccount(userId: string): Promise<void> {
      if (!(await payoutAccountOf(userId))) throw new AppError('PayoutAccountRequired');
    },

    async getPayoutAccount(userId: string): Promise<PayoutAccount> {
      const account = await payoutAccountOf(userId);
      return account
        ? { connected: true, accountType: account.accountType, connectedAt: account.connectedAt.toISOString() }
        : { connected: false, accountType: null, connectedAt: null };
    },

    async listConnectUrls(userId: string, email: string): Promise<ConnectUrl[]> {
      requireProvider();
      await repo.deleteExpiredAttempts(db, userId, now());
      const urls: ConnectUrl[] = [];
      for (const accountType of payoutAccountTypes) {
        urls.push({ accountType, url: await openAttempt(userId, email, accountType, PAGE_ATTEMPT_TTL_MS) });
      }
      return urls;
    },

    /** Mails a connection link for the signed-in partner's account to `to`. */
    async sendConnectEmail(userId: string, partnerEmail: string, to: string, accountType: PayoutAccountType) {
      const link = await openAttempt(userId, partnerEmail, accountType, MAIL_ATTEMPT_TTL_MS);
      const url = link.startsWith('/') ? `${config.publicUrl}${link}` : link;
      await mailer.send({
        purpose: 'connect-link',
        to,
        ...renderMail({
          subject: 'Connect your Stripe account to the Lumora Partner Portal',
          heading: 'Connect your Stripe account',
          paragraphs: [
            `The partner account ${partnerEmail} asked us to send you this link to connect a Stripe ${accountType} account.`,
            'Once connected, the revenue of its games and 3D models is paid to that account: ' +
              `${PAYOUT_DELAY_TEXT} after receipt, on the last day of a month.`,
            `The link is valid for ${CONNECT_LINK_VALIDITY_TEXT} and can be used once.`,
          ],
          action: { label: 'Connect with Stripe', url },
        }),
      });
    },

    /** Finishes a connection with the code the provider sent the partner back with. */
    async confirmConnection(userId: string, input: { code: string; scope: string; state?: string | undefined }) {
      const { code, scope, state } = input;
      const payout = requireProvider();
      const attempt = await findAttempt(userId, state, scope);
      if (attempt.returnCodeHash && attempt.returnCodeHash !== sha256(code)) throw new AppError('ConnectCodeInvalid');
      const { accountId } = await payout.completeConnection({
        code,
        accountType: attempt.accountType,
        providerAccountId: attempt.providerAccountId,
      });
      await db.transaction(async (tx) => {
        const current = now();
        if (!(await repo.useAttemptOnce(tx, attempt.id, current))) throw new AppError('ConnectStateInvalid');
        await repo.upsertPayoutAccount(tx, {
          userId,
          accountId,
          accountType: attempt.accountType,
          connectedAt: current,
        });
      });
      events.emit('accountStatusChanged', { userId });
      log.info({ userId, accountType: attempt.accountType }, 'payout account connected');
    },

    /**
     * Express onboarding (Stripe only): where to send the partner who opened an Express connect URL. A partner has
     * one Express account in onboarding however many links it opens: starts of one partner take turns under a
     * lock, and only a start that finds no account creates one. The lock is held across that one call to Stripe,
     * since a second account made meanwhile would be left orphaned at Stripe.
     */
    async startExpressOnboarding(state: string): Promise<string> {
      const express = requireProvider().express;
      if (!express) throw new AppError('NotFound');
      const stateHash = sha256(state);
      const isOpen = (attempt: repo.ConnectAttemptRow | undefined): attempt is repo.ConnectAttemptRow =>
        attempt !== undefined && !attempt.usedAt && attempt.expiresAt > now() && attempt.accountType === 'Express';
      const opened = await repo.selectAttemptByStateHash(db, stateHash);
      if (!isOpen(opened)) throw new AppError('ConnectStateInvalid');
      const partner = await access.getAccount(opened.userId);
      const returnCode = createToken();
      const accountId = await db.transaction(async (tx) => {
        await lockKey(tx, `express-onboarding:${opened.userId}`);
        const attempt = await repo.selectAttemptByStateHash(tx, stateHash);
        if (!isOpen(attempt)) throw new AppError('ConnectStateInvalid');
        const accountId =
          attempt.providerAccountId ??
          (await repo.selectOnboardingExpressAccount(tx, attempt.userId)) ??
          (await express.createAccount({
            email: partner.email,
            partnerId: attempt.userId,
            idempotencyKey: `express-account-${attempt.id}`,
          }));
        await repo.updateAttemptExpress(tx, attempt.id, {
          providerAccountId: accountId,
          returnCodeHash: sha256(returnCode),
        });
        return accountId;
      });
      const params = new URLSearchParams({ code: returnCode, scope: 'express', state });
      return express.onboardingUrl({
        accountId,
        returnUrl: `${config.publicUrl}${STRIPE_CONNECTED_PATH}?${params}`,
        refreshUrl: `${config.publicUrl}/stripe/connect/express?${new URLSearchParams({ state })}`,
      });
    },

    /**
     * The provider says an account revoked the platform's access (Stripe's `account.application.deauthorized`):
     * the partner is no longer connected, and connects again to submit.
     */
    async disconnectAccount(accountId: string): Promise<void> {
      const userId = await repo.deletePayoutAccountByAccountId(db, accountId);
      if (!userId) return;
      events.emit('accountStatusChanged', { userId });
      log.info({ userId }, 'payout account disconnected by the provider');
    },

    /** The connected payout accounts of some partners: a settlement run pays only these. */
    async connectedAccountsOf(userIds: string[]): Promise<Map<string, string>> {
      const rows = await repo.selectPayoutAccounts(db, userIds);
      return new Map(rows.map((row) => [row.userId, row.accountId]));
    },

    /** Pays a payout to a connected account through the provider (idempotent on its key). */
    async transfer(input: TransferInput): Promise<{ transferId: string }> {
      return requireProvider().transfer(input);
    },

    /** The provider's transfer of a payout, if one was made. */
    async findTransfer(transferGroup: string): Promise<{ transferId: string } | undefined> {
      return requireProvider().findTransfer(transferGroup);
    },

    async getDashboardUrl(userId: string): Promise<string> {
      const account = await repo.selectPayoutAccount(db, userId);
      if (!account) throw new AppError('PayoutAccountMissing');
      return requireProvider().dashboardUrl(account);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
