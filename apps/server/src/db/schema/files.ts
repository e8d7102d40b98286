import type { BuildReport } from '@portal/contracts';
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { createdAt } from './columns.ts';

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
