import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  max,
  ne,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { withTotal } from '../../db/paging.ts';
import { prepared } from '../../db/prepared.ts';
import { insertOne } from '../../db/rows.ts';
import { commissionRates, incomeRecords, payouts, settlementRuns } from '../../db/schema/income.ts';

export type IncomeRecordRow = typeof incomeRecords.$inferSelect;

/** Stores a sale unless its transaction is already recorded; answers the stored row, or undefined for a replay. */
export async function insertSaleOnce(
  db: Executor,
  sale: typeof incomeRecords.$inferInsert,
): Promise<IncomeRecordRow | undefined> {
  const [row] = await db
    .insert(incomeRecords)
    .values(sale)
    .onConflictDoNothing({ target: incomeRecords.transactionId })
    .returning();
  return row;
}

export async function selectSale(db: Executor, transactionId: string): Promise<IncomeRecordRow | undefined> {
  const [row] = await db.select().from(incomeRecords).where(eq(incomeRecords.transactionId, transactionId));
  return row;
}

/** Marks an unsettled sale as never to be paid; answers it, or undefined when it is not unsettled. */
export async function voidUnsettledSale(
  db: Executor,
  transactionId: string,
  now: Date,
): Promise<IncomeRecordRow | undefined> {
  const [row] = await db
    .update(incomeRecords)
    .set({ status: 'NonSettlement', voidedAt: now })
    .where(and(eq(incomeRecords.transactionId, transactionId), eq(incomeRecords.status, 'Unsettled')))
    .returning();
  return row;
}

export interface IncomeFilter {
  ownerId: string;
  from?: Date;
  to?: Date;
  status?: IncomeRecordRow['status'];
  /** Only the sales of these items (the name filter); empty matches nothing. */
  itemIds?: string[];
}

function whereOf(filter: IncomeFilter): SQL | undefined {
  return and(
    eq(incomeRecords.ownerId, filter.ownerId),
    filter.from ? gte(incomeRecords.purchasedAt, filter.from) : undefined,
    filter.to ? lte(incomeRecords.purchasedAt, filter.to) : undefined,
    filter.status ? eq(incomeRecords.status, filter.status) : undefined,
    filter.itemIds ? inArray(incomeRecords.itemId, filter.itemIds) : undefined,
  );
}

/** One page of a partner's sales, newest first (read along the owner's index); `limit` null for every row. */
export async function selectIncomePage(db: Executor, filter: IncomeFilter, limit: number | null, offset: number) {
  const query = db
    .select()
    .from(incomeRecords)
    .where(whereOf(filter))
    .orderBy(desc(incomeRecords.purchasedAt), desc(incomeRecords.id))
    .offset(offset)
    .$dynamic();
  return limit === null ? query : query.limit(limit);
}

/** How many of a partner's sales a filter matches, counted from the owner's index alone. */
export async function countIncome(db: Executor, filter: IncomeFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(incomeRecords).where(whereOf(filter));
  return row?.n ?? 0;
}

/**
 * Every sale a filter matches, newest first, read in chunks by keyset (purchase time, id) so that memory stays
 * bounded however many there are; the same on PGlite and PostgreSQL.
 */
export async function* streamIncome(db: Executor, filter: IncomeFilter, chunkSize = 1000) {
  let after: { purchasedAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(incomeRecords)
      .where(
        and(
          whereOf(filter),
          after
            ? sql`(${incomeRecords.purchasedAt}, ${incomeRecords.id}) < (${after.purchasedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(incomeRecords.purchasedAt), desc(incomeRecords.id))
      .limit(chunkSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < chunkSize) return;
    after = { purchasedAt: last.purchasedAt, id: last.id };
  }
}

// commission rates

/** The partners' own commission rates, in basis points; partners absent pay the default. */
export async function selectCommissionRates(db: Executor, partnerIds: string[]): Promise<Map<string, number>> {
  if (partnerIds.length === 0) return new Map();
  const rows = await db
    .select({ partnerId: commissionRates.partnerId, basisPoints: commissionRates.commissionBasisPoints })
    .from(commissionRates)
    .where(inArray(commissionRates.partnerId, partnerIds));
  return new Map(rows.map((row) => [row.partnerId, row.basisPoints]));
}

/** Sets a partner's own rate, or with null removes it (the default applies again). */
export async function saveCommissionRate(db: Executor, partnerId: string, basisPoints: number | null, by: string) {
  if (basisPoints === null) {
    await db.delete(commissionRates).where(eq(commissionRates.partnerId, partnerId));
    return;
  }
  await db
    .insert(commissionRates)
    .values({ partnerId, commissionBasisPoints: basisPoints, updatedBy: by })
    .onConflictDoUpdate({
      target: commissionRates.partnerId,
      set: { commissionBasisPoints: basisPoints, updatedBy: by, updatedAt: new Date() },
    });
}

// settlement

export type SettlementRunRow = typeof settlementRuns.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

export async function insertRun(db: Executor, run: typeof settlementRuns.$inferInsert): Promise<SettlementRunRow> {
  return insertOne(db, settlementRuns, run);
}

export async function finishRun(
  db: Executor,
  id: string,
  figures: Pick<SettlementRunRow, 'paidCount' | 'failedCount' | 'waitingCount' | 'totalCents' | 'finishedAt'>,
): Promise<SettlementRunRow> {
  const [row] = await db.update(settlementRuns).set(figures).where(eq(settlementRuns.id, id)).returning();
  if (!row) throw new Error(`settlement run ${id} vanished`);
  return row;
}

/** Whether a run has settled a payout day to its end. */
export async function hasFinishedRun(db: Executor, payoutDate: string): Promise<boolean> {
  const [row] = await db
    .select({ id: settlementRuns.id })
    .from(settlementRuns)
    .where(and(eq(settlementRuns.payoutDate, payoutDate), isNotNull(settlementRuns.finishedAt)))
    .limit(1);
  return row !== undefined;
}

/** The payout day of some payouts, by id. */
export async function selectPayoutDays(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: payouts.id, payoutDate: payouts.payoutDate })
    .from(payouts)
    .where(inArray(payouts.id, ids));
  return new Map(rows.map((row) => [row.id, row.payoutDate]));
}

/** The latest payout day a run has settled to its end, if any. */
export async function selectLastSettledDay(db: Executor): Promise<string | null> {
  const [row] = await db
    .select({ day: max(settlementRuns.payoutDate) })
    .from(settlementRuns)
    .where(isNotNull(settlementRuns.finishedAt));
  return row?.day ?? null;
}

/** The latest payout day a settlement run has started on, finished or not, if any: no sale is recorded due by it. */
export async function selectLatestRunDay(db: Executor): Promise<string | null> {
  const [row] = await db.select({ day: max(settlementRuns.payoutDate) }).from(settlementRuns);
  return row?.day ?? null;
}

/** The partners with unsettled sales due on a payout day: bought before `dueBefore` (`firstPurchaseNotDueBy`). */
export async function selectDuePartners(db: Executor, dueBefore: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ownerId: incomeRecords.ownerId })
    .from(incomeRecords)
    .where(and(eq(incomeRecords.status, 'Unsettled'), lt(incomeRecords.purchasedAt, dueBefore)));
  return rows.map((row) => row.ownerId);
}

/**
 * Makes a partner's payout for a payout day in one statement: every unsettled sale of the partner due by then (bought
 * before `dueBefore`) moves to Settling under the new payout, with its day, and the payout's amount is their income,
 * counted as its first attempt. Answers undefined when nothing was due any more, or the payout exists already (at
 * most one per partner and day): then nothing moved.
 */
export async function createPayout(
  db: Executor,
  payout: { id: string; partnerId: string; payoutDate: string; accountId: string; runId: string; dueBefore: Date },
): Promise<PayoutRow | undefined> {
  try {
    // the sales reference the payout inserted by the same statement: foreign keys are checked at its end
    const result = await db.execute(sql`
      with moved as (
        update ${incomeRecords} set status = 'Settling', payout_id = ${payout.id}, payout_date = ${payout.payoutDate}
        where owner_id = ${payout.partnerId} and status = 'Unsettled'
          and purchased_at < ${payout.dueBefore.toISOString()}::timestamptz
        returning income_cents)
      insert into ${payouts} (id, partner_id, payout_date, account_id, run_id, status, attempts, amount_cents, sales_count)
      select ${payout.id}, ${payout.partnerId}, ${payout.payoutDate}, ${payout.accountId}, ${payout.runId}, 'Pending', 1,
        coalesce(sum(income_cents), 0), count(*)
      from moved having count(*) > 0
      returning id`);
    if ((result as unknown as { rows: unknown[] }).rows.length === 0) return undefined;
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
  return selectPayout(db, payout.id);
}

/** Payouts in some states, oldest payout day first. */
export async function selectPayoutsIn(db: Executor, statuses: PayoutRow['status'][]): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(inArray(payouts.status, statuses))
    .orderBy(asc(payouts.payoutDate), asc(payouts.createdAt));
}

export async function selectPayout(db: Executor, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

/** A refused payout goes to the partner's account as it is now. */
export async function changePayoutAccount(db: Executor, id: string, accountId: string): Promise<void> {
  await db
    .update(payouts)
    .set({ accountId })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'Failed')));
}

/** Counts an attempt at a payout not sent yet; undefined when it has been sent meanwhile. */
export async function countAttempt(db: Executor, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db
    .update(payouts)
    .set({ attempts: sql`${payouts.attempts} + 1` })
    .where(and(eq(payouts.id, id), ne(payouts.status, 'Sent')))
    .returning();
  return row;
}

/** Records a payout's transfer and settles its sales, in one statement (nothing when it was recorded already). */
export async function markPayoutSent(db: Executor, id: string, transferId: string | null, at: Date): Promise<void> {
  await db.execute(sql`
    with sent as (
      update ${payouts} set status = 'Sent', transfer_id = ${transferId}, sent_at = ${at.toISOString()}::timestamptz,
        failure_reason = null
      where id = ${id} and status <> 'Sent'
      returning id)
    update ${incomeRecords} set status = 'Settled', settled_at = ${at.toISOString()}::timestamptz
    where payout_id in (select id from sent) and status = 'Settling'`);
}

/** A refused transfer: the payout waits, Failed, for the next run or an admin's retry; its sales stay Settling. */
export async function markPayoutFailed(db: Executor, id: string, reason: string): Promise<void> {
  await db
    .update(payouts)
    .set({ status: 'Failed', failureReason: reason })
    .where(and(eq(payouts.id, id), ne(payouts.status, 'Sent')));
}

export async function markPayoutMailed(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(payouts).set({ mailedAt: at }).where(eq(payouts.id, id));
}

/** Sent payouts whose partner has not been told yet. */
export async function selectUnmailedPayouts(db: Executor): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'Sent'), isNull(payouts.mailedAt)));
}

// what the partner's page shows above its table

/** A partner's income by Hong Kong month of sale since `since`: paid (Settled) and pending (Unsettled, Settling). */
export async function selectIncomeByMonth(db: Executor, ownerId: string, since: Date) {
  const month = sql<string>`to_char((${incomeRecords.purchasedAt} at time zone 'UTC') + interval '8 hours', 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      paidCents: sql<string>`coalesce(sum(${incomeRecords.incomeCents}) filter (where ${incomeRecords.status} = 'Settled'), 0)`,
      pendingCents: sql<string>`coalesce(sum(${incomeRecords.incomeCents}) filter (where ${incomeRecords.status} in ('Unsettled', 'Settling')), 0)`,
    })
    .from(incomeRecords)
    .where(and(eq(incomeRecords.ownerId, ownerId), gte(incomeRecords.purchasedAt, since)))
    .groupBy(month);
  return rows.map((row) => ({
    month: row.month,
    paidCents: Number(row.paidCents),
    pendingCents: Number(row.pendingCents),
  }));
}

/** A partner's income paid out and still waiting, over all its sales, and whether it has any. */
export async function selectIncomeTotals(db: Executor, ownerId: string) {
  const [row] = await db
    .select({
      sales: count(),
      paidCents: sql<string>`coalesce(sum(${incomeRecords.incomeCents}) filter (where ${incomeRecords.status} = 'Settled'), 0)`,
      waitingCents: sql<string>`coalesce(sum(${incomeRecords.incomeCents}) filter (where ${incomeRecords.status} in ('Unsettled', 'Settling')), 0)`,
    })
    .from(incomeRecords)
    .where(eq(incomeRecords.ownerId, ownerId));
  return {
    sales: Number(row?.sales ?? 0),
    paidCents: Number(row?.paidCents ?? 0),
    waitingCents: Number(row?.waitingCents ?? 0),
  };
}

/** A partner's unsettled income by payout date. */
export async function selectUnsettledByPayoutDate(db: Executor, ownerId: string) {
  const rows = await db
    .select({
      payoutDate: incomeRecords.payoutDate,
      sales: count(),
      cents: sql<string>`sum(${incomeRecords.incomeCents})`,
    })
    .from(incomeRecords)
    .where(and(eq(incomeRecords.ownerId, ownerId), eq(incomeRecords.status, 'Unsettled')))
    .groupBy(incomeRecords.payoutDate)
    .orderBy(asc(incomeRecords.payoutDate));
  return rows.map((row) => ({ payoutDate: row.payoutDate, sales: Number(row.sales), cents: Number(row.cents) }));
}

/** A partner's latest payouts, newest payout day first. */
export async function selectPartnerPayouts(db: Executor, partnerId: string, limit: number): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(eq(payouts.partnerId, partnerId))
    .orderBy(desc(payouts.payoutDate))
    .limit(limit);
}

// the finance team's console

export interface BalanceRow {
  partnerId: string;
  unsettledCents: number;
  settlingCents: number;
  paidCents: number;
  nextPayoutDate: string | null;
}

/**
 * The partners with sales, the most still to pay first, a page at a time (or only `partnerIds`); `limit` null for
 * all. Voided sales count nowhere.
 */
export async function selectBalancesPage(
  db: Executor,
  partnerIds: string[] | undefined,
  limit: number | null,
  offset: number,
): Promise<{ rows: BalanceRow[]; total: number }> {
  const unsettled = sql<string>`coalesce(sum(${incomeRecords.incomeCents}) filter (where ${incomeRecords.status} = 'Unsettled'), 0)`;
  const settling = sql<string>`coalesce(sum(${incomeRecords.incomeCents}) filter (where ${incomeRecords.status} = 'Settling'), 0)`;
  const query = db
    .select({
      partnerId: incomeRecords.ownerId,
      unsettled,
      settling,
      paid: sql<string>`coalesce(sum(${incomeRecords.incomeCents}) filter (where ${incomeRecords.status} = 'Settled'), 0)`,
      nextPayoutDate: sql<
        string | null
      >`min(${incomeRecords.payoutDate}) filter (where ${incomeRecords.status} = 'Unsettled')`,
      total: sql<number>`cast(count(*) over() as integer)`,
    })
    .from(incomeRecords)
    .where(partnerIds ? inArray(incomeRecords.ownerId, partnerIds) : undefined)
    .groupBy(incomeRecords.ownerId)
    .orderBy(sql`${unsettled} + ${settling} desc`, asc(incomeRecords.ownerId))
    .offset(offset)
    .$dynamic();
  const rows = await (limit === null ? query : query.limit(limit));
  const total =
    rows[0]?.total ??
    Number(
      (
        await db
          .select({ n: sql<string>`count(distinct ${incomeRecords.ownerId})` })
          .from(incomeRecords)
          .where(partnerIds ? inArray(incomeRecords.ownerId, partnerIds) : undefined)
      )[0]?.n ?? 0,
    );
  return {
    rows: rows.map((row) => ({
      partnerId: row.partnerId,
      unsettledCents: Number(row.unsettled),
      settlingCents: Number(row.settling),
      paidCents: Number(row.paid),
      nextPayoutDate: row.nextPayoutDate,
    })),
    total,
  };
}

/** Settlement runs, newest first. */
export async function selectRunsPage(db: Executor, limit: number | null, offset: number) {
  const query = db
    .select({ run: settlementRuns, total: sql<number>`cast(count(*) over() as integer)` })
    .from(settlementRuns)
    .orderBy(desc(settlementRuns.startedAt), desc(settlementRuns.id))
    .offset(offset)
    .$dynamic();
  const page = await withTotal(await (limit === null ? query : query.limit(limit)), async () => {
    const [row] = await db.select({ n: count() }).from(settlementRuns);
    return row?.n ?? 0;
  });
  return { rows: page.rows.map((entry) => entry.run), total: page.total };
}

/** Payouts, newest payout day first, in one state or all. */
export async function selectPayoutsPage(
  db: Executor,
  status: PayoutRow['status'] | undefined,
  limit: number | null,
  offset: number,
) {
  const where = status ? eq(payouts.status, status) : undefined;
  const query = db
    .select({ payout: payouts, total: sql<number>`cast(count(*) over() as integer)` })
    .from(payouts)
    .where(where)
    .orderBy(desc(payouts.payoutDate), desc(payouts.createdAt), desc(payouts.id))
    .offset(offset)
    .$dynamic();
  const page = await withTotal(await (limit === null ? query : query.limit(limit)), async () => {
    const [row] = await db.select({ n: count() }).from(payouts).where(where);
    return row?.n ?? 0;
  });
  return { rows: page.rows.map((entry) => entry.payout), total: page.total };
}

/** Whether the marketplace reported a sale of the item to this buyer that still stands (not voided). */
export async function hasStandingSale(db: Executor, itemId: string, buyerEmail: string): Promise<boolean> {
  const [row] = await db
    .select({ id: incomeRecords.id })
    .from(incomeRecords)
    .where(
      and(
        eq(incomeRecords.itemId, itemId),
        eq(incomeRecords.buyerEmail, buyerEmail.toLowerCase()),
        isNull(incomeRecords.voidedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A partner's standing sales (not voided) bought from `from` until `to`, by item: how many, and the partner's income
 * from them in cents; one item's with `itemId`.
 */
export async function selectSalesByItem(
  db: Executor,
  ownerId: string,
  from: Date,
  to: Date,
  itemId?: string,
): Promise<Array<{ itemId: string; itemType: 'Product' | 'Model'; sales: number; incomeCents: number }>> {
  const values = { ownerId, from: from.toISOString(), to: to.toISOString() };
  return itemId === undefined ? salesByItem(db).execute(values) : salesOfItem(db).execute({ ...values, itemId });
}

/** A studio's standing sales from `from` until `to` summed by item (play analytics reads them each minute). */
const salesSums = {
  itemId: incomeRecords.itemId,
  itemType: incomeRecords.itemType,
  sales: sql<number>`count(*)::int`,
  incomeCents: sql<number>`sum(${incomeRecords.incomeCents})::bigint`.mapWith(Number),
};
const standingBetween = and(
  eq(incomeRecords.ownerId, sql.placeholder('ownerId')),
  sql`${incomeRecords.purchasedAt} >= ${sql.placeholder('from')}::timestamptz`,
  sql`${incomeRecords.purchasedAt} < ${sql.placeholder('to')}::timestamptz`,
  isNull(incomeRecords.voidedAt),
);
const salesByItem = (db: Executor) =>
  prepared(db, 'income_sales_by_item', (on) =>
    on
      .select(salesSums)
      .from(incomeRecords)
      .where(standingBetween)
      .groupBy(incomeRecords.itemId, incomeRecords.itemType)
      .prepare('income_sales_by_item'),
  );
const salesOfItem = (db: Executor) =>
  prepared(db, 'income_sales_of_item', (on) =>
    on
      .select(salesSums)
      .from(incomeRecords)
      .where(and(standingBetween, eq(incomeRecords.itemId, sql.placeholder('itemId'))))
      .groupBy(incomeRecords.itemId, incomeRecords.itemType)
      .prepare('income_sales_of_item'),
  );
