import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { createdAt, updatedAt } from './columns.ts';

/** One sale of a partner's game or 3D model, as the marketplace reported it, split into fees and income. */
export const incomeRecords = pgTable(
  'income_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The marketplace's id of the sale: a report arriving twice is one record. */
    transactionId: text('transaction_id').notNull().unique(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    itemType: text('item_type', { enum: ['Product', 'Model'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    version: integer('version').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerFullName: text('buyer_full_name').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
    totalCents: integer('total_cents').notNull(),
    paymentPlatformFeeCents: integer('payment_platform_fee_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    incomeCents: integer('income_cents').notNull(),
    /** The partner's commission rate when the sale came in, in basis points. */
    commissionBasisPoints: integer('commission_basis_points').notNull(),
    status: text('status', { enum: ['Unsettled', 'Settling', 'Settled', 'NonSettlement'] }).notNull(),
    /** The last day of the second month after the sale, in Hong Kong time. */
    payoutDate: date('payout_date', { mode: 'string' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** The payout that pays it, from the moment a settlement run moves it to Settling. */
    payoutId: uuid('payout_id').references(() => payouts.id),
    createdAt: createdAt(),
  },
  (t) => [
    // in the order pages and exports read (keyset on purchase time and id); status and item ride along so that a
    // filtered count reads the index alone. Descending columns put nulls first, as `order by … desc` does: an index
    // in another null order cannot give a statement its order, and PostgreSQL sorts every match instead
    index('income_records_owner_idx').on(
      t.ownerId,
      t.purchasedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.status,
      t.itemId,
    ),
    index('income_records_due_idx').on(t.status, t.payoutDate),
    index('income_records_payout_idx').on(t.payoutId),
    // whether someone bought an item: who may download a paid live item's builds
    index('income_records_buyer_idx').on(t.itemId, t.buyerEmail),
    check(
      'income_records_split_check',
      sql`${t.paymentPlatformFeeCents} >= 0 and ${t.platformFeeCents} >= 0 and ${t.incomeCents} >= 0
        and ${t.paymentPlatformFeeCents} + ${t.platformFeeCents} + ${t.incomeCents} = ${t.totalCents}`,
    ),
  ],
);

/** A partner's own commission rate, set by an admin; partners without one pay the configured default. */
export const commissionRates = pgTable(
  'commission_rates',
  {
    partnerId: uuid('partner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    commissionBasisPoints: integer('commission_basis_points').notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('commission_rates_range_check', sql`${t.commissionBasisPoints} between 0 and 10000`)],
);

/** One settlement run: the payout day it settled, who started it, and what it did. */
export const settlementRuns = pgTable(
  'settlement_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payoutDate: date('payout_date', { mode: 'string' }).notNull(),
    trigger: text('trigger', { enum: ['Schedule', 'Admin'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    paidCount: integer('paid_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    waitingCount: integer('waiting_count').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('settlement_runs_started_idx').on(t.startedAt.desc().nullsFirst())],
);

/** One partner's transfer for one payout day: never two for the same partner and day. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id),
    payoutDate: date('payout_date', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    salesCount: integer('sales_count').notNull(),
    status: text('status', { enum: ['Pending', 'Sent', 'Failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    failureReason: text('failure_reason'),
    /** The connected account it goes to, fixed when the payout is made. */
    accountId: text('account_id').notNull(),
    transferId: text('transfer_id'),
    runId: uuid('run_id').references(() => settlementRuns.id),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payouts_partner_day_key').on(t.partnerId, t.payoutDate),
    index('payouts_status_idx').on(t.status, t.payoutDate),
    check('payouts_amount_check', sql`${t.amountCents} >= 0`),
  ],
);
