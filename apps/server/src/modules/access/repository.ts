import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, users, verificationCodes } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];

export async function selectUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function selectUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function selectUsersByIds(db: Executor, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

export async function insertUser(db: Executor, user: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert returned no row');
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

/** The live session of a token hash, with what authorization needs of its user. */
export async function selectLiveSession(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row;
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

export async function selectLatestCode(db: Executor, email: string, purpose: CodePurpose) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row;
}

/** A new code replaces every earlier one of the same address and purpose. */
export async function replaceCode(db: Executor, code: typeof verificationCodes.$inferInsert) {
  await db
    .delete(verificationCodes)
    .where(and(eq(verificationCodes.email, code.email), eq(verificationCodes.purpose, code.purpose)));
  await db.insert(verificationCodes).values(code);
}

export async function recordWrongCode(db: Executor, id: string, burnAt: number, now: Date) {
  await db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + 1`,
      consumedAt: sql`case when ${verificationCodes.attempts} + 1 >= ${burnAt} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(eq(verificationCodes.id, id));
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
