import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** Inserts one row and answers it as stored (with its defaults); an insert that answers none is a bug. */
export async function insertOne<T extends PgTable>(
  db: Executor,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = (await db.insert(table).values(values).returning()) as Array<T['$inferSelect']>;
  if (!row) throw new Error(`an insert into ${getTableName(table)} answered no row`);
  return row;
}
