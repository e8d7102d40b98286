import { apiKeyScopes, mailKinds, studioRoles } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lowercased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    introduce: text('introduce').notNull().default(''),
    registeredBusinessName: text('registered_business_name').notNull().default(''),
    registeredAddress: text('registered_address').notNull(),
    role: text('role', { enum: ['Partner', 'Admin'] })
      .notNull()
      .default('Partner'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When this session last gave a second factor (its sign-in's second step, or a step-up); null: never. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Partners' API keys: bearer credentials for the partner API within their scopes, never for the account. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The studio the key acts in (a studio's id is its founder's user id). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member who made it, whose role in the studio the key carries; null: the studio's founder (before studios). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes', { enum: apiKeyScopes }).array().notNull(),
    /** sha256 of the secret; the secret itself is shown once and never stored. */
    secretHash: text('secret_hash').notNull().unique(),
    /** The secret's first characters, so that a partner can tell keys apart. */
    secretPrefix: text('secret_prefix').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['register', 'reset', 'two-factor-recovery'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_lookup_idx').on(t.email, t.purpose, t.createdAt)],
);

/**
 * An account's authenticator app (TOTP). A row without `enabled_at` is a setup waiting for its first code. The secret
 * is sealed with AES-256-GCM under a key derived from SECRET_KEY: a copy of the database alone cannot make codes.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  /** The time step of the last code accepted: a code of that step or an earlier one is refused (replay). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
});

/** Single-use recovery codes, HMAC-SHA-256 under SECRET_KEY; the codes themselves are shown once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/** A sign-in waiting for its second step: the password was right; the challenge token names it (sha256 kept). */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/**
 * A request to turn two-step sign-in off by email, for a partner with neither the authenticator nor a recovery code:
 * it takes effect at `dueAt` (3 days on) unless cancelled from a signed-in session. One open request an account.
 */
export const twoFactorRecoveries = pgTable(
  'two_factor_recoveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('two_factor_recoveries_open_key')
      .on(t.userId)
      .where(sql`${t.cancelledAt} is null and ${t.completedAt} is null`),
    index('two_factor_recoveries_due_idx').on(t.dueAt),
  ],
);

/** A partner's passkeys (WebAuthn credentials): the public key only; the private key never leaves the device. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential's id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/** The challenge of a WebAuthn ceremony, kept until its answer comes back (5 minutes, used once). */
export const passkeyChallenges = pgTable('passkey_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  challenge: text('challenge').notNull().unique(),
  /** The partner adding a passkey; null for a sign-in, whose passkey names its account. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/**
 * A studio: a partner account a team shares. Its id is its founder's user id, so that every row a partner owned
 * before studios (keyed by `user_id`) is the studio's in place; the columns named `user_id`/`owner_id` in the owned
 * data hold the studio's id. Who is in it, and with which role, is `studio_members`.
 */
export const studios = pgTable('studios', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** Who belongs to a studio, and their role: exactly one Owner a studio (a partial unique index). */
export const studioMembers = pgTable(
  'studio_members',
  {
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: studioRoles }).notNull(),
    /** The kinds of mail this member asked not to get from this studio. */
    mutedMail: text('muted_mail', { enum: mailKinds }).array().notNull().default(sql`'{}'::text[]`),
    joinedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.studioId, t.userId] }),
    index('studio_members_user_idx').on(t.userId),
    uniqueIndex('studio_members_one_owner_key').on(t.studioId).where(sql`${t.role} = 'Owner'`),
  ],
);

/** An invitation to a studio: a one-time token (sha256 kept) mailed to `email`, valid until `expires_at`. */
export const studioInvitations = pgTable(
  'studio_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    /** Stored lowercased. */
    email: text('email').notNull(),
    role: text('role', { enum: studioRoles }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('studio_invitations_studio_idx').on(t.studioId, t.createdAt),
    // the banner's question, on every signed-in visit: what is open for my email
    index('studio_invitations_open_email_idx')
      .on(t.email)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
  ],
);
