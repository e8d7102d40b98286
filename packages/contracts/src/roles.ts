/**
 * Studios' roles and what each may do: no zod here, so that the web's shell (the account menu, the route table, the
 * API client's header) reads the table without loading the schemas. `team.ts` re-exports all of it.
 */

/** The header a request names its studio with; absent: the person's own studio. */
export const STUDIO_HEADER = 'X-Studio-Id';

export const studioRoles = ['Owner', 'Admin', 'Finance', 'Developer', 'Marketing'] as const;
export type StudioRole = (typeof studioRoles)[number];
/** The roles an invitation or a role change may give: ownership only moves through `PUT /api/Team/Owner`. */
export const assignableStudioRoles = ['Admin', 'Finance', 'Developer', 'Marketing'] as const;
export type AssignableStudioRole = (typeof assignableStudioRoles)[number];

/**
 * What a route of the studio needs. A route group names the permission its reads need and the one its changes need
 * (`studioAccess` on the server); the web asks `can(role, permission)` before it shows a menu or a button.
 */
export const studioPermissions = [
  /** Items, their versions, review messages and standing, My Projects: reading them. */
  'items.read',
  /** Creating and deleting items, setting their price. */
  'items.write',
  /** An item's store listing: names, descriptions, images, tags. */
  'listing.write',
  /** Versions: adding, editing, submitting, releasing, taking down; writing to the reviewer. */
  'versions.write',
  /** Builds: uploading them, reading their validation reports, installing them. */
  'builds',
  /** The whitelist of testers. */
  'testers',
  /** VPS stages and their contents. */
  'stages',
  /** The staging console: the game server's hub for the studio's testing versions. */
  'console',
  /** Income, the payout calendar and income exports. */
  'income',
  /** Months of AR placement: buying them and their purchase history. */
  'subscriptions',
  /** The payout account: connecting, reading it, its dashboard. */
  'payout',
  /** API keys of the studio. */
  'apiKeys',
  /** Members and invitations. */
  'members',
  /** The audit log and its export. */
  'audit',
  /** Moving ownership to another member. */
  'ownership',
] as const;
export type StudioPermission = (typeof studioPermissions)[number];

const EVERYTHING_BUT_OWNERS: readonly StudioPermission[] = studioPermissions.filter(
  (permission) => permission !== 'payout' && permission !== 'ownership',
);

/** The one table of who may do what in a studio. */
export const rolePermissions: Record<StudioRole, readonly StudioPermission[]> = {
  Owner: studioPermissions,
  Admin: EVERYTHING_BUT_OWNERS,
  Finance: ['items.read', 'income', 'subscriptions'],
  Developer: [
    'items.read',
    'items.write',
    'listing.write',
    'versions.write',
    'builds',
    'testers',
    'stages',
    'console',
    'apiKeys',
  ],
  Marketing: ['items.read', 'listing.write'],
};

/** Whether `role` may do what `permission` covers. */
export const can = (role: StudioRole, permission: StudioPermission): boolean =>
  rolePermissions[role].includes(permission);

/** The role table explained, for the Team page. */
export const studioRoleDescriptions: Record<StudioRole, string> = {
  Owner: 'Everything, including the payout account, moving ownership and closing the studio. Exactly one.',
  Admin: 'Everything but the payout account and ownership; manages members and reads the audit log.',
  Finance: 'Income, the payout calendar, exports, purchase history and placement subscriptions; reads items.',
  Developer: 'Items, versions, builds, testers, stages, the staging console and API keys; no income.',
  Marketing: 'Store listings: names, descriptions, images and tags; reads versions. No builds, income or price.',
};

/** Members per studio, the owner included. */
export const MAX_STUDIO_MEMBERS = 50;
/** Invitations not yet accepted, revoked or expired, per studio. */
export const MAX_OPEN_INVITATIONS = 100;
/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

/** What a member may stop being mailed about: review results and messages, payouts, placement receipts. */
export const mailKinds = ['review', 'payouts', 'placement'] as const;
export type MailKind = (typeof mailKinds)[number];
/** Who each kind of a studio's mail goes to (less those who muted it). */
export const mailRecipientRoles: Record<MailKind, readonly StudioRole[]> = {
  review: ['Owner', 'Admin', 'Developer'],
  payouts: ['Owner', 'Finance'],
  placement: ['Owner', 'Finance'],
};
export const mailKindLabels: Record<MailKind, string> = {
  review: 'Review results and reviewer messages',
  payouts: 'Payouts and failed payouts',
  placement: 'Placement receipts',
};

export const teamMessages = {
  emailRequired: 'Please input the email of the person to invite',
  roleRequired: 'Please choose a role',
  invited: 'Invitation sent',
  invitationRevoked: 'Invitation withdrawn',
  roleChanged: 'Role changed',
  memberRemoved: 'Member removed',
  left: 'You left the studio',
  ownershipMoved: 'Ownership moved',
  accepted: 'You joined the studio',
  notAllowedPage: 'Your role in this studio does not include this page. Ask the studio’s owner or an admin.',
} as const;
