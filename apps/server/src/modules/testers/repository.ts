import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { lockKey } from '../../db/locks.ts';
import { prepared } from '../../db/prepared.ts';
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

/** Which of these pairs of a partner and a person are on the whitelist: one statement for a batch of questions. */
export async function selectWhitelistedPairs(
  db: Executor,
  ownerIds: string[],
  testerIds: string[],
): Promise<Array<{ ownerId: string; testerId: string }>> {
  const query = prepared(db, 'whitelisted_pairs', (on) =>
    on
      .select({ ownerId: whitelistEntries.ownerId, testerId: whitelistEntries.testerId })
      .from(whitelistEntries)
      .where(
        sql`(${whitelistEntries.ownerId}, ${whitelistEntries.testerId}) in (select * from unnest(${sql.placeholder('ownerIds')}::uuid[], ${sql.placeholder('testerIds')}::uuid[]))`,
      )
      .prepare('whitelisted_pairs'),
  );
  return query.execute({ ownerIds, testerIds });
}
