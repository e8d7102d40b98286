import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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
