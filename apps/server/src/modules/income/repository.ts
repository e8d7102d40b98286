import { and, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { withTotal } from '../../db/paging.ts';
import { incomeRecords } from '../../db/schema.ts';

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

/** One page of a partner's sales, newest first, and how many match; `limit` null for every row. */
export async function selectIncomePage(db: Executor, filter: IncomeFilter, limit: number | null, offset: number) {
  const where = whereOf(filter);
  const query = db
    .select({ row: incomeRecords, total: sql<number>`cast(count(*) over() as integer)` })
    .from(incomeRecords)
    .where(where)
    .orderBy(desc(incomeRecords.purchasedAt), desc(incomeRecords.id))
    .offset(offset)
    .$dynamic();
  const page = await withTotal(await (limit === null ? query : query.limit(limit)), async () => {
    const [row] = await db.select({ n: count() }).from(incomeRecords).where(where);
    return row?.n ?? 0;
  });
  return { rows: page.rows.map((entry) => entry.row), total: page.total };
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
