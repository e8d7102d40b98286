import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

/**
 * Holds a lock named `key` until the transaction ends, so that writers of the same key run one after another.
 * For a check-then-write on rows that may not exist yet (a first code, a partner's whitelist), where a row lock
 * has nothing to lock. PGlite runs one transaction at a time and takes it as well.
 */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
