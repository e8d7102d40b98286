import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

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
