import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const outboxMails = pgTable('outbox_mails', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
});
