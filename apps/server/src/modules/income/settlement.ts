import { randomUUID } from 'node:crypto';
import {
  firstPurchaseNotDueBy,
  formatUsd,
  INCOME_PATH,
  latestPayoutDayOnOrBefore,
  payoutKey,
  payoutZoneDate,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { EventEmitter } from '../../events.ts';
import { createConcurrencyLimit } from '../../lib/concurrency.ts';
import { AppError } from '../../lib/errors.ts';
import { renderMail } from '../../lib/mail-template.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { AccessService, TeamService } from '../access/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import * as repo from './repository.ts';

/** The points of a run where a process may die; tests stop it at each to prove the next run pays exactly once. */
export type SettlementStep = 'payout-created' | 'transfer-made' | 'payout-sent' | 'partner-mailed';

export interface SettlementDeps {
  database: Database;
  config: Pick<AppConfig, 'publicUrl'>;
  log: FastifyBaseLogger;
  mailer: Mailer;
  events: EventEmitter;
  access: AccessService;
  team: TeamService;
  payments: PaymentsService;
  now: () => Date;
  /** Tests only: called after each step of a payout. */
  afterStep?: (step: SettlementStep, payout: repo.PayoutRow) => Promise<void> | void;
}

/** The lock a settlement run holds across every process of the database. */
export const SETTLEMENT_LOCK = 'income:settlement';
/** Partners paid at the same time by one run. */
const PARTNERS_AT_ONCE = 4;

/** What a provider's refusal says, for the admins: its own words when it gave a reason, never a stack. */
const reasonOf = (err: unknown) =>
  err instanceof AppError ? err.message : 'The payment provider did not answer; the next run tries again.';

/**
 * The settlement of payout days: on the last day of each month (Hong Kong time) every partner with a connected
 * payout account is paid, in one transfer, the income of its sales due by then. Each payout moves through states
 * kept in the database (created with its sales Settling → transfer made → Sent with its sales Settled → partner
 * mailed), and every step is idempotent, so a run that dies anywhere is finished by the next one without paying
 * twice: one payout per partner and day (a unique key), the provider's idempotency key per payout, and a transfer
 * whose outcome a crash left unknown is looked up by its group before another is made. One run at a time across
 * processes (a database lock); a run that finds another under way leaves the work to it.
 */
export function createSettlement({
  database,
  config,
  log,
  mailer,
  team,
  payments,
  events,
  now,
  afterStep,
}: SettlementDeps) {
  const { db } = database;
  /** A partner's sales changed settlement state. */
  const changed = (partnerId: string) => events.emit('salesChanged', { ownerId: partnerId });
  const step = async (name: SettlementStep, payout: repo.PayoutRow) => {
    await afterStep?.(name, payout);
  };

  /** Mails the studio's Owner and Finance members (those who did not mute payouts) that a payout is on its way. */
  async function mailPartner(payout: repo.PayoutRow) {
    const recipients = await team.recipients(payout.partnerId, 'payouts');
    const amount = formatUsd(payout.amountCents);
    const sales = payout.salesCount === 1 ? '1 sale' : `${payout.salesCount} sales`;
    for (const to of recipients) {
      await mailer.send({
        purpose: 'payout-sent',
        to,
        ...renderMail({
          subject: `Your payout of ${amount} is on its way`,
          heading: `${amount} paid to your Stripe account`,
          paragraphs: [
            `On ${payout.payoutDate} we transferred ${amount} to your connected Stripe account: the income of ${sales}.`,
            'Stripe makes it available in your balance within a few days, and pays it out to your bank on your ' +
              'payout schedule.',
            'Each sale, with its fees, is listed under My Project Income.',
          ],
          action: { label: 'Open My Project Income', url: `${config.publicUrl}${INCOME_PATH}` },
        }),
      });
    }
    await repo.markPayoutMailed(db, payout.id, now());
    await step('partner-mailed', payout);
  }

  /**
   * Mails the studio's Owner and Finance members that a payout was refused, once: when it first fails (the retries
   * of a payout already failed tell no one again). The reason is the provider's own words, or that it did not answer.
   */
  async function mailFailure(payout: repo.PayoutRow, reason: string) {
    const amount = formatUsd(payout.amountCents);
    for (const to of await team.recipients(payout.partnerId, 'payouts')) {
      await mailer.send({
        purpose: 'payout-failed',
        to,
        ...renderMail({
          subject: `Your payout of ${amount} could not be sent`,
          heading: `${amount} is waiting for your payout account`,
          paragraphs: [
            `On ${payout.payoutDate} we could not transfer ${amount} to your connected Stripe account. ${reason}`,
            'The income stays yours: we try again on the next run, and as soon as the account can receive it. If ' +
              "Stripe asks for details, the studio's owner completes them from Connect Payment Account.",
          ],
          action: { label: 'Open My Project Income', url: `${config.publicUrl}${INCOME_PATH}` },
        }),
      });
    }
  }

  /**
   * Pays one payout not sent yet; answers whether it is sent now. A refused payout is retried to the partner's
   * account as it is now (a partner may have connected another); one whose outcome is unknown, to the same one.
   */
  async function send(payout: repo.PayoutRow, fresh = false): Promise<boolean> {
    if (payout.status === 'Failed') {
      const current = (await payments.connectedAccountsOf([payout.partnerId])).get(payout.partnerId);
      if (!current) {
        await repo.markPayoutFailed(db, payout.id, 'No payout account is connected: the partner must connect one.');
        return false;
      }
      if (current !== payout.accountId) await repo.changePayoutAccount(db, payout.id, current);
    }
    // a payout just made counts its first attempt already
    const attempt = fresh ? payout : await repo.countAttempt(db, payout.id);
    if (!attempt) return true;
    try {
      let transferId: string | null = null;
      if (attempt.amountCents > 0) {
        // an earlier attempt may have paid before its process died: the group finds that transfer
        const earlier = attempt.attempts > 1 ? await payments.findTransfer(attempt.id) : undefined;
        transferId = (
          earlier ??
          (await payments.transfer({
            accountId: attempt.accountId,
            amountCents: attempt.amountCents,
            idempotencyKey: payoutKey(attempt.partnerId, attempt.payoutDate, attempt.accountId),
            transferGroup: attempt.id,
            description: `Lumora Partner Portal payout of ${attempt.payoutDate}`,
          }))
        ).transferId;
      }
      await step('transfer-made', attempt);
      await repo.markPayoutSent(db, attempt.id, transferId, now());
      changed(attempt.partnerId);
      const sent = { ...attempt, status: 'Sent' as const, transferId };
      await step('payout-sent', sent);
      log.info({ payoutId: attempt.id, partnerId: attempt.partnerId }, 'payout sent');
      await mailPartner(sent).catch((err: unknown) => log.warn({ err, payoutId: attempt.id }, 'payout mail failed'));
      return true;
    } catch (err) {
      const reason = reasonOf(err);
      await repo.markPayoutFailed(db, attempt.id, reason);
      log.warn(
        { payoutId: attempt.id, partnerId: attempt.partnerId, errorCode: (err as AppError).errorCode },
        'payout failed',
      );
      if (payout.status !== 'Failed') {
        await mailFailure(attempt, reason).catch((mailErr: unknown) =>
          log.warn({ err: mailErr, payoutId: attempt.id }, 'payout failure mail failed'),
        );
      }
      return false;
    }
  }

  /** The run's work for payout day `payoutDate`, under the lock. */
  async function settleUnderLock(payoutDate: string, trigger: repo.SettlementRunRow['trigger']) {
    const run = await repo.insertRun(db, { payoutDate, trigger, startedAt: now() });
    let paidCount = 0;
    let failedCount = 0;
    let totalCents = 0;
    const tally = (payout: repo.PayoutRow, sent: boolean) => {
      if (sent) {
        paidCount += 1;
        totalCents += payout.amountCents;
      } else failedCount += 1;
    };
    // what earlier runs left: transfers not known to be made (a process died), refused ones, partners not told
    for (const payout of await repo.selectPayoutsIn(db, ['Pending', 'Failed'])) tally(payout, await send(payout));
    for (const payout of await repo.selectUnmailedPayouts(db)) {
      await mailPartner(payout).catch((err: unknown) => log.warn({ err, payoutId: payout.id }, 'payout mail failed'));
    }
    // this payout day's: one payout per partner with a payout account; the others keep accruing
    const dueBefore = firstPurchaseNotDueBy(payoutDate);
    const due = await repo.selectDuePartners(db, dueBefore);
    const accounts = await payments.connectedAccountsOf(due);
    const payable = due.flatMap((partnerId) => {
      const accountId = accounts.get(partnerId);
      return accountId ? [{ partnerId, accountId }] : [];
    });
    // a few partners at a time: each payout is safe on its own, and the provider and the database wait in turn
    const limit = createConcurrencyLimit(PARTNERS_AT_ONCE);
    await Promise.all(
      payable.map(({ partnerId, accountId }) =>
        limit(async () => {
          const payout = await repo.createPayout(db, {
            id: randomUUID(),
            partnerId,
            payoutDate,
            accountId,
            runId: run.id,
            dueBefore,
          });
          if (!payout) return;
          changed(partnerId);
          await step('payout-created', payout);
          tally(payout, await send(payout, true));
        }),
      ),
    );
    const waitingCount = due.length - payable.length;
    const finished = await repo.finishRun(db, run.id, {
      paidCount,
      failedCount,
      waitingCount,
      totalCents,
      finishedAt: now(),
    });
    log.info({ runId: run.id, payoutDate, paidCount, failedCount, waitingCount }, 'settlement run finished');
    return finished;
  }

  async function locked<T>(work: () => Promise<T>): Promise<T> {
    const release = await database.tryLock(SETTLEMENT_LOCK);
    if (!release) throw new AppError('SettlementRunning');
    try {
      return await work();
    } finally {
      await release();
    }
  }

  return {
    /** Settles a payout day now (an admin's run, or a test's); SettlementRunning while another run is under way. */
    settle(payoutDate: string, trigger: repo.SettlementRunRow['trigger']) {
      return locked(() => settleUnderLock(payoutDate, trigger));
    },

    /**
     * The scheduled job: settles the latest payout day unless a run has finished it, and otherwise finishes what
     * earlier runs left (a payout in flight when its process died, a refused transfer, a partner not told).
     * Answers the run it made, if any.
     */
    async runScheduled(): Promise<repo.SettlementRunRow | undefined> {
      const payoutDate = latestPayoutDayOnOrBefore(payoutZoneDate(now()));
      const leftOver =
        (await repo.selectPayoutsIn(db, ['Pending', 'Failed'])).length > 0 ||
        (await repo.selectUnmailedPayouts(db)).length > 0;
      if ((await repo.hasFinishedRun(db, payoutDate)) && !leftOver) return undefined;
      try {
        return await locked(() => settleUnderLock(payoutDate, 'Schedule'));
      } catch (err) {
        if (err instanceof AppError && err.errorCode === 'SettlementRunning') return undefined;
        throw err;
      }
    },

    /** An admin's retry of a refused transfer, now. */
    async retryPayout(id: string): Promise<repo.PayoutRow> {
      return locked(async () => {
        const payout = await repo.selectPayout(db, id);
        if (!payout) throw new AppError('PayoutNotFound');
        if (payout.status !== 'Failed') throw new AppError('PayoutNotFailed');
        await send(payout);
        return (await repo.selectPayout(db, id)) ?? payout;
      });
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
