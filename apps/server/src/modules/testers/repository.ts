import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { lockKey } from '../../db/locks.ts';
import { whitelistEntries } from '../../db/schema/testers.ts';

export type WhitelistRow = typeof whitelistEntries.$inferSelect;

/** A partner's whitelist, newest first. */
export async function selectWhitelist(db: Executor, ownerId: string): Promise<WhitelistRow[]> {
  return db
    .select()
    .from(whitelistEntries)
    .where(eq(whitelistEntries.ownerId, ownerId))
    .orderBy(desc(whitelistEntries.createdAt), desc(whitelistEntries.id));
}

export async function countWhitelist(db: Executor, ownerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(whitelistEntries).where(eq(whitelistEntries.ownerId, ownerId));
  return row?.n ?? 0;
}

/**
 * Adds a tester unless the partner's whitelist already holds `maxEntries`; undefined then. Additions to one
 * whitelist take turns, so parallel ones cannot all count the same free places.
 */
export async function insertWhitelistEntryWithin(db: Db, ownerId: string, testerId: string, maxEntries: number) {
  return db.transaction(async (tx) => {
    await lockKey(tx, `whitelist:${ownerId}`);
    if ((await countWhitelist(tx, ownerId)) >= maxEntries) return undefined;
    const [row] = await tx.insert(whitelistEntries).values({ ownerId, testerId }).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  });
}

/** Deletes one of the partner's entries and answers whose it was; undefined when it is not theirs or does not exist. */
export async function deleteWhitelistEntry(db: Executor, ownerId: string, id: string): Promise<string | undefined> {
  const [deleted] = await db
    .delete(whitelistEntries)
    .where(and(eq(whitelistEntries.id, id), eq(whitelistEntries.ownerId, ownerId)))
    .returning({ testerId: whitelistEntries.testerId });
  return deleted?.testerId;
}

export async function selectOwnersWhitelisting(db: Executor, testerId: string): Promise<string[]> {
  const rows = await db
    .select({ ownerId: whitelistEntries.ownerId })
    .from(whitelistEntries)
    .where(eq(whitelistEntries.testerId, testerId));
  return rows.map((row) => row.ownerId);
}

export async function isWhitelisted(db: Executor, ownerId: string, testerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: whitelistEntries.id })
    .from(whitelistEntries)
    .where(and(eq(whitelistEntries.ownerId, ownerId), eq(whitelistEntries.testerId, testerId)))
    .limit(1);
  return row !== undefined;
}
