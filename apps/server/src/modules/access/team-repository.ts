import type { MailKind, StudioRole } from '@portal/contracts';
import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { lockKey } from '../../db/locks.ts';
import { prepared } from '../../db/prepared.ts';
import { insertOne } from '../../db/rows.ts';
import { studioInvitations, studioMembers, studios, users } from '../../db/schema/access.ts';

export type InvitationRow = typeof studioInvitations.$inferSelect;

/** A new partner account's own studio, with them as its owner: its id is theirs. */
export async function insertStudioOf(
  db: Executor,
  user: { id: string; firstName: string; lastName: string; registeredBusinessName: string; createdAt: Date },
): Promise<void> {
  const name = user.registeredBusinessName.trim() || `${user.firstName} ${user.lastName}`.trim();
  await db.insert(studios).values({ id: user.id, name, createdAt: user.createdAt }).onConflictDoNothing();
  await db
    .insert(studioMembers)
    .values({ studioId: user.id, userId: user.id, role: 'Owner', joinedAt: user.createdAt })
    .onConflictDoNothing();
}

/** The roles of people in studios, for pairs of a studio and a person: one statement for a batch of requests. */
export async function selectRoles(db: Executor, studioIds: string[], userIds: string[]) {
  const query = prepared(db, 'studio_roles', (on) =>
    on
      .select({ studioId: studioMembers.studioId, userId: studioMembers.userId, role: studioMembers.role })
      .from(studioMembers)
      .where(
        sql`(${studioMembers.studioId}, ${studioMembers.userId}) in (select * from unnest(${sql.placeholder('studioIds')}::uuid[], ${sql.placeholder('userIds')}::uuid[]))`,
      )
      .prepare('studio_roles'),
  );
  return query.execute({ studioIds, userIds });
}

/** The person's role in the studio, when they are a member. */
export async function selectRole(db: Executor, studioId: string, userId: string): Promise<StudioRole | undefined> {
  const [row] = await selectRoles(db, [studioId], [userId]);
  return row?.role;
}

/** The studios a person belongs to, their own (id = theirs) first, then by when they joined. */
export async function selectStudiosOf(db: Executor, userId: string) {
  return db
    .select({
      id: studios.id,
      name: studios.name,
      role: studioMembers.role,
      joinedAt: studioMembers.joinedAt,
      mutedMail: studioMembers.mutedMail,
    })
    .from(studioMembers)
    .innerJoin(studios, eq(studios.id, studioMembers.studioId))
    .where(eq(studioMembers.userId, userId))
    .orderBy(sql`${studios.id} = ${userId} desc`, asc(studioMembers.joinedAt), asc(studios.id));
}

export async function selectStudio(db: Executor, studioId: string) {
  const [row] = await db.select().from(studios).where(eq(studios.id, studioId));
  return row;
}

export async function selectMembers(db: Executor, studioId: string) {
  return db
    .select({
      userId: studioMembers.userId,
      role: studioMembers.role,
      joinedAt: studioMembers.joinedAt,
      mutedMail: studioMembers.mutedMail,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(studioMembers)
    .innerJoin(users, eq(users.id, studioMembers.userId))
    .where(eq(studioMembers.studioId, studioId))
    .orderBy(asc(studioMembers.joinedAt), asc(users.email));
}

export async function selectMember(db: Executor, studioId: string, userId: string) {
  const [row] = await db
    .select()
    .from(studioMembers)
    .where(and(eq(studioMembers.studioId, studioId), eq(studioMembers.userId, userId)));
  return row;
}

/** Holds the studio's membership still until the transaction ends: counts and last-admin checks are then exact. */
export async function lockStudio(tx: Tx, studioId: string): Promise<void> {
  await lockKey(tx, `studio:${studioId}`);
}

export async function countMembers(db: Executor, studioId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(studioMembers).where(eq(studioMembers.studioId, studioId));
  return row?.n ?? 0;
}

export async function insertMember(db: Executor, studioId: string, userId: string, role: StudioRole, at: Date) {
  await db.insert(studioMembers).values({ studioId, userId, role, joinedAt: at });
}

export async function updateRole(db: Executor, studioId: string, userId: string, role: StudioRole): Promise<void> {
  await db
    .update(studioMembers)
    .set({ role })
    .where(and(eq(studioMembers.studioId, studioId), eq(studioMembers.userId, userId)));
}

export async function deleteMember(db: Executor, studioId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(studioMembers)
    .where(and(eq(studioMembers.studioId, studioId), eq(studioMembers.userId, userId)))
    .returning({ userId: studioMembers.userId });
  return rows.length > 0;
}

export async function updateMutedMail(db: Executor, studioId: string, userId: string, muted: MailKind[]) {
  await db
    .update(studioMembers)
    .set({ mutedMail: muted })
    .where(and(eq(studioMembers.studioId, studioId), eq(studioMembers.userId, userId)));
}

/** The emails of the studio's members with one of `roles` who have not muted `kind`. */
export async function selectRecipients(db: Executor, studioId: string, roles: readonly StudioRole[], kind: MailKind) {
  const rows = await db
    .select({ email: users.email })
    .from(studioMembers)
    .innerJoin(users, eq(users.id, studioMembers.userId))
    .where(
      and(
        eq(studioMembers.studioId, studioId),
        inArray(studioMembers.role, [...roles]),
        sql`not (${kind} = any(${studioMembers.mutedMail}))`,
      ),
    )
    .orderBy(asc(studioMembers.joinedAt));
  return rows.map((row) => row.email);
}

const openInvitation = (now: Date) =>
  and(isNull(studioInvitations.acceptedAt), isNull(studioInvitations.revokedAt), gt(studioInvitations.expiresAt, now));

export async function selectOpenInvitations(db: Executor, studioId: string, now: Date) {
  return db
    .select({
      id: studioInvitations.id,
      email: studioInvitations.email,
      role: studioInvitations.role,
      createdAt: studioInvitations.createdAt,
      expiresAt: studioInvitations.expiresAt,
      invitedBy: sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, '')`,
    })
    .from(studioInvitations)
    .leftJoin(users, eq(users.id, studioInvitations.invitedBy))
    .where(and(eq(studioInvitations.studioId, studioId), openInvitation(now)))
    .orderBy(asc(studioInvitations.createdAt));
}

export async function countOpenInvitations(db: Executor, studioId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(studioInvitations)
    .where(and(eq(studioInvitations.studioId, studioId), openInvitation(now)));
  return row?.n ?? 0;
}

export async function hasOpenInvitation(db: Executor, studioId: string, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: studioInvitations.id })
    .from(studioInvitations)
    .where(and(eq(studioInvitations.studioId, studioId), eq(studioInvitations.email, email), openInvitation(now)));
  return row !== undefined;
}

export async function insertInvitation(db: Executor, invitation: typeof studioInvitations.$inferInsert) {
  return insertOne(db, studioInvitations, invitation);
}

export async function revokeInvitation(db: Executor, studioId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(studioInvitations)
    .set({ revokedAt: now })
    .where(and(eq(studioInvitations.id, id), eq(studioInvitations.studioId, studioId), openInvitation(now)))
    .returning({ id: studioInvitations.id });
  return rows.length > 0;
}

/** The open invitations sent to `email`, with their studio's name and who sent them, oldest first. */
export async function selectOpenInvitationsTo(db: Executor, email: string, now: Date) {
  return db
    .select({
      id: studioInvitations.id,
      role: studioInvitations.role,
      expiresAt: studioInvitations.expiresAt,
      studioName: studios.name,
      invitedBy: sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, '')`,
    })
    .from(studioInvitations)
    .innerJoin(studios, eq(studios.id, studioInvitations.studioId))
    .leftJoin(users, eq(users.id, studioInvitations.invitedBy))
    .where(and(eq(studioInvitations.email, email), openInvitation(now)))
    .orderBy(asc(studioInvitations.createdAt));
}

/**
 * Spends an open invitation, named by its token's hash (the mail's link) or its id (the banner's signed token): the
 * row, once; undefined when it is unknown, used, withdrawn or old.
 */
export async function consumeInvitation(db: Executor, by: { tokenHash: string } | { id: string }, now: Date) {
  const named = 'id' in by ? eq(studioInvitations.id, by.id) : eq(studioInvitations.tokenHash, by.tokenHash);
  const [row] = await db
    .update(studioInvitations)
    .set({ acceptedAt: now })
    .where(and(named, openInvitation(now)))
    .returning();
  return row;
}
