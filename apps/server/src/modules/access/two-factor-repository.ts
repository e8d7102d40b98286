import { and, count, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginChallenges, recoveryCodes, totpFactors, twoFactorRecoveries } from '../../db/schema/access.ts';

export type TotpFactorRow = typeof totpFactors.$inferSelect;
export type LoginChallengeRow = typeof loginChallenges.$inferSelect;

export async function selectTotpFactor(db: Executor, userId: string): Promise<TotpFactorRow | undefined> {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  return row;
}

/** Whether the account signs in with a second step. */
export async function hasEnabledTotp(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)));
  return row !== undefined;
}

/**
 * Starts (or starts again) a setup with a new sealed secret; false, changing nothing, when the account already has
 * an enabled authenticator.
 */
export async function startTotpSetup(db: Executor, userId: string, sealedSecret: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(totpFactors)
    .values({ userId, sealedSecret, createdAt: now })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { sealedSecret, createdAt: now, lastUsedStep: null },
      setWhere: isNull(totpFactors.enabledAt),
    })
    .returning({ userId: totpFactors.userId });
  return rows.length > 0;
}

/** Records `step` as the last one used, unless a code of that step or a later one was already accepted (replay). */
export async function acceptTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ lastUsedStep: step })
    .where(
      and(eq(totpFactors.userId, userId), or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step))),
    )
    .returning({ userId: totpFactors.userId });
  return rows.length > 0;
}

export async function enableTotp(db: Executor, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ enabledAt: now })
    .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.enabledAt)))
    .returning({ userId: totpFactors.userId });
  return rows.length > 0;
}

/** Turns the authenticator off with every recovery code and every sign-in waiting for a second step. */
export async function deleteSecondFactors(db: Executor, userId: string): Promise<void> {
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

export async function replaceRecoveryCodes(db: Executor, userId: string, codeHashes: string[], now: Date) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Spends a recovery code: true once for each code; false for a used or unknown one. */
export async function useRecoveryCode(db: Executor, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

export async function insertChallenge(db: Executor, challenge: typeof loginChallenges.$inferInsert): Promise<void> {
  await db.insert(loginChallenges).values(challenge);
}

/** The challenge of `tokenHash` while it may still be answered: not used, not expired, not out of attempts. */
export async function selectLiveChallenge(
  db: Executor,
  tokenHash: string,
  maxAttempts: number,
  now: Date,
): Promise<LoginChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, tokenHash),
        isNull(loginChallenges.consumedAt),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, maxAttempts),
      ),
    );
  return row;
}

/**
 * Counts a wrong code against the challenge, in one statement (concurrent tries cannot pass the limit together):
 * whether the challenge may still be answered after it.
 */
export async function countChallengeFailure(db: Executor, id: string, maxAttempts: number): Promise<boolean> {
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(and(eq(loginChallenges.id, id), lt(loginChallenges.attempts, maxAttempts)))
    .returning({ attempts: loginChallenges.attempts });
  return row !== undefined && row.attempts < maxAttempts;
}

/** Ends the challenge with its sign-in: true for the one request that does, while it is still live. */
export async function consumeChallenge(db: Executor, id: string, maxAttempts: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(loginChallenges.id, id),
        isNull(loginChallenges.consumedAt),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}

/** Starts a recovery by email for the account; false, changing nothing, when one is already waiting. */
export async function insertRecovery(db: Executor, userId: string, requestedAt: Date, dueAt: Date): Promise<boolean> {
  const rows = await db
    .insert(twoFactorRecoveries)
    .values({ userId, requestedAt, dueAt })
    .onConflictDoNothing()
    .returning({ id: twoFactorRecoveries.id });
  return rows.length > 0;
}

const isOpen = and(isNull(twoFactorRecoveries.cancelledAt), isNull(twoFactorRecoveries.completedAt));

/** The account's waiting recovery, if any. */
export async function selectOpenRecovery(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(twoFactorRecoveries)
    .where(and(eq(twoFactorRecoveries.userId, userId), isOpen));
  return row;
}

/** Cancels the account's waiting recovery: whether there was one. */
export async function cancelRecovery(db: Executor, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveries)
    .set({ cancelledAt: at })
    .where(and(eq(twoFactorRecoveries.userId, userId), isOpen))
    .returning({ id: twoFactorRecoveries.id });
  return rows.length > 0;
}

/** The waiting recoveries whose time has come. */
export async function selectDueRecoveries(db: Executor, now: Date) {
  return db
    .select()
    .from(twoFactorRecoveries)
    .where(and(isOpen, lte(twoFactorRecoveries.dueAt, now)));
}

/** Completes a due recovery once: whether this call did (a cancel or another node may have come first). */
export async function completeRecovery(db: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveries)
    .set({ completedAt: at })
    .where(and(eq(twoFactorRecoveries.id, id), isOpen, lte(twoFactorRecoveries.dueAt, at)))
    .returning({ id: twoFactorRecoveries.id });
  return rows.length > 0;
}
