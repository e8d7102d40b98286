import type { BuildReport } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// access

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
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Partners' API keys: bearer credentials for the partner API within their scopes, never for the account. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes', { enum: ['read', 'upload', 'versions'] })
      .array()
      .notNull(),
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
    purpose: text('purpose', { enum: ['register', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_lookup_idx').on(t.email, t.purpose, t.createdAt)],
);

// catalog

export const modelCategories = pgTable('model_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  order: integer('sort_order').notNull(),
});

const catalogColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  iconUrl: text('icon_url').notNull(),
  thumbnailUrl: text('thumbnail_url').notNull(),
  smallThumbnailUrl: text('small_thumbnail_url').notNull(),
  coverThumbnailUrl: text('cover_thumbnail_url').notNull(),
  /** Derived from the versions by the versions module, kept here so lists need one query. */
  status: text('status', {
    enum: ['Draft', 'InTesting', 'WaitingReview', 'UnderReview', 'ReadyToRelease', 'Released', 'Rejected', 'TakenDown'],
  })
    .notNull()
    .default('Draft'),
  /** Since when a version of the item has been on sale without a break; null while none is. */
  releasedAt: timestamp('released_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** AR games. */
export const products = pgTable(
  'products',
  {
    ...catalogColumns(),
    introduce: text('introduce').notNull().default(''),
    tokensToPlay: integer('tokens_to_play').notNull(),
    minPlayers: integer('min_players').notNull(),
    maxPlayers: integer('max_players').notNull(),
  },
  (t) => [
    index('products_owner_idx').on(t.ownerId, t.createdAt.desc().nullsFirst()).where(sql`${t.deletedAt} is null`),
    index('products_released_idx')
      .on(t.releasedAt.desc().nullsFirst())
      .where(sql`${t.releasedAt} is not null and ${t.deletedAt} is null`),
  ],
);

/** 3D models. */
export const models = pgTable(
  'models',
  {
    ...catalogColumns(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => modelCategories.id),
  },
  (t) => [
    index('models_owner_idx').on(t.ownerId, t.createdAt.desc().nullsFirst()).where(sql`${t.deletedAt} is null`),
    index('models_released_idx')
      .on(t.releasedAt.desc().nullsFirst())
      .where(sql`${t.releasedAt} is not null and ${t.deletedAt} is null`),
  ],
);

// versions

/**
 * The versions in the review queue, and the live releases: each defines a partial index, and the statements that
 * read through it write the same condition with literals, so that a statement's one (generic) plan can use it.
 */
export const isInReview = (t: { reviewStatus: AnyPgColumn }) =>
  sql`${t.reviewStatus} in ('SubmitedWaitingReview', 'UnderReviewing')`;
/** The version the marketplace serves for its item (version-rules' `liveVersionOf`, stored by the versions module). */
export const isLiveRelease = (t: { isLive: AnyPgColumn }) => sql`${t.isLive}`;

/** Versions of products and models; ids are unique across both. */
export const versions = pgTable(
  'versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemType: text('item_type', { enum: ['Product', 'Model'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** testing: the one being prepared; release: the one submitted or live; history: every earlier one. */
    slot: text('slot', { enum: ['testing', 'release', 'history'] }).notNull(),
    reviewStatus: text('review_status', {
      enum: ['PrepareForSubmission', 'SubmitedWaitingReview', 'UnderReviewing', 'AcceptedAndReleased', 'Rejected'],
    }).notNull(),
    status: text('status', { enum: ['Active', 'TakeDown'] }).notNull(),
    updateLog: text('update_log').notNull().default(''),
    iosAssetUrl: text('ios_asset_url'),
    androidAssetUrl: text('android_asset_url'),
    visionOsAssetUrl: text('vision_os_asset_url'),
    macOsAssetUrl: text('mac_os_asset_url'),
    unapproveReason: text('unapprove_reason'),
    takeDownRole: text('take_down_role', { enum: ['Developers', 'Admins'] }),
    takeDownReason: text('take_down_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The admin who accepted or rejected it. */
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Chosen at submission: go live on acceptance, or wait for the partner's "Release this version". */
    releaseOnAcceptance: boolean('release_on_acceptance').notNull().default(true),
    /** When it went on sale; null until then. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** The marketplace serves this version for its item: at most one per item. */
    isLive: boolean('is_live').notNull().default(false),
    /** Up to when the partner has read the version's review conversation: later reviewer messages are unread. */
    partnerReadAt: timestamp('partner_read_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('versions_item_number_key').on(t.itemType, t.itemId, t.number),
    uniqueIndex('versions_one_testing_key').on(t.itemType, t.itemId).where(sql`${t.slot} = 'testing'`),
    uniqueIndex('versions_one_release_key').on(t.itemType, t.itemId).where(sql`${t.slot} = 'release'`),
    index('versions_review_queue_idx').on(t.submittedAt, t.id).where(isInReview(t)),
    index('versions_live_idx').on(t.reviewedAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(isLiveRelease(t)),
    uniqueIndex('versions_one_live_key').on(t.itemType, t.itemId).where(isLiveRelease(t)),
    index('versions_decided_idx').on(t.reviewedAt).where(sql`${t.reviewStatus} in ('AcceptedAndReleased', 'Rejected')`),
  ],
);

/** The conversation between a version's partner and the reviewers. */
export const reviewMessages = pgTable(
  'review_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => versions.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['Partner', 'Reviewer'] }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('review_messages_version_idx').on(t.versionId, t.createdAt)],
);

// testers

/** A partner's whitelist: platform users who may install its testing builds. */
export const whitelistEntries = pgTable(
  'whitelist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('whitelist_owner_tester_key').on(t.ownerId, t.testerId),
    index('whitelist_tester_idx').on(t.testerId),
  ],
);

// files

/** One stored object: an upload's original, or one of an image's variants. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The upload this object belongs to (the original and its variants share it). */
    uploadId: uuid('upload_id').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique(),
    variant: text('variant', { enum: ['origin', 'icon', 'small', 'medium'] }).notNull(),
    kind: text('kind', { enum: ['image', 'build', 'video'] }).notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    originalName: text('original_name').notNull(),
    /** What inspecting a build's origin found; null for images and variants. */
    report: jsonb('report').$type<BuildReport>(),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_upload_idx').on(t.uploadId)],
);

// payments

export const payoutAccounts = pgTable('payout_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull(),
  accountType: text('account_type', { enum: ['Standard', 'Express'] }).notNull(),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull(),
});

/** One try to connect a payout account; its `state` travels through the provider and back. */
export const connectAttempts = pgTable(
  'connect_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stateHash: text('state_hash').notNull().unique(),
    accountType: text('account_type', { enum: ['Standard', 'Express'] }).notNull(),
    /** Express: the account created for onboarding, and the hash of the code its return URL carries. */
    providerAccountId: text('provider_account_id'),
    returnCodeHash: text('return_code_hash'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('connect_attempts_user_idx').on(t.userId, t.createdAt)],
);

/** The sandbox provider's own memory of the codes its consent page issued. */
export const sandboxConnectCodes = pgTable('sandbox_connect_codes', {
  codeHash: text('code_hash').primaryKey(),
  accountId: text('account_id').notNull(),
  accountType: text('account_type', { enum: ['Standard', 'Express'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Transfers the sandbox provider made, as Stripe keeps them: one per idempotency key. */
export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    transferGroup: text('transfer_group').notNull(),
    accountId: text('account_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_transfers_account_idx').on(t.accountId, t.createdAt.desc().nullsFirst())],
);

// income

/** One sale of a partner's game or 3D model, as the marketplace reported it, split into fees and income. */
export const incomeRecords = pgTable(
  'income_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The marketplace's id of the sale: a report arriving twice is one record. */
    transactionId: text('transaction_id').notNull().unique(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    itemType: text('item_type', { enum: ['Product', 'Model'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    version: integer('version').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerFullName: text('buyer_full_name').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
    totalCents: integer('total_cents').notNull(),
    paymentPlatformFeeCents: integer('payment_platform_fee_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    incomeCents: integer('income_cents').notNull(),
    /** The partner's commission rate when the sale came in, in basis points. */
    commissionBasisPoints: integer('commission_basis_points').notNull(),
    status: text('status', { enum: ['Unsettled', 'Settling', 'Settled', 'NonSettlement'] }).notNull(),
    /** The last day of the second month after the sale, in Hong Kong time. */
    payoutDate: date('payout_date', { mode: 'string' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** The payout that pays it, from the moment a settlement run moves it to Settling. */
    payoutId: uuid('payout_id').references(() => payouts.id),
    createdAt: createdAt(),
  },
  (t) => [
    // in the order pages and exports read (keyset on purchase time and id); status and item ride along so that a
    // filtered count reads the index alone. Descending columns put nulls first, as `order by … desc` does: an index
    // in another null order cannot give a statement its order, and PostgreSQL sorts every match instead
    index('income_records_owner_idx').on(
      t.ownerId,
      t.purchasedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.status,
      t.itemId,
    ),
    index('income_records_due_idx').on(t.status, t.payoutDate),
    index('income_records_payout_idx').on(t.payoutId),
    check(
      'income_records_split_check',
      sql`${t.paymentPlatformFeeCents} >= 0 and ${t.platformFeeCents} >= 0 and ${t.incomeCents} >= 0
        and ${t.paymentPlatformFeeCents} + ${t.platformFeeCents} + ${t.incomeCents} = ${t.totalCents}`,
    ),
  ],
);

// placement subscriptions

/** One purchase of a month of AR placement: Processing until the payment provider says how it ended. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    amountCents: integer('amount_cents').notNull(),
    payStatus: text('pay_status', { enum: ['Processing', 'Successed', 'Failed', 'Cancelled'] }).notNull(),
    /** The provider's checkout session; null for a free month. */
    checkoutSessionId: text('checkout_session_id').unique(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    check('subscriptions_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/** Webhook events already handled: a replayed event changes nothing twice. */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/** Checkout sessions of the sandbox provider, as Stripe keeps them. */
export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  id: text('id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull(),
  clientReferenceId: text('client_reference_id').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** open → complete (paid or failed) or expired, as Stripe's `status`. */
  status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
  paymentStatus: text('payment_status', { enum: ['unpaid', 'paid', 'failed'] }).notNull(),
  createdAt: createdAt(),
});

// stages

/** Where a placed thing sits relative to its stage's anchor: metres, degrees, factors. */
export interface StoredPlacement {
  position: [number, number, number];
  rotation: [number, number, number];
  scale: [number, number, number];
}

/** A placed piece of content, with the file it shows resolved when it was placed. */
export interface StoredContent extends StoredPlacement {
  id: string;
  type: 'Image' | 'Video' | 'Asset3D' | 'Utility';
  name: string;
  assetId: string | null;
  utility: 'TokenFountain' | 'CouponDispenser' | 'InfoBoard' | null;
  url: string | null;
  thumbnailUrl: string | null;
}

/** An image or video a partner uploaded to place on stages. */
export const stageMedia = pgTable(
  'stage_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['Image', 'Video'] }).notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    createdAt: createdAt(),
  },
  (t) => [index('stage_media_owner_idx').on(t.ownerId, t.createdAt.desc().nullsFirst())],
);

/** A VPS stage: AR content placed around an anchor at a real place, shown by the AR app while published. */
export const stages = pgTable(
  'stages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    altitude: doublePrecision('altitude').notNull(),
    heading: doublePrecision('heading').notNull(),
    anchorId: text('anchor_id').notNull(),
    contents: jsonb('contents').$type<StoredContent[]>().notNull(),
    state: text('state', { enum: ['Draft', 'Published', 'Expired'] }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the partner was told the stage ends in three days; null until then, and again after a new month. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stages_owner_idx').on(t.ownerId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('stages_expiry_idx').on(t.expiresAt).where(sql`${t.state} = 'Published'`),
    // what changed since a node last looked: the nearby index of every node follows the others' writes by it
    index('stages_updated_idx').on(t.updatedAt),
    check('stages_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('stages_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);

/**
 * Stages deleted, by any path (a partner, a cascade): written by the trigger `stages_removed` (migration 0019), read
 * by every node's nearby index to drop them, and pruned after a day by the expiry job.
 */
export const stageRemovals = pgTable(
  'stage_removals',
  {
    stageId: uuid('stage_id').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stage_removals_removed_idx').on(t.removedAt)],
);

/** Images shown one above another as one carousel at one place of a stage, in their order. */
export const stageCarousels = pgTable(
  'stage_carousels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => stages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    images: jsonb('images').$type<Array<{ assetId: string; url: string; thumbnailUrl: string | null }>>().notNull(),
    placement: jsonb('placement').$type<StoredPlacement>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('stage_carousels_stage_idx').on(t.stageId, t.createdAt)],
);

/** A partner's own commission rate, set by an admin; partners without one pay the configured default. */
export const commissionRates = pgTable(
  'commission_rates',
  {
    partnerId: uuid('partner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    commissionBasisPoints: integer('commission_basis_points').notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('commission_rates_range_check', sql`${t.commissionBasisPoints} between 0 and 10000`)],
);

/** One settlement run: the payout day it settled, who started it, and what it did. */
export const settlementRuns = pgTable(
  'settlement_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payoutDate: date('payout_date', { mode: 'string' }).notNull(),
    trigger: text('trigger', { enum: ['Schedule', 'Admin'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    paidCount: integer('paid_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    waitingCount: integer('waiting_count').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('settlement_runs_started_idx').on(t.startedAt.desc().nullsFirst())],
);

/** One partner's transfer for one payout day: never two for the same partner and day. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id),
    payoutDate: date('payout_date', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    salesCount: integer('sales_count').notNull(),
    status: text('status', { enum: ['Pending', 'Sent', 'Failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    failureReason: text('failure_reason'),
    /** The connected account it goes to, fixed when the payout is made. */
    accountId: text('account_id').notNull(),
    transferId: text('transfer_id'),
    runId: uuid('run_id').references(() => settlementRuns.id),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payouts_partner_day_key').on(t.partnerId, t.payoutDate),
    index('payouts_status_idx').on(t.status, t.payoutDate),
    check('payouts_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

// content

export const faqs = pgTable('faqs', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  order: integer('sort_order').notNull(),
  createdAt: createdAt(),
});

export const sdkDocuments = pgTable('sdk_documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  markdown: text('markdown').notNull(),
  order: integer('sort_order').notNull(),
  updatedAt: updatedAt(),
});

export const staticTexts = pgTable(
  'static_texts',
  {
    type: text('type').notNull(),
    culture: text('culture').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.type, t.culture] })],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const contactEnquiries = pgTable('contact_enquiries', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  company: text('company'),
  phoneNumber: text('phone_number'),
  email: text('email').notNull(),
  description: text('description').notNull(),
  createdAt: createdAt(),
});

// mail

export const outboxMails = pgTable('outbox_mails', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
});
