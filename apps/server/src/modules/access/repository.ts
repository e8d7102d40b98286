import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { lockKey } from '../../db/locks.ts';
import { prepared } from '../../db/prepared.ts';
import { insertOne } from '../../db/rows.ts';
import { sessions, users, verificationCodes } from '../../db/schema/access.ts';
import { insertStudioOf } from './team-repository.ts';

export type UserRow = typeof users.$inferSelect;
export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];

export async function selectUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function selectUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const query = prepared(db, 'user_by_id', (on) =>
    on
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('user_by_id'),
  );
  const [row] = await query.execute({ id });
  return row;
}

export async function selectUsersByIds(db: Executor, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  const query = prepared(db, 'users_by_ids', (on) =>
    on
      .select()
      .from(users)
      .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('users_by_ids'),
  );
  return query.execute({ ids });
}

/**
 * A new account, with its own studio, which it owns (a studio's id is its founder's): every account acts in a studio
 * on the partner routes, a platform admin's included.
 */
export async function insertUser(db: Executor, user: typeof users.$inferInsert): Promise<UserRow> {
  const row = await insertOne(db, users, user);
  await insertStudioOf(db, row);
  return row;
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<Omit<typeof users.$inferInsert, 'id' | 'email'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function insertSession(db: Executor, session: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(session);
}

/** Records that the session gave a second factor at `at`. */
export async function markSecondFactor(db: Executor, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ secondFactorAt: at }).where(eq(sessions.id, sessionId));
}

/** When the session last gave a second factor; null when it never did (or is not a session). */
export async function selectSecondFactorAt(db: Executor, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ secondFactorAt: sessions.secondFactorAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.secondFactorAt ?? null;
}

/** The live sessions of some token hashes, with what authorization needs of their users. */
export async function selectLiveSessions(db: Executor, tokenHashes: string[], now: Date) {
  const query = prepared(db, 'live_sessions', (on) =>
    on
      .select({
        tokenHash: sessions.tokenHash,
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        userId: users.id,
        email: users.email,
        role: users.role,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .prepare('live_sessions'),
  );
  return query.execute({ tokenHashes, now });
}

export async function revokeSession(db: Executor, sessionId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user; answers their ids. */
export async function revokeUserSessions(db: Executor, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Ends every live session of a user but `keptSessionId`; answers the ids of those it ended. */
export async function revokeOtherSessions(
  db: Executor,
  userId: string,
  keptSessionId: string,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keptSessionId)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

export async function selectLatestCode(db: Executor, email: string, purpose: CodePurpose) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row;
}

export async function selectCode(db: Executor, id: string) {
  const [row] = await db.select().from(verificationCodes).where(eq(verificationCodes.id, id));
  return row;
}

/**
 * Stores a code in place of every earlier one of the same address and purpose, unless the newest is younger than
 * `resendMs`: answers the milliseconds left to wait then, else 0. Requests for one address and purpose take turns,
 * so two arriving together cannot both issue a code.
 */
export async function issueCode(
  db: Db,
  code: typeof verificationCodes.$inferInsert & { createdAt: Date },
  resendMs: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockKey(tx, `verification-code:${code.purpose}:${code.email}`);
    const latest = await selectLatestCode(tx, code.email, code.purpose);
    const waitMs = latest ? latest.createdAt.getTime() + resendMs - code.createdAt.getTime() : 0;
    if (waitMs > 0) return waitMs;
    await tx
      .delete(verificationCodes)
      .where(and(eq(verificationCodes.email, code.email), eq(verificationCodes.purpose, code.purpose)));
    await tx.insert(verificationCodes).values(code);
    return 0;
  });
}

/**
 * Spends one try of a live code in a single statement: a wrong guess is counted, and the last one allowed burns
 * the code; a right one is not counted. Answers undefined when the code is no longer live (used, burnt, expired or
 * replaced). Parallel tries wait on the row and see each other's counts, so at most `maxAttempts` wrong guesses
 * are ever compared.
 */
export async function tryCode(
  db: Executor,
  id: string,
  codeHash: string,
  maxAttempts: number,
  now: Date,
): Promise<{ isMatch: boolean; attempts: number } | undefined> {
  const isWrong = sql`${verificationCodes.codeHash} <> ${codeHash}`;
  const [row] = await db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + case when ${isWrong} then 1 else 0 end`,
      consumedAt: sql`case when ${isWrong} and ${verificationCodes.attempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz end`,
    })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, maxAttempts),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .returning({
      attempts: verificationCodes.attempts,
      isMatch: sql<boolean>`${verificationCodes.codeHash} = ${codeHash}`,
    });
  return row;
}

/** Marks a code used; false when another request used it first. */
export async function consumeCodeOnce(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}
