import { and, count, desc, eq, gt, gte, isNotNull, isNull, lt, lte, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { insertOne } from '../../db/rows.ts';
import { connectAttempts, payoutAccounts, providerEvents, subscriptions } from '../../db/schema/payments.ts';

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
  return insertOne(db, connectAttempts, attempt);
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

// placement subscriptions

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function insertSubscription(
  db: Executor,
  subscription: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  return insertOne(db, subscriptions, subscription);
}

export async function updateSubscription(
  db: Executor,
  id: string,
  changes: Partial<typeof subscriptions.$inferInsert>,
) {
  const [row] = await db
    .update(subscriptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  return row;
}

/** A purchase by its checkout session, locked until the transaction ends. */
export async function selectSubscriptionBySessionForUpdate(db: Executor, sessionId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.checkoutSessionId, sessionId))
    .for('update');
  return row;
}

export async function selectSubscriptionBySession(db: Executor, sessionId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, sessionId));
  return row;
}

/** The end of the latest month a partner has bought, if any. */
export async function selectLatestMonthEnd(db: Executor, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ end: max(subscriptions.expiresAt) })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.payStatus, 'Successed')));
  return row?.end ? new Date(row.end) : null;
}

/** Where a partner's paid months stand at an instant: whether one covers it, and when that next changes. */
export interface SubscriptionState {
  isSubscribed: boolean;
  /** The next start or end of a paid month after the instant; undefined when no month is still to come or run. */
  changesAt: Date | undefined;
}

/** The state at `at` of the partners that have a paid month covering it or still to come. */
export async function selectSubscriptionStates(
  db: Executor,
  userIds: string[],
  at: Date,
): Promise<Map<string, SubscriptionState>> {
  if (userIds.length === 0) return new Map();
  const query = prepared(db, 'subscription_states', (on) =>
    on
      .select({
        userId: subscriptions.userId,
        isSubscribed: sql<boolean>`bool_or(${subscriptions.startedAt} <= ${sql.placeholder('at')}::timestamptz)`,
        changesAt: sql<Date>`min(case when ${subscriptions.startedAt} > ${sql.placeholder('at')}::timestamptz
          then ${subscriptions.startedAt} else ${subscriptions.expiresAt} end)`.mapWith(subscriptions.expiresAt),
      })
      .from(subscriptions)
      .where(
        and(
          sql`${subscriptions.userId} = any(${sql.placeholder('userIds')}::uuid[])`,
          sql`${subscriptions.payStatus} = 'Successed'`,
          sql`${subscriptions.expiresAt} > ${sql.placeholder('at')}::timestamptz`,
        ),
      )
      .groupBy(subscriptions.userId)
      .prepare('subscription_states'),
  );
  const rows = await query.execute({ userIds, at: at.toISOString() });
  return new Map(rows.map((row) => [row.userId, { isSubscribed: row.isSubscribed, changesAt: row.changesAt }]));
}

export interface SubscriptionFilter {
  userId: string;
  payStatus?: SubscriptionRow['payStatus'];
  from?: Date;
  to?: Date;
}

/** A partner's purchases, newest first, a page at a time, and how many match. */
export async function selectSubscriptionsPage(
  db: Executor,
  filter: SubscriptionFilter,
  limit: number | null,
  offset: number,
): Promise<{ rows: SubscriptionRow[]; total: number }> {
  const where = and(
    eq(subscriptions.userId, filter.userId),
    filter.payStatus ? eq(subscriptions.payStatus, filter.payStatus) : undefined,
    filter.from ? gte(subscriptions.createdAt, filter.from) : undefined,
    filter.to ? lte(subscriptions.createdAt, filter.to) : undefined,
  );
  const query = db
    .select()
    .from(subscriptions)
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .offset(offset)
    .$dynamic();
  const [rows, counted] = await Promise.all([
    limit === null ? query : query.limit(limit),
    db.select({ n: count() }).from(subscriptions).where(where),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** Records a webhook event once; false when it was handled already. */
export async function recordProviderEvent(db: Executor, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(providerEvents)
    .values({ id, type })
    .onConflictDoNothing({ target: providerEvents.id })
    .returning({ id: providerEvents.id });
  return rows.length > 0;
}
