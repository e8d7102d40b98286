import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The studios' audit log: every change a member made, who made it, to what, when and from where. Rows are only ever
 * inserted: no route changes or deletes one, and the table refuses UPDATE and DELETE itself (a trigger in its
 * migration). No foreign keys: a row outlives the member and the object it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    studioId: uuid('studio_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The member (null: the platform's reviewers, shown as "Lumora review"). */
    actorId: uuid('actor_id'),
    /** Who they were when they acted: their name and email, kept as they were. */
    actorName: text('actor_name').notNull(),
    /** What was done: the operation's id (`submitProductVersion`) or `signIn`. */
    action: text('action').notNull(),
    /** The operation's words (`Submit a version of an AR game for review`). */
    summary: text('summary').notNull(),
    /** The object acted on: its id as the API names it, when there is one. */
    objectId: text('object_id'),
    /** The client's address as the server saw it. */
    ip: text('ip').notNull(),
  },
  (t) => [
    index('audit_events_studio_at_idx').on(t.studioId, t.at.desc(), t.id.desc()),
    index('audit_events_studio_actor_idx').on(t.studioId, t.actorId, t.at.desc()),
  ],
);
