import {
  centsToDollars,
  csvField,
  INCOME_CSV_HEADER,
  type IncomeExportQuery,
  type IncomePage,
  type IncomeQuery,
  type IncomeRecord,
  incomeCsvLine,
  payoutDateOf,
  purchaseRange,
  type SaleRecord,
  type SaleReport,
  splitSale,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { pageBounds } from '../../db/paging.ts';
import { AppError } from '../../lib/errors.ts';
import type { CatalogService } from '../catalog/service.ts';
import * as repo from './repository.ts';

/** How far ahead of this server's clock a sale's time may be: the marketplace's clock may run a little fast. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface IncomeDeps {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  catalog: CatalogService;
  now?: () => Date;
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

function toIncomeRecord(row: repo.IncomeRecordRow, item: ItemSummary | undefined): IncomeRecord {
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
    payoutDate: row.payoutDate,
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

export function createIncomeService({ db, config, log, catalog, now = () => new Date() }: IncomeDeps) {
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
    const items = await catalog.summarizeItemsOf(rows);
    return rows.map((row) => toIncomeRecord(row, items.get(row.itemId)));
  }

  return {
    /** Every sale a filter matches as CSV lines, header first, streamed chunk by chunk. */
    async *exportCsv(ownerId: string, query: IncomeExportQuery, chunkSize?: number): AsyncGenerator<string> {
      yield `${INCOME_CSV_HEADER.map(csvField).join(',')}\r\n`;
      const filter = await filterOf(ownerId, query);
      if (!filter) return;
      for await (const rows of repo.streamIncome(db, filter, chunkSize)) {
        yield (await describe(rows)).map(incomeCsvLine).join('');
      }
    },

    /** A partner's sales, newest first, filtered and paged in SQL; each with its item as it is now. */
    async query(ownerId: string, query: IncomeQuery): Promise<IncomePage> {
      const filter = await filterOf(ownerId, query);
      if (!filter) return { data: [], totalCount: 0 };
      const { limit, offset } = pageBounds(query.PageIndex, query.PageSize);
      const { rows, total } = await repo.selectIncomePage(db, filter, limit, offset);
      return { data: await describe(rows), totalCount: total };
    },

    /** Records a sale the marketplace reports; the same report again answers the same record and stores nothing. */
    async recordSale(report: SaleReport): Promise<SaleRecord> {
      const purchasedAt = new Date(report.purchasedAt);
      if (purchasedAt.getTime() > now().getTime() + CLOCK_SKEW_MS) throw new AppError('SaleDateInFuture');
      const [item] = await catalog.summarizeItems(report.itemType, [report.itemId]);
      if (!item) throw new AppError('SaleItemNotFound');
      const rates = config.feeRates;
      const split = splitSale(report.totalPrice, rates);
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
        commissionBasisPoints: rates.commissionBasisPoints,
        status: 'Unsettled',
        payoutDate: payoutDateOf(purchasedAt),
      });
      if (inserted) {
        log.info({ ownerId: item.ownerId, itemId: item.id }, 'sale recorded');
        return toSaleRecord(inserted);
      }
      const stored = await repo.selectSale(db, report.transactionId);
      if (!stored || !sameSale(stored, report, purchasedAt)) throw new AppError('SaleTransactionConflict');
      return toSaleRecord(stored);
    },

    /** A sale that was never paid for (a chargeback, a failed store payment) is never paid out. */
    async voidSale(transactionId: string): Promise<SaleRecord> {
      const voided = await repo.voidUnsettledSale(db, transactionId, now());
      if (voided) {
        log.info({ ownerId: voided.ownerId }, 'sale voided');
        return toSaleRecord(voided);
      }
      const stored = await repo.selectSale(db, transactionId);
      if (!stored) throw new AppError('SaleNotFound');
      if (stored.status !== 'NonSettlement') throw new AppError('SaleAlreadySettled');
      return toSaleRecord(stored);
    },
  };
}

export type IncomeService = ReturnType<typeof createIncomeService>;
