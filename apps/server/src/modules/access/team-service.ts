import { timingSafeEqual } from 'node:crypto';
import {
  type AssignableStudioRole,
  INVITATION_DAYS,
  INVITATION_PATH,
  type Invitation,
  type InviteBody,
  MAX_OPEN_INVITATIONS,
  MAX_STUDIO_MEMBERS,
  type MailKind,
  mailRecipientRoles,
  type PendingInvitation,
  type Studio,
  type StudioRole,
  type TeamMember,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Caches } from '../../caches.ts';
import type { AppConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { EventEmitter } from '../../events.ts';
import { batchLoader } from '../../lib/batch.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { renderMail } from '../../lib/mail-template.ts';
import { createToken, hmacSha256, sha256 } from '../../lib/tokens.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import * as users from './repository.ts';
import * as repo from './team-repository.ts';

export interface TeamDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl'>;
  log: FastifyBaseLogger;
  events: EventEmitter;
  caches: Pick<Caches, 'memberships'>;
  /** Signs the tokens the banner accepts an invitation with, each for one person. */
  secretKey: string;
  now?: () => Date;
}

/** The studio a request acts in, and the caller's role there. */
export interface StudioMembership {
  studioId: string;
  role: StudioRole;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A token the banner accepts an invitation with: its id and a signature over it and the person it was shown to. */
const PERSONAL_TOKEN = /^personal\.([0-9a-f-]{36})\.([0-9a-f]{64})$/;

/**
 * Studios, their members and invitations (see contracts' team.ts for the roles). A studio's id is its founder's user
 * id, so the data every module keys by its partner's id is the studio's. Which studio a request acts in, and with
 * which role, is `resolve`: kept a while per person on one node (dropped by `membershipChanged`), read every time
 * past one node, so that a removal or a demotion holds on the member's next request everywhere.
 */
export function createTeamService({
  db,
  mailer,
  config,
  log,
  events,
  caches,
  secretKey,
  now = () => new Date(),
}: TeamDeps) {
  const { memberships } = caches;
  const personalSignature = (userId: string, invitationId: string) =>
    hmacSha256(secretKey, `studio-invitation:${userId}:${invitationId}`);
  /** The invitation a token names, spent: the mail's one-time token, or a banner's for this person only. */
  const spendInvitation = async (tx: Executor, userId: string, token: string, at: Date) => {
    const personal = PERSONAL_TOKEN.exec(token);
    if (!personal) return repo.consumeInvitation(tx, { tokenHash: sha256(token) }, at);
    const [, id = '', signature = ''] = personal;
    const expected = Buffer.from(personalSignature(userId, id));
    if (!timingSafeEqual(expected, Buffer.from(signature))) return undefined;
    return repo.consumeInvitation(tx, { id }, at);
  };

  const changed = (studioId: string, userId: string, change: 'added' | 'changed' | 'removed') =>
    events.emit('membershipChanged', { studioId, userId, change });

  // the roles asked for by the requests that arrived together, read with one statement (a studio id, a user id)
  const loadRole = batchLoader(async (keys: string[]) => {
    const pairs = keys.map((key) => key.split(':') as [string, string]);
    const rows = await repo.selectRoles(
      db,
      pairs.map(([studioId]) => studioId),
      pairs.map(([, userId]) => userId),
    );
    return new Map(rows.map((row) => [`${row.studioId}:${row.userId}`, row.role]));
  });

  async function roleOf(studioId: string, userId: string): Promise<StudioRole | undefined> {
    if (!isUuid(studioId)) return undefined;
    const found = await memberships.read(
      `${userId}:${studioId}`,
      async () => {
        const role = await loadRole(`${studioId}:${userId}`);
        return role && { studioId, role };
      },
      () => ({ group: userId }),
    );
    return found?.role;
  }

  /** The studio a person acts in when a request names none: their own, else the first they joined. */
  async function defaultStudio(userId: string): Promise<StudioMembership | undefined> {
    return memberships.read(
      `${userId}:default`,
      async () => {
        // their own studio (its id is theirs), which nearly everyone is in: the batched look-up of one row
        const ownRole = await loadRole(`${userId}:${userId}`);
        if (ownRole) return { studioId: userId, role: ownRole };
        const [first] = await repo.selectStudiosOf(db, userId);
        return first && { studioId: first.id, role: first.role };
      },
      () => ({ group: userId }),
    );
  }

  /** The member's row, or 404 MemberNotFound. */
  async function memberOf(tx: Executor, studioId: string, userId: string) {
    const member = isUuid(userId) ? await repo.selectMember(tx, studioId, userId) : undefined;
    if (!member) throw new AppError('MemberNotFound');
    return member;
  }

  async function listMembers(studioId: string): Promise<TeamMember[]> {
    const rows = await repo.selectMembers(db, studioId);
    return rows.map((row) => ({
      userId: row.userId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role,
      joinedAt: row.joinedAt.toISOString(),
    }));
  }

  function composeInvitation(studioName: string, inviter: string, role: AssignableStudioRole, token: string) {
    return renderMail({
      subject: `${inviter} invited you to ${studioName} on the Lumora Partner Portal`,
      heading: `Join ${studioName}`,
      paragraphs: [
        `${inviter} invited you to work in ${studioName} on the Lumora Partner Portal as ${role}.`,
        `The link works for ${INVITATION_DAYS} days, once. Sign in with this email address, or create an account with it, to accept.`,
        'Already signed in to the portal with this address? The invitation waits for you above every page, too.',
      ],
      action: {
        label: 'Accept the invitation',
        url: `${config.publicUrl}${INVITATION_PATH}?${new URLSearchParams({ token })}`,
      },
      footer: 'If you do not know this studio, you can ignore this mail: nothing happens without you.',
    });
  }

  return {
    /**
     * The studio a request acts in and the caller's role there: the one it names, or the person's default. 403
     * NotStudioMember for a studio they are not (or no longer) in.
     */
    async resolve(userId: string, requestedStudioId: string | undefined): Promise<StudioMembership> {
      if (requestedStudioId === undefined || requestedStudioId === '') {
        const membership = await defaultStudio(userId);
        if (!membership) throw new AppError('NotStudioMember');
        return membership;
      }
      const role = await roleOf(requestedStudioId, userId);
      if (!role) throw new AppError('NotStudioMember');
      return { studioId: requestedStudioId, role };
    },

    /** The person's role in a studio, when they are in it (for the modules above: the console, builds). */
    roleOf,

    async listStudios(userId: string): Promise<Studio[]> {
      const rows = await repo.selectStudiosOf(db, userId);
      return rows.map((row, index) => ({
        id: row.id,
        name: row.name,
        role: row.role,
        isDefault: index === 0,
        mutedMail: row.mutedMail,
      }));
    },

    listMembers,

    async listInvitations(studioId: string): Promise<Invitation[]> {
      const rows = await repo.selectOpenInvitations(db, studioId, now());
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role as AssignableStudioRole,
        invitedBy: row.invitedBy.trim(),
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      }));
    },

    /** Mails a one-time link valid INVITATION_DAYS; the caps count under the studio's lock. */
    async invite(studioId: string, inviterId: string, body: InviteBody): Promise<Invitation> {
      const email = normalizeEmail(body.email);
      const role = body.role as AssignableStudioRole;
      const token = createToken();
      const current = now();
      const expiresAt = new Date(current.getTime() + INVITATION_DAYS * 24 * 60 * 60_000);
      // what the mail says is read before the lock, so that the studio is held only for the counts and the insert
      const [studio, person] = await Promise.all([
        repo.selectStudio(db, studioId),
        users.selectUserById(db, inviterId),
      ]);
      const studioName = studio?.name ?? 'a studio';
      const inviter = person ? `${person.firstName} ${person.lastName}`.trim() : 'A member';
      const row = await db.transaction(async (tx) => {
        await repo.lockStudio(tx, studioId);
        const existing = await users.selectUserByEmail(tx, email);
        if (existing && (await repo.selectMember(tx, studioId, existing.id))) throw new AppError('AlreadyStudioMember');
        if (await repo.hasOpenInvitation(tx, studioId, email, current)) throw new AppError('AlreadyInvited');
        if ((await repo.countMembers(tx, studioId)) >= MAX_STUDIO_MEMBERS) throw new AppError('StudioMemberLimit');
        if ((await repo.countOpenInvitations(tx, studioId, current)) >= MAX_OPEN_INVITATIONS) {
          throw new AppError('InvitationLimit');
        }
        return repo.insertInvitation(tx, {
          studioId,
          email,
          role,
          tokenHash: sha256(token),
          invitedBy: inviterId,
          createdAt: current,
          expiresAt,
        });
      });
      await mailer.send({
        purpose: 'studio-invitation',
        to: email,
        ...composeInvitation(studioName, inviter, role, token),
      });
      log.info({ studioId, invitationId: row.id, role }, 'studio invitation sent');
      return {
        id: row.id,
        email,
        role,
        invitedBy: inviter,
        createdAt: current.toISOString(),
        expiresAt: expiresAt.toISOString(),
      };
    },

    async revokeInvitation(studioId: string, id: string): Promise<void> {
      const revoked = isUuid(id) && (await repo.revokeInvitation(db, studioId, id, now()));
      if (!revoked) throw new AppError('InvitationNotFound');
    },

    /**
     * The open invitations to a person's email, each with a token that accepts it for them only: the banner's, for
     * someone already signed in who need not find the mail.
     */
    async pendingFor(user: { id: string; email: string }): Promise<PendingInvitation[]> {
      const rows = await repo.selectOpenInvitationsTo(db, normalizeEmail(user.email), now());
      return rows.map((row) => ({
        id: row.id,
        studioName: row.studioName,
        role: row.role as AssignableStudioRole,
        invitedBy: row.invitedBy.trim(),
        expiresAt: row.expiresAt.toISOString(),
        token: `personal.${row.id}.${personalSignature(user.id, row.id)}`,
      }));
    },

    /**
     * Joins the signed-in person to the invitation's studio: once, before it expires, for the email it was sent to;
     * by the mail's token, or by the banner's (made for this person).
     */
    async accept(user: { id: string; email: string }, token: string): Promise<Studio> {
      const current = now();
      const studio = await db.transaction(async (tx) => {
        const invitation = await spendInvitation(tx, user.id, token, current);
        if (!invitation) throw new AppError('InvitationInvalid');
        if (invitation.email !== normalizeEmail(user.email)) throw new AppError('InvitationForAnotherEmail');
        await repo.lockStudio(tx, invitation.studioId);
        if (await repo.selectMember(tx, invitation.studioId, user.id)) throw new AppError('AlreadyStudioMember');
        if ((await repo.countMembers(tx, invitation.studioId)) >= MAX_STUDIO_MEMBERS) {
          throw new AppError('StudioMemberLimit');
        }
        await repo.insertMember(tx, invitation.studioId, user.id, invitation.role, current);
        const row = await repo.selectStudio(tx, invitation.studioId);
        return {
          id: invitation.studioId,
          name: row?.name ?? '',
          role: invitation.role,
          isDefault: false,
          mutedMail: [],
        };
      });
      changed(studio.id, user.id, 'added');
      log.info({ studioId: studio.id, userId: user.id, role: studio.role }, 'studio invitation accepted');
      return studio;
    },

    /** Gives a member another role; never the owner's (ownership moves through `transferOwnership`). */
    async changeRole(studioId: string, userId: string, role: AssignableStudioRole): Promise<TeamMember> {
      await db.transaction(async (tx) => {
        await repo.lockStudio(tx, studioId);
        const member = await memberOf(tx, studioId, userId);
        // the owner stays, so a studio never runs out of someone to manage it
        if (member.role === 'Owner') throw new AppError('OwnerRoleFixed');
        await repo.updateRole(tx, studioId, userId, role);
      });
      changed(studioId, userId, 'changed');
      log.info({ studioId, userId, role }, 'studio role changed');
      const member = (await listMembers(studioId)).find((one) => one.userId === userId);
      if (!member) throw new AppError('MemberNotFound');
      return member;
    },

    /**
     * Takes a member out of the studio (or lets one leave); never the owner, who is always there: a studio never loses
     * its last owner-or-admin.
     */
    async removeMember(studioId: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.lockStudio(tx, studioId);
        const member = await memberOf(tx, studioId, userId);
        if (member.role === 'Owner') throw new AppError('OwnerRoleFixed');
        await repo.deleteMember(tx, studioId, userId);
      });
      changed(studioId, userId, 'removed');
      log.info({ studioId, userId }, 'studio member removed');
    },

    /** Moves ownership to an admin; the old owner becomes an admin. The payout account stays with the studio. */
    async transferOwnership(studioId: string, ownerId: string, newOwnerId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.lockStudio(tx, studioId);
        const member = await memberOf(tx, studioId, newOwnerId);
        if (member.userId === ownerId || member.role !== 'Admin') throw new AppError('OwnerMustBeAdmin');
        // the old owner steps down first: one owner a studio, the index says so
        await repo.updateRole(tx, studioId, ownerId, 'Admin');
        await repo.updateRole(tx, studioId, newOwnerId, 'Owner');
      });
      changed(studioId, ownerId, 'changed');
      changed(studioId, newOwnerId, 'changed');
      log.info({ studioId, from: ownerId, to: newOwnerId }, 'studio ownership moved');
    },

    async setMutedMail(studioId: string, userId: string, muted: MailKind[]): Promise<void> {
      await repo.updateMutedMail(db, studioId, userId, [...new Set(muted)]);
    },

    /**
     * Who a studio's mail of `kind` goes to: its members whose role acts on it (`mailRecipientRoles` in contracts)
     * and who have not muted it.
     */
    recipients: (studioId: string, kind: MailKind) =>
      repo.selectRecipients(db, studioId, mailRecipientRoles[kind], kind),
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
