import {
  centsToDollars,
  csvField,
  expectedPayoutDay,
  INCOME_CSV_HEADER,
  type IncomeExportQuery,
  type IncomePage,
  type IncomeQuery,
  type IncomeRecord,
  type IncomeSummary,
  incomeCsvLine,
  incomeRecordSchema,
  isBeforeEarliestSale,
  type PayoutCalendar,
  payoutZoneDate,
  payoutZoneDayStart,
  purchaseRange,
  type SaleRecord,
  type SaleReport,
  salePayoutDay,
  splitSale,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Caches } from '../../caches.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { pageBounds } from '../../db/paging.ts';
import type { EventEmitter } from '../../events.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import { compileSerializer } from '../../plugins/serializer.ts';
import type { AccessService, TeamService } from '../access/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import type { VersionsService } from '../versions/service.ts';
import { createIncomeConsole } from './console.ts';
import * as repo from './repository.ts';
import { createSettlement, type SettlementStep } from './settlement.ts';

/** How far ahead of this server's clock a sale's time may be: the marketplace's clock may run a little fast. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface IncomeDeps {
  database: Database;
  config: Pick<AppConfig, 'publicUrl' | 'isProduction' | 'feeRates'>;
  log: FastifyBaseLogger;
  mailer: Mailer;
  events: EventEmitter;
  caches: Pick<Caches, 'incomeCounts'>;
  access: AccessService;
  /** Who of a studio is mailed about its payouts: Owner and Finance who have not muted them. */
  team: TeamService;
  catalog: CatalogService;
  /** Which versions an item has, and whether each was released: a sale must name one that was. */
  versions: Pick<VersionsService, 'findVersionByNumber'>;
  payments: PaymentsService;
  /** The income clock: sales, payout days and settlement runs. */
  now: () => Date;
  /** Tests only: called after each step of a payout (settlement.ts). */
  afterSettlementStep?: (step: SettlementStep, payout: repo.PayoutRow) => Promise<void> | void;
}

const dollars = centsToDollars;
const MONTHS_CHARTED = 12;
const RECENT_PAYOUTS = 12;

/** `YYYY-MM` of the Hong Kong month `back` months before the one of `instant`. */
function monthBefore(instant: Date, back: number): string {
  const [year = 0, month = 1] = payoutZoneDate(instant).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 - back, 1)).toISOString().slice(0, 7);
}

function toSaleRecord(row: repo.IncomeRecordRow): SaleRecord {
  return {
    transactionId: row.transactionId,
    itemType: row.itemType,
    itemId: row.itemId,
    version: row.version,
    purchasedAt: row.purchasedAt.toISOString(),
    totalPrice: row.totalCents,
    paymentPlatformFee: row.paymentPlatformFeeCents,
    platformFee: row.platformFeeCents,
    income: row.incomeCents,
    status: row.status,
    payoutDate: row.payoutDate,
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

type ItemSummary = Awaited<ReturnType<CatalogService['summarizeItems']>>[number];

/** When a sale is paid: the day of its payout; unsettled, the day it will be; voided, the day it was due. */
function payoutDayOf(row: repo.IncomeRecordRow, paidOn: Map<string, string>, lastSettled: string | null): string {
  if (row.payoutId) return paidOn.get(row.payoutId) ?? row.payoutDate;
  return row.status === 'Unsettled' ? expectedPayoutDay(row.payoutDate, lastSettled) : row.payoutDate;
}

function toIncomeRecord(row: repo.IncomeRecordRow, item: ItemSummary | undefined, payoutDate: string): IncomeRecord {
  return {
    payment: {
      transactionId: row.transactionId,
      purchasedAt: row.purchasedAt.toISOString(),
      totalPrice: centsToDollars(row.totalCents),
      userPreview: { fullName: row.buyerFullName, email: row.buyerEmail },
      productPreview: {
        itemType: row.itemType,
        name: item?.name ?? (row.itemType === 'Product' ? 'Deleted AR game' : 'Deleted 3D model'),
        image: { url: item?.iconUrl ?? '' },
      },
    },
    income: { money: centsToDollars(row.incomeCents), currency: 'USD' },
    fees: [
      { feeType: 'PaymentPlatformFee', fee: centsToDollars(row.paymentPlatformFeeCents), currency: 'USD' },
      { feeType: 'PlatformFee', fee: centsToDollars(row.platformFeeCents), currency: 'USD' },
    ],
    settledAt: row.settledAt?.toISOString() ?? null,
    status: row.status,
    payoutDate,
  };
}

/** A replayed report is the same sale when everything it says matches what was stored. */
function sameSale(row: repo.IncomeRecordRow, report: SaleReport, purchasedAt: Date): boolean {
  return (
    row.itemType === report.itemType &&
    row.itemId === report.itemId &&
    row.version === report.version &&
    row.buyerEmail === report.buyer.email.toLowerCase() &&
    row.buyerFullName === report.buyer.fullName &&
    row.purchasedAt.getTime() === purchasedAt.getTime() &&
    row.totalCents === report.totalPrice
  );
}

/** The answer to a report of a transaction already recorded: its record, or a conflict when it says otherwise. */
function replayOf(row: repo.IncomeRecordRow, report: SaleReport, purchasedAt: Date): SaleRecord {
  if (!sameSale(row, report, purchasedAt)) throw new AppError('SaleTransactionConflict');
  return toSaleRecord(row);
}

export function createIncomeService(deps: IncomeDeps) {
  const { database, config, log, events, catalog, versions, payments, now } = deps;
  const { db } = database;
  /** Counts of the partners' filters. */
  const counts = deps.caches.incomeCounts;
  const changed = (ownerId: string) => events.emit('salesChanged', { ownerId });
  const settlement = createSettlement({ ...deps, afterStep: deps.afterSettlementStep });
  const defaultRate = config.feeRates.commissionBasisPoints;

  /** The commission rates of some partners in basis points: their own, or the default. */
  async function ratesOf(partnerIds: string[]): Promise<Map<string, number>> {
    const own = await repo.selectCommissionRates(db, partnerIds);
    return new Map(partnerIds.map((id) => [id, own.get(id) ?? defaultRate]));
  }

  /** The partner's filter as the repository takes it; undefined when the name matches none of its items. */
  async function filterOf(ownerId: string, query: IncomeExportQuery): Promise<repo.IncomeFilter | undefined> {
    const itemIds = query.Name ? await catalog.ownedItemIdsNamed(ownerId, query.Name) : undefined;
    if (itemIds?.length === 0) return undefined;
    return {
      ownerId,
      ...purchaseRange(query.PurchaseDateFrom, query.PurchaseDateTo),
      ...(query.Status ? { status: query.Status } : {}),
      ...(itemIds ? { itemIds } : {}),
    };
  }

  /** The records of some rows, each with its item as it is now. */
  async function describe(rows: repo.IncomeRecordRow[]): Promise<IncomeRecord[]> {
    const payoutIds = [...new Set(rows.flatMap((row) => (row.payoutId ? [row.payoutId] : [])))];
    const [items, paidOn, lastSettled] = await Promise.all([
      catalog.summarizeItemsOf(rows),
      repo.selectPayoutDays(db, payoutIds),
      rows.some((row) => row.status === 'Unsettled') ? repo.selectLastSettledDay(db) : null,
    ]);
    return rows.map((row) => toIncomeRecord(row, items.get(row.itemId), payoutDayOf(row, paidOn, lastSettled)));
  }

  return {
    settlement,

    /** Whether the marketplace reported a sale of the item to this buyer that still stands: who may play a paid item. */
    hasBought: (itemId: string, buyerEmail: string) => repo.hasStandingSale(db, itemId, buyerEmail),

    /**
     * The partner's standing sales bought on Hong Kong days `from` to `to` (both included), by item: how many, and
     * the income from them in cents (play analytics); one item's with `itemId`.
     */
    salesByItem: (ownerId: string, from: string, to: string, itemId?: string) =>
      repo.selectSalesByItem(
        db,
        ownerId,
        payoutZoneDayStart(from),
        // Hong Kong keeps no summer time: a day is 24 hours
        new Date(payoutZoneDayStart(to).getTime() + 86_400_000),
        itemId,
      ),

    /** What My Project Income shows above its table: this and last month, what waits, what was paid, by month. */
    async summary(ownerId: string): Promise<IncomeSummary> {
      const current = now();
      const oldest = monthBefore(current, MONTHS_CHARTED - 1);
      // the first instant of the oldest charted month, in Hong Kong time
      const since = payoutZoneDayStart(`${oldest}-01`);
      const [byMonth, totals] = await Promise.all([
        repo.selectIncomeByMonth(db, ownerId, since),
        repo.selectIncomeTotals(db, ownerId),
      ]);
      const found = new Map(byMonth.map((row) => [row.month, row]));
      const months = Array.from({ length: MONTHS_CHARTED }, (_, index) => {
        const month = monthBefore(current, MONTHS_CHARTED - 1 - index);
        const row = found.get(month);
        return { month, paid: dollars(row?.paidCents ?? 0), pending: dollars(row?.pendingCents ?? 0) };
      });
      const incomeOf = (month: string) => {
        const row = found.get(month);
        return dollars((row?.paidCents ?? 0) + (row?.pendingCents ?? 0));
      };
      return {
        thisMonth: incomeOf(monthBefore(current, 0)),
        lastMonth: incomeOf(monthBefore(current, 1)),
        waitingTotal: dollars(totals.waitingCents),
        paidTotal: dollars(totals.paidCents),
        currency: 'USD',
        months,
        hasSales: totals.sales > 0,
      };
    },

    /** The payout calendar: the coming payout days with what each pays, and the latest payouts. */
    async payoutCalendar(ownerId: string): Promise<PayoutCalendar> {
      const [unsettled, lastSettled, recent, accounts] = await Promise.all([
        repo.selectUnsettledByPayoutDate(db, ownerId),
        repo.selectLastSettledDay(db),
        repo.selectPartnerPayouts(db, ownerId, RECENT_PAYOUTS),
        payments.connectedAccountsOf([ownerId]),
      ]);
      const connected = accounts.has(ownerId);
      const byDay = new Map<string, { cents: number; sales: number }>();
      for (const row of unsettled) {
        const day = expectedPayoutDay(row.payoutDate, lastSettled);
        const entry = byDay.get(day) ?? { cents: 0, sales: 0 };
        byDay.set(day, { cents: entry.cents + row.cents, sales: entry.sales + row.sales });
      }
      return {
        upcoming: [...byDay]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([payoutDate, { cents, sales }]) => ({
            payoutDate,
            amount: dollars(cents),
            salesCount: sales,
            waitsOnPayoutAccount: !connected,
          })),
        recent: recent.map((row) => ({
          payoutDate: row.payoutDate,
          amount: dollars(row.amountCents),
          salesCount: row.salesCount,
          status: row.status,
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
        payoutAccountConnected: connected,
        currency: 'USD',
      };
    },

    ...createIncomeConsole({ ...deps, settlement, ratesOf }),

    /**
     * Every sale a filter matches as the query's JSON (`{data, totalCount}`), streamed chunk by chunk as the database
     * answers them, so that PageSize -1 never holds every row at once; the count is of the rows written.
     */
    async *streamQuery(ownerId: string, query: IncomeExportQuery): AsyncGenerator<string> {
      const write = compileSerializer(incomeRecordSchema, !config.isProduction);
      yield '{"data":[';
      let written = 0;
      const filter = await filterOf(ownerId, query);
      if (filter) {
        for await (const rows of repo.streamIncome(db, filter)) {
          const records = (await describe(rows)).map(write).join(',');
          yield written === 0 ? records : `,${records}`;
          written += rows.length;
        }
      }
      yield `],"totalCount":${written}}`;
    },

    /** Every sale a filter matches as CSV lines, header first, streamed chunk by chunk. */
    async *exportCsv(ownerId: string, query: IncomeExportQuery, chunkSize?: number): AsyncGenerator<string> {
      yield `${INCOME_CSV_HEADER.map(csvField).join(',')}\r\n`;
      const filter = await filterOf(ownerId, query);
      if (!filter) return;
      for await (const rows of repo.streamIncome(db, filter, chunkSize)) {
        yield (await describe(rows)).map(incomeCsvLine).join('');
      }
    },

    /**
     * A partner's sales, newest first, filtered and paged in SQL; each with its item as it is now. The count of a
     * filter is kept while the partner pages through it, until its sales change.
     */
    async query(ownerId: string, query: IncomeQuery): Promise<IncomePage> {
      const filter = await filterOf(ownerId, query);
      if (!filter) return { data: [], totalCount: 0 };
      const { limit, offset } = pageBounds(query.PageIndex, query.PageSize);
      const key = JSON.stringify([filter.from, filter.to, filter.status, filter.itemIds]);
      const [rows, total] = await Promise.all([
        repo.selectIncomePage(db, filter, limit, offset),
        counts.readIn(ownerId, key, () => repo.countIncome(db, filter)),
      ]);
      return { data: await describe(rows), totalCount: total };
    },

    /**
     * Records a sale the marketplace reports; the same report again answers the same record and stores nothing. A
     * sale names a version its item released, on or after `EARLIEST_SALE_DAY` and not in the future; it is paid on
     * its payout day, or the next one still open when it comes in after that day's settlement started.
     */
    async recordSale(report: SaleReport): Promise<SaleRecord> {
      const purchasedAt = new Date(report.purchasedAt);
      if (isBeforeEarliestSale(purchasedAt)) throw new AppError('SaleDateTooEarly');
      if (purchasedAt.getTime() > now().getTime() + CLOCK_SKEW_MS) throw new AppError('SaleDateInFuture');
      // a replay answers what was recorded, whatever became of the item since
      const recorded = await repo.selectSale(db, report.transactionId);
      if (recorded) return replayOf(recorded, report, purchasedAt);
      const [item] = await catalog.summarizeItems(report.itemType, [report.itemId]);
      if (!item) throw new AppError('SaleItemNotFound');
      const version = await versions.findVersionByNumber(report.itemType, report.itemId, report.version);
      if (!version) throw new AppError('SaleVersionNotFound');
      if (!version.releasedAt) throw new AppError('SaleVersionNotReleased');
      const [commissionBasisPoints, latestRunDay] = await Promise.all([
        ratesOf([item.ownerId]).then((rates) => rates.get(item.ownerId) ?? defaultRate),
        repo.selectLatestRunDay(db),
      ]);
      const split = splitSale(report.totalPrice, { ...config.feeRates, commissionBasisPoints });
      const inserted = await repo.insertSaleOnce(db, {
        transactionId: report.transactionId,
        ownerId: item.ownerId,
        itemType: report.itemType,
        itemId: report.itemId,
        version: report.version,
        buyerEmail: report.buyer.email.toLowerCase(),
        buyerFullName: report.buyer.fullName,
        purchasedAt,
        totalCents: report.totalPrice,
        paymentPlatformFeeCents: split.paymentPlatformFeeCents,
        platformFeeCents: split.platformFeeCents,
        incomeCents: split.incomeCents,
        commissionBasisPoints,
        status: 'Unsettled',
        payoutDate: salePayoutDay(purchasedAt, latestRunDay),
      });
      if (inserted) {
        changed(item.ownerId);
        log.info({ ownerId: item.ownerId, itemId: item.id }, 'sale recorded');
        return toSaleRecord(inserted);
      }
      // a replay that raced the first report
      const stored = await repo.selectSale(db, report.transactionId);
      if (!stored) throw new AppError('SaleTransactionConflict');
      return replayOf(stored, report, purchasedAt);
    },

    /** A sale that was never paid for (a chargeback, a failed store payment) is never paid out. */
    async voidSale(transactionId: string): Promise<SaleRecord> {
      const voided = await repo.voidUnsettledSale(db, transactionId, now());
      if (voided) {
        changed(voided.ownerId);
        log.info({ ownerId: voided.ownerId }, 'sale voided');
        return toSaleRecord(voided);
      }
      const stored = await repo.selectSale(db, transactionId);
      if (!stored) throw new AppError('SaleNotFound');
      // a payout's amount is fixed when the run makes it: its sales go with it, sent or retried, never voided
      if (stored.status === 'Settling') throw new AppError('SaleInPayout');
      if (stored.status === 'Settled') throw new AppError('SaleAlreadySettled');
      return toSaleRecord(stored);
    },
  };
}

export type IncomeService = ReturnType<typeof createIncomeService>;
