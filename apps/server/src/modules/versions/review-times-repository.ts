import { and, asc, eq, gte, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { versions } from '../../db/schema/versions.ts';

/**
 * Read-only queries behind the review times. In the queue: waiting for or under review, and active (the partial
 * index `versions_review_queue_idx` reads it in the queue's order, submitted_at then id). Decided: accepted or
 * rejected (`versions_decided_idx` by reviewed_at); the conditions are written with literals, as the indexes are.
 */
const inQueue = sql`${versions.reviewStatus} in ('SubmitedWaitingReview', 'UnderReviewing') and ${versions.status} = 'Active'`;
const decidedSince = (since: Date): SQL =>
  and(
    sql`${versions.reviewStatus} in ('AcceptedAndReleased', 'Rejected')`,
    gte(versions.reviewedAt, since),
    isNotNull(versions.submittedAt),
  ) as SQL;

/** Milliseconds from the last submission to the decision. */
const decisionMs = sql`extract(epoch from (${versions.reviewedAt} - ${versions.submittedAt})) * 1000`;
const medianMs = sql<number | string | null>`percentile_cont(0.5) within group (order by ${decisionMs})`;

const toMs = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.round(Number(value));

export interface StandingVersion {
  id: string;
  ownerId: string;
  itemType: 'Product' | 'Model';
  itemId: string;
  reviewStatus: (typeof versions.$inferSelect)['reviewStatus'];
  status: (typeof versions.$inferSelect)['status'];
}

export async function selectStandingVersion(db: Executor, id: string): Promise<StandingVersion | undefined> {
  const [row] = await db
    .select({
      id: versions.id,
      ownerId: versions.ownerId,
      itemType: versions.itemType,
      itemId: versions.itemId,
      reviewStatus: versions.reviewStatus,
      status: versions.status,
    })
    .from(versions)
    .where(eq(versions.id, id));
  return row;
}

/** The version's place in the queue (1 for the first) and the queue's length; position null when not in it. */
export async function selectQueuePosition(
  db: Executor,
  versionId: string,
): Promise<{ position: number | null; waitingCount: number }> {
  const [row] = await db
    .select({
      waitingCount: sql<number>`cast(count(*) as integer)`,
      position: sql<number | null>`cast(count(*) filter (where (${versions.submittedAt}, ${versions.id}) <=
        (select q.submitted_at, q.id from ${versions} q where q.id = ${versionId}
          and q.review_status in ('SubmitedWaitingReview', 'UnderReviewing') and q.status = 'Active')) as integer)`,
      isQueued: sql<boolean>`bool_or(${versions.id} = ${versionId})`,
    })
    .from(versions)
    .where(inQueue);
  const waitingCount = Number(row?.waitingCount ?? 0);
  return { waitingCount, position: row?.isQueued ? Number(row.position) : null };
}

/** How many versions the queue holds. */
export async function selectQueueLength(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(versions).where(inQueue);
  return Number(row?.n ?? 0);
}

/** The median decision time and the count of decisions since `since`. */
export async function selectDecisionFigures(
  db: Executor,
  since: Date,
): Promise<{ medianDecisionMs: number | null; decisionsCount: number }> {
  const [row] = await db
    .select({ median: medianMs, count: sql<number>`cast(count(*) as integer)` })
    .from(versions)
    .where(decidedSince(since));
  return { medianDecisionMs: toMs(row?.median), decisionsCount: Number(row?.count ?? 0) };
}

/** The same per reviewer (null: not recorded), most decisions first. */
export async function selectReviewerFigures(db: Executor, since: Date) {
  const rows = await db
    .select({
      reviewerId: versions.reviewedBy,
      median: medianMs,
      count: sql<number>`cast(count(*) as integer)`,
      accepted: sql<number>`cast(count(*) filter (where ${versions.reviewStatus} = 'AcceptedAndReleased') as integer)`,
      rejected: sql<number>`cast(count(*) filter (where ${versions.reviewStatus} = 'Rejected') as integer)`,
    })
    .from(versions)
    .where(decidedSince(since))
    .groupBy(versions.reviewedBy)
    .orderBy(sql`count(*) desc`, asc(versions.reviewedBy));
  return rows.map((row) => ({
    reviewerId: row.reviewerId,
    medianDecisionMs: toMs(row.median),
    decisionsCount: Number(row.count),
    acceptedCount: Number(row.accepted),
    rejectedCount: Number(row.rejected),
  }));
}

/** The first versions of the queue, in its order. */
export async function selectQueueHead(db: Executor, limit: number) {
  return db
    .select({
      id: versions.id,
      ownerId: versions.ownerId,
      itemType: versions.itemType,
      itemId: versions.itemId,
      number: versions.number,
      submittedAt: versions.submittedAt,
    })
    .from(versions)
    .where(inQueue)
    .orderBy(asc(versions.submittedAt), asc(versions.id))
    .limit(limit);
}
