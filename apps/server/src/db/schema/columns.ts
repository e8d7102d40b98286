import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was created; every table that has one names it `created_at`. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** When a row last changed. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
