import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { createdAt, updatedAt } from './columns.ts';

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
