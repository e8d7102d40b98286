import {
  type CommissionRateBody,
  centsToDollars,
  expectedPayoutDay,
  latestPayoutDayOnOrBefore,
  type PageQuery,
  type PartnerBalance,
  type PartnerBalanceQuery,
  type Payout,
  type PayoutQuery,
  payoutZoneDate,
  type SettlementRun,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { pageBounds } from '../../db/paging.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccessService } from '../access/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import * as repo from './repository.ts';
import type { Settlement } from './settlement.ts';

const dollars = centsToDollars;

function toPayout(row: repo.PayoutRow, email: string): Payout {
  return {
    id: row.id,
    partnerId: row.partnerId,
    partnerEmail: email,
    payoutDate: row.payoutDate,
    amount: dollars(row.amountCents),
    salesCount: row.salesCount,
    status: row.status,
    attempts: row.attempts,
    failureReason: row.failureReason,
    transferId: row.transferId,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

function toRun(row: repo.SettlementRunRow): SettlementRun {
  return {
    id: row.id,
    payoutDate: row.payoutDate,
    trigger: row.trigger,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    paidCount: row.paidCount,
    failedCount: row.failedCount,
    waitingCount: row.waitingCount,
    total: dollars(row.totalCents),
  };
}

export interface IncomeConsoleDeps {
  database: Database;
  config: Pick<AppConfig, 'feeRates'>;
  log: FastifyBaseLogger;
  access: AccessService;
  payments: PaymentsService;
  /** The income clock. */
  now: () => Date;
  settlement: Settlement;
  /** The commission rates of some partners in basis points: their own, or the default. */
  ratesOf(partnerIds: string[]): Promise<Map<string, number>>;
}

/**
 * The finance team's console: partners' balances and their own commission rates, settlement runs and payouts, a run
 * now, a failed payout tried again.
 */
export function createIncomeConsole({
  database,
  config,
  log,
  access,
  payments,
  now,
  settlement,
  ratesOf,
}: IncomeConsoleDeps) {
  const { db } = database;
  const defaultRate = config.feeRates.commissionBasisPoints;

  /** The partners' balances, the most still to pay first; with Email, that partner's alone (sales or not). */
  async function balances(query: PartnerBalanceQuery): Promise<{ data: PartnerBalance[]; totalCount: number }> {
    const { limit, offset } = pageBounds(query.PageIndex, query.PageSize);
    let only: string[] | undefined;
    if (query.Email) {
      const partner = await access.findUserByEmail(query.Email);
      if (!partner?.isPartner) return { data: [], totalCount: 0 };
      only = [partner.id];
    }
    const page = await repo.selectBalancesPage(db, only, limit, offset);
    const rows =
      only && page.rows.length === 0 && offset === 0
        ? [{ partnerId: only[0] as string, unsettledCents: 0, settlingCents: 0, paidCents: 0, nextPayoutDate: null }]
        : page.rows;
    const ids = rows.map((row) => row.partnerId);
    const [people, rates, own, accounts, lastSettled] = await Promise.all([
      access.summarizeUsers(ids),
      ratesOf(ids),
      repo.selectCommissionRates(db, ids),
      payments.connectedAccountsOf(ids),
      repo.selectLastSettledDay(db),
    ]);
    return {
      data: rows.map((row) => {
        const person = people.get(row.partnerId);
        return {
          partnerId: row.partnerId,
          email: person?.email ?? '',
          fullName: person?.fullName ?? '',
          businessName: person?.businessName ?? '',
          commissionPercent: (rates.get(row.partnerId) ?? defaultRate) / 100,
          isDefaultRate: !own.has(row.partnerId),
          unsettled: dollars(row.unsettledCents),
          settling: dollars(row.settlingCents),
          paid: dollars(row.paidCents),
          payoutAccountConnected: accounts.has(row.partnerId),
          // as the partner's calendar shows it: a day whose settlement has passed the sale by is not next
          nextPayoutDate: row.nextPayoutDate && expectedPayoutDay(row.nextPayoutDate, lastSettled),
        };
      }),
      totalCount: only ? rows.length : page.total,
    };
  }

  return {
    balances,

    /** Sets a partner's own commission rate (or back to the default): sales recorded from now on use it. */
    async setCommissionRate(partnerId: string, body: CommissionRateBody, adminId: string): Promise<PartnerBalance> {
      const [partner] = await access.summarizeUsers([partnerId]).then((found) => [...found.values()]);
      if (!partner?.isPartner) throw new AppError('PartnerNotFound');
      const basisPoints = body.commissionPercent === null ? null : Math.round(body.commissionPercent * 100);
      await repo.saveCommissionRate(db, partnerId, basisPoints, adminId);
      log.info({ partnerId, basisPoints }, 'commission rate changed');
      const { data } = await balances({ PageIndex: 1, PageSize: 1, Email: partner.email });
      const [balance] = data;
      if (!balance) throw new AppError('PartnerNotFound');
      return balance;
    },

    async runs(page: PageQuery): Promise<{ data: SettlementRun[]; totalCount: number }> {
      const { limit, offset } = pageBounds(page.PageIndex, page.PageSize);
      const { rows, total } = await repo.selectRunsPage(db, limit, offset);
      return { data: rows.map(toRun), totalCount: total };
    },

    async payouts(query: PayoutQuery): Promise<{ data: Payout[]; totalCount: number }> {
      const { limit, offset } = pageBounds(query.PageIndex, query.PageSize);
      const { rows, total } = await repo.selectPayoutsPage(db, query.Status, limit, offset);
      const people = await access.summarizeUsers([...new Set(rows.map((row) => row.partnerId))]);
      return { data: rows.map((row) => toPayout(row, people.get(row.partnerId)?.email ?? '')), totalCount: total };
    },

    /** An admin's run of the latest payout day, now. */
    async runSettlementNow(): Promise<SettlementRun> {
      return toRun(await settlement.settle(latestPayoutDayOnOrBefore(payoutZoneDate(now())), 'Admin'));
    },

    async retryPayout(id: string): Promise<Payout> {
      const row = await settlement.retryPayout(id);
      const people = await access.summarizeUsers([row.partnerId]);
      return toPayout(row, people.get(row.partnerId)?.email ?? '');
    },
  };
}
