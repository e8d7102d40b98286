import { index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { createdAt } from './columns.ts';

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
