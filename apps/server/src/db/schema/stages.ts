import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { createdAt, updatedAt } from './columns.ts';

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
