import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { connectAttempts, payoutAccounts } from '../../db/schema.ts';

export type ConnectAttemptRow = typeof connectAttempts.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/** The payout accounts of some partners, in no particular order. */
export async function selectPayoutAccounts(db: Executor, userIds: string[]): Promise<PayoutAccountRow[]> {
  const query = prepared(db, 'payout_accounts', (on) =>
    on
      .select()
      .from(payoutAccounts)
      .where(sql`${payoutAccounts.userId} = any(${sql.placeholder('userIds')}::uuid[])`)
      .prepare('payout_accounts'),
  );
  return query.execute({ userIds });
}

export async function selectPayoutAccount(db: Executor, userId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await selectPayoutAccounts(db, [userId]);
  return row;
}

/** Forgets a connected account, found by the provider's id for it; answers whose it was. */
export async function deletePayoutAccountByAccountId(db: Executor, accountId: string): Promise<string | undefined> {
  const [row] = await db
    .delete(payoutAccounts)
    .where(eq(payoutAccounts.accountId, accountId))
    .returning({ userId: payoutAccounts.userId });
  return row?.userId;
}

/** Connecting again replaces the account. */
export async function upsertPayoutAccount(db: Executor, account: typeof payoutAccounts.$inferInsert) {
  await db
    .insert(payoutAccounts)
    .values(account)
    .onConflictDoUpdate({
      target: payoutAccounts.userId,
      set: { accountId: account.accountId, accountType: account.accountType, connectedAt: account.connectedAt },
    });
}

export async function insertConnectAttempt(db: Executor, attempt: typeof connectAttempts.$inferInsert) {
  const [row] = await db.insert(connectAttempts).values(attempt).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function deleteExpiredAttempts(db: Executor, userId: string, now: Date) {
  await db.delete(connectAttempts).where(and(eq(connectAttempts.userId, userId), lt(connectAttempts.expiresAt, now)));
}

export async function selectAttemptByStateHash(db: Executor, stateHash: string) {
  const [row] = await db.select().from(connectAttempts).where(eq(connectAttempts.stateHash, stateHash));
  return row;
}

export async function selectNewestOpenAttempt(
  db: Executor,
  userId: string,
  accountType: ConnectAttemptRow['accountType'],
  now: Date,
) {
  const [row] = await db
    .select()
    .from(connectAttempts)
    .where(
      and(
        eq(connectAttempts.userId, userId),
        eq(connectAttempts.accountType, accountType),
        isNull(connectAttempts.usedAt),
        gt(connectAttempts.expiresAt, now),
      ),
    )
    .orderBy(desc(connectAttempts.createdAt))
    .limit(1);
  return row;
}

/**
 * The Express account the partner's open onboarding uses: the newest one created for an attempt not yet confirmed,
 * unless it is already the partner's connected account.
 */
export async function selectOnboardingExpressAccount(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ accountId: connectAttempts.providerAccountId })
    .from(connectAttempts)
    .leftJoin(
      payoutAccounts,
      and(
        eq(payoutAccounts.userId, connectAttempts.userId),
        eq(payoutAccounts.accountId, connectAttempts.providerAccountId),
      ),
    )
    .where(
      and(
        eq(connectAttempts.userId, userId),
        eq(connectAttempts.accountType, 'Express'),
        isNull(connectAttempts.usedAt),
        isNotNull(connectAttempts.providerAccountId),
        isNull(payoutAccounts.userId),
      ),
    )
    .orderBy(desc(connectAttempts.createdAt))
    .limit(1);
  return row?.accountId ?? undefined;
}

export async function updateAttemptExpress(
  db: Executor,
  id: string,
  changes: { providerAccountId: string; returnCodeHash: string },
) {
  await db.update(connectAttempts).set(changes).where(eq(connectAttempts.id, id));
}

/** Marks an attempt used; false when it was used already. */
export async function useAttemptOnce(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(connectAttempts)
    .set({ usedAt: now })
    .where(and(eq(connectAttempts.id, id), isNull(connectAttempts.usedAt)))
    .returning({ id: connectAttempts.id });
  return rows.length === 1;
}
