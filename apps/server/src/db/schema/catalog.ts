import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { createdAt, updatedAt } from './columns.ts';

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
