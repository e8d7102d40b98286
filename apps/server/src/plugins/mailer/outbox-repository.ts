import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outboxMails } from '../../db/schema/outbox.ts';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export async function insertOutboxMail(db: Executor, mail: Omit<OutboxMail, 'createdAt'>) {
  await db.insert(outboxMails).values(mail);
}

export async function listOutboxMails(db: Executor, limit = 200): Promise<OutboxMail[]> {
  const rows = await db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(limit);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
  }));
}
