import {
  type CheckoutOutcome,
  type CheckoutReturnKind,
  type ConfirmCheckoutBody,
  centsToDollars,
  checkoutReturnPath,
  createdRange,
  dollarsToCents,
  formatUsd,
  monthBought,
  nextPayStatus,
  PURCHASE_HISTORY_PATH,
  type PurchaseBody,
  type PurchaseResponse,
  type SubscriptionPage,
  type SubscriptionQuery,
  type SubscriptionRecord,
  type SubscriptionStatus,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { lockKey } from '../../db/locks.ts';
import { pageBounds } from '../../db/paging.ts';
import type { EventEmitter } from '../../events.ts';
import { batchLoader } from '../../lib/batch.ts';
import { AppError } from '../../lib/errors.ts';
import { renderMail } from '../../lib/mail-template.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { TeamService } from '../access/service.ts';
import type { PayoutProvider, ProviderEvent } from './provider.ts';
import * as repo from './repository.ts';

/** What a purchase buys, as the partner's history lists it. */
export const MONTH_DESCRIPTION = 'AR placement: one month';

export interface SubscriptionsDeps {
  db: Db;
  config: Pick<AppConfig, 'publicUrl' | 'webOrigins'>;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** Who of a studio is mailed its placement receipts (Owner and Finance, less who muted them). */
  team: Pick<TeamService, 'recipients'>;
  events: EventEmitter;
  provider: PayoutProvider | undefined;
  /** The price of a month in US dollars, from the settings. */
  monthlyPrice: () => Promise<number>;
  /** The placement clock: the months bought, and (in the stages module) the stages they let publish. */
  now: () => Date;
}

function toRecord(row: repo.SubscriptionRow): SubscriptionRecord {
  return {
    id: row.id,
    description: row.description,
    startdAt: row.startedAt?.toISOString() ?? null,
    expiredAt: row.expiresAt?.toISOString() ?? null,
    orderAmount: centsToDollars(row.amountCents),
    payStatus: row.payStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Placement subscriptions: a purchase pays for one month of AR placement through the provider's checkout (a free
 * month at once). Its payment moves from Processing to one final state on the provider's word, a webhook or the
 * partner's return page asking, whichever comes first; a month paid while another runs starts when that one ends.
 */
export function createSubscriptionsService({
  db,
  config,
  log,
  mailer,
  team,
  provider,
  events,
  monthlyPrice,
  now,
}: SubscriptionsDeps) {
  const changed = (userId: string) => events.emit('accountStatusChanged', { userId });
  // the profiles that requests arriving together ask for are answered with one statement
  const stateLoader = batchLoader((userIds: string[]) => repo.selectSubscriptionStates(db, userIds, now()));
  /** Whether a bought month covers now, and when that next changes. */
  const stateOf = async (userId: string): Promise<repo.SubscriptionState> =>
    (await stateLoader(userId)) ?? { isSubscribed: false, changesAt: undefined };
  const portalOrigins = new Set([new URL(config.publicUrl).origin, ...config.webOrigins]);
  const publicOrigin = new URL(config.publicUrl).origin;
  /**
   * The checkout's return page, built here: the VPS page on the origin the partner asked from when it is one of the
   * portal's, else on its public origin (a partner on 127.0.0.1 where the portal says localhost comes back to it).
   * Nothing of the given URL but a portal origin is kept: the provider never sends anyone elsewhere.
   */
  const returnUrl = (given: string, kind: CheckoutReturnKind) => {
    const origin = new URL(given).origin;
    return `${portalOrigins.has(origin) ? origin : publicOrigin}${checkoutReturnPath(kind)}`;
  };
  const requireProvider = (): PayoutProvider => {
    if (!provider) throw new AppError('PaymentsUnavailable');
    return provider;
  };

  /**
   * Moves a purchase on the provider's word, under a lock on the partner's months: only a Processing purchase
   * moves, and a paid one gets the month after the partner's latest. Answers the purchase as it is now, and whether
   * this call is the one that found it paid (its receipt is mailed once the transaction has committed).
   */
  async function settleCheckout(tx: Tx, sessionId: string, outcome: CheckoutOutcome) {
    const found = await repo.selectSubscriptionBySession(tx, sessionId);
    if (!found) return undefined;
    await lockKey(tx, `subscriptions:${found.userId}`);
    const current = await repo.selectSubscriptionBySessionForUpdate(tx, sessionId);
    if (!current) return undefined;
    const payStatus = nextPayStatus(current.payStatus, outcome);
    if (payStatus === current.payStatus) return { row: current, paidNow: false };
    const month =
      payStatus === 'Successed' ? monthBought(now(), await repo.selectLatestMonthEnd(tx, current.userId)) : undefined;
    log.info({ subscriptionId: current.id, userId: current.userId, payStatus }, 'subscription payment settled');
    const row = await repo.updateSubscription(tx, current.id, {
      payStatus,
      ...(month ? { startedAt: month.startdAt, expiresAt: month.expiredAt } : {}),
    });
    return row ? { row, paidNow: payStatus === 'Successed' } : undefined;
  }

  /** The receipt of a paid month, to the studio's Owner and Finance members; a mail that fails is logged only. */
  async function mailReceipt(row: repo.SubscriptionRow) {
    const amount = formatUsd(row.amountCents);
    const day = (at: Date | null) => at?.toISOString().slice(0, 10) ?? '';
    try {
      for (const to of await team.recipients(row.userId, 'placement')) {
        await mailer.send({
          purpose: 'placement-receipt',
          to,
          ...renderMail({
            subject: `Your receipt for ${amount}: ${MONTH_DESCRIPTION}`,
            heading: `Receipt: ${MONTH_DESCRIPTION}`,
            paragraphs: [
              `We received ${amount} for one month of AR placement. Receipt number: ${row.id}.`,
              `Your stages may be published from ${day(row.startedAt)} to ${day(row.expiresAt)} (UTC).`,
              'Every purchase is listed under My Purchase History.',
            ],
            action: { label: 'Open My Purchase History', url: `${config.publicUrl}${PURCHASE_HISTORY_PATH}` },
          }),
        });
      }
    } catch (err) {
      log.warn({ err, subscriptionId: row.id }, 'placement receipt mail failed');
    }
  }

  return {
    /** Starts the purchase of a month: the checkout to send the partner to, or for a free month the success page. */
    async purchase(user: { id: string; email: string }, body: PurchaseBody): Promise<PurchaseResponse> {
      const successUrl = returnUrl(body.successUrl, 'success');
      const cancelUrl = returnUrl(body.cancelUrl, 'cancelled');
      const amountCents = dollarsToCents(await monthlyPrice());
      if (amountCents <= 0) {
        const free = await db.transaction(async (tx) => {
          await lockKey(tx, `subscriptions:${user.id}`);
          const month = monthBought(now(), await repo.selectLatestMonthEnd(tx, user.id));
          return repo.insertSubscription(tx, {
            userId: user.id,
            description: MONTH_DESCRIPTION,
            quantity: body.quantity,
            amountCents: 0,
            payStatus: 'Successed',
            startedAt: month.startdAt,
            expiresAt: month.expiredAt,
          });
        });
        changed(user.id);
        return { url: successUrl, subscriptionId: free.id };
      }
      const checkout = requireProvider().checkout;
      const record = await repo.insertSubscription(db, {
        userId: user.id,
        description: MONTH_DESCRIPTION,
        quantity: body.quantity,
        amountCents,
        payStatus: 'Processing',
      });
      try {
        const session = await checkout.create({
          amountCents,
          description: MONTH_DESCRIPTION,
          successUrl,
          cancelUrl,
          clientReferenceId: record.id,
          customerEmail: user.email,
          idempotencyKey: `checkout-${record.id}`,
        });
        await repo.updateSubscription(db, record.id, { checkoutSessionId: session.sessionId });
        return { url: session.url, subscriptionId: record.id };
      } catch (err) {
        // no checkout was opened: the purchase cannot be paid
        await repo.updateSubscription(db, record.id, { payStatus: 'Cancelled' });
        throw err;
      }
    },

    /**
     * The return page asks how its checkout ended, so that a late or lost webhook cannot leave a paid partner
     * without its month: the provider is asked. From the cancel page, an open checkout is closed first.
     */
    async confirm(userId: string, body: ConfirmCheckoutBody): Promise<SubscriptionRecord> {
      const found = await repo.selectSubscriptionBySession(db, body.sessionId);
      if (!found || found.userId !== userId) throw new AppError('CheckoutNotFound');
      if (found.payStatus !== 'Processing') return toRecord(found);
      const checkout = requireProvider().checkout;
      if (body.cancelled) await checkout.expire(body.sessionId);
      const outcome = await checkout.outcome(body.sessionId);
      if (outcome === 'open') return toRecord(found);
      const settled = await db.transaction((tx) => settleCheckout(tx, body.sessionId, outcome));
      changed(userId);
      if (settled?.paidNow) await mailReceipt(settled.row);
      return toRecord(settled?.row ?? found);
    },

    /**
     * A provider event (a verified webhook, or the sandbox's own): a checkout's outcome is applied in the
     * transaction that records the event's id, so a replay, or a crash between the two, changes nothing twice. A
     * revoked account is disconnected (which is repeatable) before its event is recorded.
     */
    async applyEvent(event: ProviderEvent, onDeauthorized: (accountId: string) => Promise<void>): Promise<void> {
      if (event.kind === 'deauthorized') {
        await onDeauthorized(event.accountId);
        await repo.recordProviderEvent(db, event.id, event.type);
        return;
      }
      const settled = await db.transaction(async (tx) => {
        if (!(await repo.recordProviderEvent(tx, event.id, event.type))) return undefined;
        return event.kind === 'checkout' ? settleCheckout(tx, event.sessionId, event.outcome) : undefined;
      });
      if (!settled) return;
      changed(settled.row.userId);
      if (settled.paidNow) await mailReceipt(settled.row);
    },

    /** The partner's purchases (SPEC §7), newest first. */
    async query(userId: string, query: SubscriptionQuery): Promise<SubscriptionPage> {
      const { limit, offset } = pageBounds(query.PageIndex, query.PageSize);
      const { rows, total } = await repo.selectSubscriptionsPage(
        db,
        {
          userId,
          ...(query.PayStatus ? { payStatus: query.PayStatus } : {}),
          ...createdRange(query.CreatedStartAt, query.CreatedEndAt),
        },
        limit,
        offset,
      );
      return { data: rows.map(toRecord), totalCount: total };
    },

    async status(userId: string): Promise<SubscriptionStatus> {
      const [state, latestEnd] = await Promise.all([stateOf(userId), repo.selectLatestMonthEnd(db, userId)]);
      return { isSubscribed: state.isSubscribed, activeUntil: latestEnd?.toISOString() ?? null };
    },

    /** For the profile's `isSubscribed` and the stages' check. */
    stateOf,

    /** The clock the months are read against (tests move it). */
    now,
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
