import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { lockKey } from '../../db/locks.ts';
import { insertOne } from '../../db/rows.ts';
import { apiKeys, users } from '../../db/schema/access.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A partner's active (not revoked) keys, expired ones included, newest first. */
export async function selectActiveKeys(db: Executor, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

async function countActiveKeys(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

/**
 * Stores a key unless the partner already has `maxKeys` active ones; undefined then. Creations for one partner take
 * turns, so parallel ones cannot all count the same free places.
 */
export async function insertKeyWithin(
  db: Db,
  key: typeof apiKeys.$inferInsert & { userId: string },
  maxKeys: number,
): Promise<ApiKeyRow | undefined> {
  return db.transaction(async (tx) => {
    await lockKey(tx, `api-keys:${key.userId}`);
    if ((await countActiveKeys(tx, key.userId)) >= maxKeys) return undefined;
    return insertOne(tx, apiKeys, key);
  });
}

/** Revokes one of the partner's active keys; false when it is not theirs, does not exist or is already revoked. */
export async function revokeKey(db: Executor, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The live key (not revoked, not expired) with this secret hash, with what authorization needs of its partner. */
export async function selectLiveKey(db: Executor, secretHash: string, now: Date) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      // the member who made it (before studios: the studio's founder), whose role the key carries
      userId: users.id,
      studioId: apiKeys.userId,
      email: users.email,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, sql`coalesce(${apiKeys.createdBy}, ${apiKeys.userId})`))
    .where(
      and(
        eq(apiKeys.secretHash, secretHash),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
      ),
    );
  return row;
}

/** Records a use, unless one was recorded after `since` (by this node or another). */
export async function touchKey(db: Executor, id: string, now: Date, since: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, since))));
}
