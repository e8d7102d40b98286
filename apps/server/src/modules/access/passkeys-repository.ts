import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passkeyChallenges, passkeys } from '../../db/schema/access.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type PasskeyPurpose = (typeof passkeyChallenges.$inferSelect)['purpose'];

export async function insertChallenge(db: Executor, row: typeof passkeyChallenges.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(passkeyChallenges).values(row).returning({ id: passkeyChallenges.id });
  if (!inserted) throw new Error('no passkey challenge inserted');
  return inserted.id;
}

/** Spends a ceremony's challenge once, while it lives: its row, or undefined (unknown, used, expired, other purpose). */
export async function consumeChallenge(db: Executor, id: string, purpose: PasskeyPurpose, now: Date) {
  const [row] = await db
    .update(passkeyChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(passkeyChallenges.id, id),
        eq(passkeyChallenges.purpose, purpose),
        isNull(passkeyChallenges.consumedAt),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Keeps a new passkey; undefined, changing nothing, when its credential is kept already. */
export async function insertPasskey(db: Executor, row: typeof passkeys.$inferInsert): Promise<PasskeyRow | undefined> {
  const [inserted] = await db.insert(passkeys).values(row).onConflictDoNothing().returning();
  return inserted;
}

export const listPasskeys = (db: Executor, userId: string) =>
  db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));

export async function selectPasskeyByCredential(db: Executor, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** Records a sign-in with the passkey: its signature counter and when. */
export async function markPasskeyUsed(db: Executor, id: string, counter: number, at: Date): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id));
}

/** Deletes one of the partner's passkeys: the one deleted, or undefined when it was not theirs to delete. */
export async function deletePasskey(db: Executor, userId: string, id: string) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id, name: passkeys.name });
  return row;
}
