import { z } from 'zod';
import { pageQuerySchema } from './common.ts';
import { purchaseDate, purchaseRange } from './income.ts';
import { assignableStudioRoles, mailKinds, studioRoles, teamMessages } from './roles.ts';
import { emailSchema, paramText } from './validation.ts';

export * from './roles.ts';

/**
 * Studios: a partner account a team shares. Every partner account is a studio with its owner; a person may belong to
 * several and names the one a request acts in with the `X-Studio-Id` header (default: their own). What each role
 * may do is the one table below, which the server's route scopes and the web's menus and buttons both read.
 */

export const studioSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(studioRoles),
  /** Whether this is the person's own studio, the one a request without `X-Studio-Id` acts in. */
  isDefault: z.boolean(),
  /** The kinds of this studio's mail the person asked not to get. */
  mutedMail: z.array(z.enum(mailKinds)),
});
export type Studio = z.infer<typeof studioSchema>;
export const studioListSchema = z.object({ data: z.array(studioSchema) });

export const teamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(studioRoles),
  joinedAt: z.iso.datetime(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMemberListSchema = z.object({ data: z.array(teamMemberSchema) });

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(assignableStudioRoles),
  invitedBy: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ data: z.array(invitationSchema) });

/**
 * `GET /api/Team/Invitations/Mine`: the open invitations sent to the signed-in person's email, for the banner that
 * lets them join without the mail: each with a token that accepts it for this person only.
 */
export const pendingInvitationSchema = z.object({
  id: z.string(),
  studioName: z.string(),
  role: z.enum(assignableStudioRoles),
  invitedBy: z.string(),
  expiresAt: z.iso.datetime(),
  /** For `POST /api/Team/Invitations/Accept`, by this person only (not the mail's one-time token). */
  token: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export const pendingInvitationListSchema = z.object({ data: z.array(pendingInvitationSchema) });

const roleSchema = z.enum(assignableStudioRoles, { error: teamMessages.roleRequired });

export const inviteBodySchema = z.strictObject({
  email: emailSchema,
  role: roleSchema,
});
export type InviteBody = z.input<typeof inviteBodySchema>;

export const acceptInvitationBodySchema = z.strictObject({
  token: z.string().min(1).max(200),
});
export const acceptedInvitationSchema = z.object({ studio: studioSchema });

export const mutedMailBodySchema = z.strictObject({ muted: z.array(z.enum(mailKinds)).max(mailKinds.length) });
export const memberRoleBodySchema = z.strictObject({ role: roleSchema });
export const ownerBodySchema = z.strictObject({ userId: paramText(64) });
export const memberParamsSchema = z.object({ userId: paramText(64) });
export const invitationParamsSchema = z.object({ id: paramText(64) });

/** The audit log's name for what the platform's reviewers did. */
export const LUMORA_REVIEW_ACTOR = 'Lumora review';
export const AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 200;

/** `GET /api/Team/Audit`: a page of the studio's audit log, newest first, with its filters. */
export const auditQuerySchema = pageQuerySchema
  .extend({
    PageSize: z.coerce.number().int().min(1).max(MAX_AUDIT_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
    /** A member's user id. */
    Actor: paramText(64).optional(),
    /** An action: the operation's id (`createProduct`) or `signIn`. */
    Action: paramText(80).optional(),
    From: purchaseDate,
    To: purchaseDate,
  })
  .refine(
    (query) => {
      const { from, to } = purchaseRange(query.From, query.To);
      return !from || !to || from.getTime() <= to.getTime();
    },
    { error: 'From must not be after To', path: ['From'] },
  );
export type AuditQuery = z.infer<typeof auditQuerySchema>;
/** `GET /api/Team/Audit/Export.csv`: the same filters, every matching row. */
export const auditExportQuerySchema = z.object({
  Actor: paramText(64).optional(),
  Action: paramText(80).optional(),
  From: purchaseDate,
  To: purchaseDate,
});
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  /** The member's user id; null for the platform's reviewers. */
  actorId: z.string().nullable(),
  /** Who acted, as they were then: a member's name and email, or "Lumora review". */
  actorName: z.string(),
  action: z.string(),
  summary: z.string(),
  objectId: z.string().nullable(),
  ip: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditPageSchema = z.object({ data: z.array(auditEventSchema), totalCount: z.number().int() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** `GET /api/Team/Audit/Actions`: what the log records, for the Action filter: each action with what it says. */
export const auditActionsSchema = z.array(z.object({ action: z.string(), summary: z.string() }));
export type AuditActions = z.infer<typeof auditActionsSchema>;

export const AUDIT_CSV_HEADER = ['Time (UTC)', 'Who', 'Action', 'What was done', 'Object', 'Address'] as const;
