import type { CheckoutOutcome } from '@portal/contracts';
import { STRIPE_CONNECTED_PATH } from '@portal/contracts';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  sandboxCheckoutSessions,
  sandboxConnectCodes,
  sandboxDashboardLinks,
  sandboxTransfers,
} from '../../db/schema/payments.ts';
import { AppError } from '../../lib/errors.ts';
import { createToken, sha256 } from '../../lib/tokens.ts';
import type { PayoutProvider, ProviderEvent } from './provider.ts';

const CODE_TTL_MS = 5 * 60_000;
/** A sandbox account connected as restricted refuses transfers, as a Stripe account with payouts disabled does. */
const RESTRICTED_PREFIX = 'acct_sandbox_restricted_';
export const isRestrictedSandboxAccount = (accountId: string) => accountId.startsWith(RESTRICTED_PREFIX);

/**
 * A stand-in for Stripe Connect that runs on this server: its consent page (`/sandbox/stripe/connect`)
 * issues single-use codes the way Stripe's OAuth does, so the whole flow works offline.
 */
type SandboxCheckout = typeof sandboxCheckoutSessions.$inferSelect;

/** A return URL with the session's id, as Stripe fills `{CHECKOUT_SESSION_ID}` in. */
export function withSessionId(url: string, sessionId: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('session_id', sessionId);
  return parsed.toString();
}

function checkoutOutcome(session: SandboxCheckout): CheckoutOutcome | 'open' {
  if (session.status === 'expired') return 'cancelled';
  if (session.status === 'complete') return session.paymentStatus === 'paid' ? 'paid' : 'failed';
  return 'open';
}

/** How long a dashboard link opens the dashboard and lets it disconnect the portal. */
export const DASHBOARD_LINK_TTL_MS = 15 * 60_000;

interface DashboardAccount {
  accountId: string;
  accountType: 'Standard' | 'Express';
}

/** How long a session can be paid, as Stripe's Checkout Sessions: 24 hours from their creation. */
export const CHECKOUT_SESSION_TTL_MS = 24 * 60 * 60_000;

export function createSandboxProvider(db: Db, config: AppConfig) {
  /** A session as it is now: one still open past its 24 hours has expired, as Stripe's do, and is marked so. */
  async function findCheckout(sessionId: string): Promise<SandboxCheckout | undefined> {
    const [session] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, sessionId));
    if (session?.status !== 'open' || session.createdAt.getTime() + CHECKOUT_SESSION_TTL_MS > Date.now())
      return session;
    await db
      .update(sandboxCheckoutSessions)
      .set({ status: 'expired' })
      .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, 'open')));
    return findCheckout(sessionId);
  }

  /** Where the consent page sends the partner back: the portal's own callback page. */
  const callbackUrl = `${config.hosts.api ? config.publicUrl : ''}${STRIPE_CONNECTED_PATH}`;
  const provider: PayoutProvider & {
    callbackUrl: string;
    issueCode(input: { accountType: 'Standard' | 'Express'; restricted?: boolean }): Promise<string>;
    listTransfers(accountId: string): Promise<Array<typeof sandboxTransfers.$inferSelect>>;
    findCheckout(sessionId: string): Promise<SandboxCheckout | undefined>;
    finishCheckout(
      sessionId: string,
      decision: 'pay' | 'decline',
    ): Promise<{ session: SandboxCheckout; event: ProviderEvent } | undefined>;
    openDashboard(link: string): Promise<DashboardAccount | undefined>;
    spendDashboardLink(link: string): Promise<DashboardAccount | undefined>;
  } = {
    kind: 'sandbox',
    callbackUrl,

    connectUrl({ state, accountType, email }) {
      const params = new URLSearchParams({ state, account_type: accountType, email });
      return `${config.hosts.api}/sandbox/stripe/connect?${params}`;
    },

    async issueCode({ accountType, restricted = false }) {
      const code = `ac_sandbox_${createToken()}`;
      await db.insert(sandboxConnectCodes).values({
        codeHash: sha256(code),
        accountId: `${restricted ? RESTRICTED_PREFIX : 'acct_sandbox_'}${createToken().slice(0, 16)}`,
        accountType,
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
      return code;
    },

    async completeConnection({ code, accountType }) {
      const now = new Date();
      const rows = await db
        .update(sandboxConnectCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(sandboxConnectCodes.codeHash, sha256(code)),
            eq(sandboxConnectCodes.accountType, accountType),
            isNull(sandboxConnectCodes.usedAt),
            gt(sandboxConnectCodes.expiresAt, now),
          ),
        )
        .returning({ accountId: sandboxConnectCodes.accountId });
      const row = rows[0];
      if (!row) throw new AppError('ConnectCodeInvalid');
      return { accountId: row.accountId };
    },

    async transfer({ accountId, amountCents, idempotencyKey, transferGroup }) {
      if (isRestrictedSandboxAccount(accountId)) {
        throw new AppError(
          'PayoutTransferRefused',
          'The connected account cannot receive transfers (a sandbox account made restricted on its consent page).',
        );
      }
      const [made] = await db
        .insert(sandboxTransfers)
        .values({
          id: `tr_sandbox_${createToken().slice(0, 20)}`,
          idempotencyKey,
          transferGroup,
          accountId,
          amountCents,
        })
        .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey })
        .returning({ id: sandboxTransfers.id });
      if (made) return { transferId: made.id };
      const [earlier] = await db
        .select({ id: sandboxTransfers.id })
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.idempotencyKey, idempotencyKey));
      if (!earlier) throw new Error('a sandbox transfer vanished');
      return { transferId: earlier.id };
    },

    /** The dashboard's list: every transfer to an account, newest first. */
    async listTransfers(accountId: string) {
      return db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.accountId, accountId))
        .orderBy(desc(sandboxTransfers.createdAt));
    },

    async findTransfer(transferGroup) {
      const [made] = await db
        .select({ id: sandboxTransfers.id })
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.transferGroup, transferGroup));
      return made ? { transferId: made.id } : undefined;
    },

    checkout: {
      async create({ amountCents, description, successUrl, cancelUrl, clientReferenceId, idempotencyKey }) {
        // the same request opens the same session, as Stripe's idempotency key does
        const id = `cs_sandbox_${sha256(idempotencyKey).slice(0, 24)}`;
        await db
          .insert(sandboxCheckoutSessions)
          .values({
            id,
            amountCents,
            description,
            clientReferenceId,
            successUrl: withSessionId(successUrl, id),
            cancelUrl: withSessionId(cancelUrl, id),
            status: 'open',
            paymentStatus: 'unpaid',
          })
          .onConflictDoNothing({ target: sandboxCheckoutSessions.id });
        return { sessionId: id, url: `${config.hosts.api}/sandbox/stripe/checkout/${id}` };
      },

      async outcome(sessionId) {
        const session = await findCheckout(sessionId);
        if (!session) throw new AppError('CheckoutNotFound');
        return checkoutOutcome(session);
      },

      async expire(sessionId) {
        await db
          .update(sandboxCheckoutSessions)
          .set({ status: 'expired' })
          .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, 'open')));
      },
    },

    findCheckout,

    /**
     * The checkout page's buttons: pays, declines (a failed card) or leaves an open session. Answers the session as
     * it is now and the event Stripe would send, or undefined when the session was no longer open.
     */
    async finishCheckout(sessionId: string, decision: 'pay' | 'decline') {
      const [session] = await db
        .update(sandboxCheckoutSessions)
        .set({ status: 'complete', paymentStatus: decision === 'pay' ? 'paid' : 'failed' })
        .where(
          and(
            eq(sandboxCheckoutSessions.id, sessionId),
            eq(sandboxCheckoutSessions.status, 'open'),
            gt(sandboxCheckoutSessions.createdAt, new Date(Date.now() - CHECKOUT_SESSION_TTL_MS)),
          ),
        )
        .returning();
      if (!session) return undefined;
      const event: ProviderEvent = {
        id: `evt_sandbox_${createToken().slice(0, 20)}`,
        type: decision === 'pay' ? 'checkout.session.completed' : 'checkout.session.async_payment_failed',
        kind: 'checkout',
        sessionId,
        outcome: decision === 'pay' ? 'paid' : 'failed',
      };
      return { session, event };
    },

    /** A one-time link to the account's dashboard, as Stripe's login links: only the partner's session gets one. */
    async dashboardUrl({ accountId, accountType }) {
      const link = `dl_sandbox_${createToken()}`;
      await db.insert(sandboxDashboardLinks).values({
        linkHash: sha256(link),
        accountId,
        accountType,
        expiresAt: new Date(Date.now() + DASHBOARD_LINK_TTL_MS),
      });
      return `${config.hosts.api}/sandbox/stripe/dashboard?${new URLSearchParams({ link })}`;
    },

    /** The account a dashboard link opens, while it is unspent and young. */
    async openDashboard(link) {
      const [row] = await db
        .select({ accountId: sandboxDashboardLinks.accountId, accountType: sandboxDashboardLinks.accountType })
        .from(sandboxDashboardLinks)
        .where(
          and(
            eq(sandboxDashboardLinks.linkHash, sha256(link)),
            isNull(sandboxDashboardLinks.usedAt),
            gt(sandboxDashboardLinks.expiresAt, new Date()),
          ),
        );
      return row;
    },

    /** Spends a dashboard link on the page's one action: answers its account once, and never again. */
    async spendDashboardLink(link) {
      const now = new Date();
      const [row] = await db
        .update(sandboxDashboardLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(sandboxDashboardLinks.linkHash, sha256(link)),
            isNull(sandboxDashboardLinks.usedAt),
            gt(sandboxDashboardLinks.expiresAt, now),
          ),
        )
        .returning({ accountId: sandboxDashboardLinks.accountId, accountType: sandboxDashboardLinks.accountType });
      return row;
    },
  };
  return provider;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
