import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageBounds, withTotal } from '../../db/paging.ts';
import { auditEvents } from '../../db/schema/audit.ts';

export type AuditRow = typeof auditEvents.$inferSelect;
export type AuditInsert = typeof auditEvents.$inferInsert;

export interface AuditFilter {
  actorId?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

export async function insertEvents(db: Executor, rows: AuditInsert[]): Promise<void> {
  if (rows.length > 0) await db.insert(auditEvents).values(rows);
}

function where(studioId: string, filter: AuditFilter): SQL | undefined {
  return and(
    eq(auditEvents.studioId, studioId),
    filter.actorId ? eq(auditEvents.actorId, filter.actorId) : undefined,
    filter.action ? eq(auditEvents.action, filter.action) : undefined,
    filter.from ? gte(auditEvents.at, filter.from) : undefined,
    filter.to ? lte(auditEvents.at, filter.to) : undefined,
  );
}

/** A page of the studio's events, newest first, and how many match. */
export async function selectPage(
  db: Executor,
  studioId: string,
  filter: AuditFilter,
  pageIndex: number,
  pageSize: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const { limit, offset } = pageBounds(pageIndex, pageSize);
  const condition = where(studioId, filter);
  const rows = await db
    .select({
      id: auditEvents.id,
      studioId: auditEvents.studioId,
      at: auditEvents.at,
      actorId: auditEvents.actorId,
      actorName: auditEvents.actorName,
      action: auditEvents.action,
      summary: auditEvents.summary,
      objectId: auditEvents.objectId,
      ip: auditEvents.ip,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(auditEvents)
    .where(condition)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit ?? Number.MAX_SAFE_INTEGER)
    .offset(offset);
  return withTotal(rows, async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditEvents)
      .where(condition);
    return row?.n ?? 0;
  });
}

/** The studio's matching events, newest first, `size` at a time after the cursor (for the CSV export). */
export async function selectChunk(
  db: Executor,
  studioId: string,
  filter: AuditFilter,
  after: { at: Date; id: number } | undefined,
  size: number,
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        where(studioId, filter),
        after
          ? sql`(${auditEvents.at}, ${auditEvents.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(size);
}
