import { and, asc, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { isInReview, isLiveRelease, reviewMessages, versions } from '../../db/schema.ts';

export type VersionRow = typeof versions.$inferSelect;
export type ItemType = VersionRow['itemType'];
export type ReviewMessageRow = typeof reviewMessages.$inferSelect;

// written out qualified: drizzle leaves a single table's columns unqualified, where `id` would be the message's
const versionId = sql.raw('"versions"."id"');
const partnerReadAt = sql.raw('"versions"."partner_read_at"');
/** The reviewer messages of a version written after its partner last read the conversation. */
const unreadOfVersion = sql<number>`cast((select count(*) from ${reviewMessages} m where m.version_id = ${versionId}
  and m.author = 'Reviewer' and (${partnerReadAt} is null or m.created_at > ${partnerReadAt})) as integer)`;

/** Every version of an item, newest number first, locked until the transaction ends. */
export async function selectItemVersions(db: Executor, itemType: ItemType, itemId: string) {
  return db
    .select()
    .from(versions)
    .where(and(eq(versions.itemType, itemType), eq(versions.itemId, itemId)))
    .orderBy(desc(versions.number))
    .for('update');
}

/** Every version of some items of one type, newest number first, each with its unread reviewer messages. */
export async function selectItemsVersionsWithUnread(db: Executor, itemType: ItemType, itemIds: string[]) {
  const query = prepared(db, 'items_versions', (on) =>
    on
      .select({ version: versions, unread: unreadOfVersion })
      .from(versions)
      .where(
        and(
          eq(versions.itemType, sql.placeholder('itemType')),
          sql`${versions.itemId} = any(${sql.placeholder('itemIds')}::uuid[])`,
        ),
      )
      .orderBy(desc(versions.number))
      .prepare('items_versions'),
  );
  return query.execute({ itemType, itemIds });
}

export async function selectVersion(db: Executor, id: string): Promise<VersionRow | undefined> {
  const [row] = await db.select().from(versions).where(eq(versions.id, id));
  return row;
}

export async function insertVersion(db: Executor, version: typeof versions.$inferInsert): Promise<VersionRow> {
  const [row] = await db.insert(versions).values(version).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateVersion(db: Executor, id: string, changes: Partial<typeof versions.$inferInsert>) {
  const [row] = await db
    .update(versions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(versions.id, id))
    .returning();
  if (!row) throw new Error(`version ${id} vanished`);
  return row;
}

/**
 * Marks `liveId` as its item's live version and no other (none when null). Cleared first, then set: the one-live
 * index is checked row by row.
 */
export async function setLiveVersion(db: Executor, itemType: ItemType, itemId: string, liveId: string | null) {
  const ofItem = and(eq(versions.itemType, itemType), eq(versions.itemId, itemId));
  await db
    .update(versions)
    .set({ isLive: false })
    .where(and(ofItem, eq(versions.isLive, true), liveId ? sql`${versions.id} <> ${liveId}` : undefined));
  if (liveId)
    await db
      .update(versions)
      .set({ isLive: true })
      .where(and(ofItem, eq(versions.id, liveId)));
}

/** The version the marketplace serves for an item, of either type. */
export async function selectLiveVersion(db: Executor, itemId: string): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(versions)
    .where(and(eq(versions.itemId, itemId), eq(versions.isLive, true)))
    .limit(1);
  return row;
}

/** A version the review console lists, with its conversation's size and who wrote last. */
export type ConsoleRow = VersionRow & { messageCount: number; lastBy: ReviewMessageRow['author'] | null };

/** One page of a console list and its total. */
async function consolePage(
  rows: Array<{ version: VersionRow; total: number; messageCount: number; lastBy: ReviewMessageRow['author'] | null }>,
  countAll: () => Promise<number>,
): Promise<{ rows: ConsoleRow[]; total: number }> {
  const total = rows[0]?.total ?? (await countAll());
  return {
    rows: rows.map(({ version, messageCount, lastBy }) => Object.assign(version, { messageCount, lastBy })),
    total,
  };
}

const inReview = isInReview(versions);
const isLive = isLiveRelease(versions);

/**
 * A page of versions and the number of all that match, with each one's conversation size and last author: the
 * count reads the index alone (a scalar count: a window over a thousand entries cost three times as much), and only
 * the page's rows are read in full and have their messages counted.
 */
function pageOf(on: Executor, name: string, where: SQL | undefined, order: (table: typeof versions) => SQL[]) {
  const page = on.$with('page').as(
    on
      .select({
        id: versions.id,
        total: sql<number>`(select cast(count(*) as integer) from ${versions} where ${where})`.as('total'),
      })
      .from(versions)
      .where(where)
      .orderBy(...order(versions))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  return on
    .with(page)
    .select({
      version: versions,
      total: page.total,
      messageCount: sql<number>`cast((select count(*) from ${reviewMessages} m where m.version_id = ${versionId}) as integer)`,
      lastBy: sql<ReviewMessageRow['author'] | null>`(select m.author from ${reviewMessages} m
        where m.version_id = ${versionId} order by m.created_at desc, m.id desc limit 1)`,
    })
    .from(page)
    .innerJoin(versions, eq(versions.id, page.id))
    .orderBy(...order(versions))
    .prepare(name);
}

/** Versions waiting for or under review, oldest submission first; `limit` null for all. */
export async function selectReviewQueuePage(db: Executor, limit: number | null, offset: number) {
  const query = prepared(db, 'review_queue_page', (on) =>
    pageOf(on, 'review_queue_page', inReview, (t) => [asc(t.submittedAt), asc(t.id)]),
  );
  return consolePage(await query.execute({ limit, offset }), async () => {
    const [row] = await db.select({ n: count() }).from(versions).where(inReview);
    return row?.n ?? 0;
  });
}

/** Released, active versions, newest review first; `limit` null for all. */
export async function selectLiveReleasesPage(db: Executor, limit: number | null, offset: number) {
  const query = prepared(db, 'live_releases_page', (on) =>
    pageOf(on, 'live_releases_page', isLive, (t) => [desc(t.reviewedAt), desc(t.id)]),
  );
  return consolePage(await query.execute({ limit, offset }), async () => {
    const [row] = await db.select({ n: count() }).from(versions).where(isLive);
    return row?.n ?? 0;
  });
}

export async function insertReviewMessage(db: Executor, message: typeof reviewMessages.$inferInsert) {
  await db.insert(reviewMessages).values(message);
}

/** A version's conversation, oldest first. */
export async function selectReviewMessages(db: Executor, versionId: string): Promise<ReviewMessageRow[]> {
  return db
    .select()
    .from(reviewMessages)
    .where(eq(reviewMessages.versionId, versionId))
    .orderBy(asc(reviewMessages.createdAt), asc(reviewMessages.id));
}

/** Per version: the reviewer messages written after the partner last read the conversation (absent: none). */
export async function selectUnreadCounts(db: Executor, versionIds: string[]): Promise<Map<string, number>> {
  if (versionIds.length === 0) return new Map();
  const query = prepared(db, 'unread_counts', (on) =>
    on
      .select({ versionId: reviewMessages.versionId, count: count() })
      .from(reviewMessages)
      .innerJoin(versions, eq(versions.id, reviewMessages.versionId))
      .where(
        and(
          sql`${reviewMessages.versionId} = any(${sql.placeholder('versionIds')}::uuid[])`,
          eq(reviewMessages.author, 'Reviewer'),
          or(isNull(versions.partnerReadAt), gt(reviewMessages.createdAt, versions.partnerReadAt)),
        ),
      )
      .groupBy(reviewMessages.versionId)
      .prepare('unread_counts'),
  );
  const rows = await query.execute({ versionIds });
  return new Map(rows.map((row) => [row.versionId, Number(row.count)]));
}

/**
 * The partner has read a version's conversation up to one of its messages. Never moves back, so an older tab
 * marking what it showed cannot make newer messages unread again; false when the message is not the version's.
 */
export async function markConversationRead(db: Executor, versionId: string, messageId: string): Promise<boolean> {
  const rows = await db
    .update(versions)
    .set({ partnerReadAt: sql`greatest(${versions.partnerReadAt}, ${reviewMessages.createdAt})` })
    .from(reviewMessages)
    .where(and(eq(versions.id, versionId), eq(reviewMessages.id, messageId), eq(reviewMessages.versionId, versionId)))
    .returning({ id: versions.id });
  return rows.length > 0;
}

/** The testing versions of these partners' items that carry at least one build, latest change first. */
export async function selectTestingVersionsOf(db: Executor, ownerIds: string[]): Promise<VersionRow[]> {
  if (ownerIds.length === 0) return [];
  return db
    .select()
    .from(versions)
    .where(
      and(
        inArray(versions.ownerId, ownerIds),
        eq(versions.slot, 'testing'),
        or(
          sql`${versions.iosAssetUrl} is not null`,
          sql`${versions.androidAssetUrl} is not null`,
          sql`${versions.visionOsAssetUrl} is not null`,
          sql`${versions.macOsAssetUrl} is not null`,
        ),
      ),
    )
    .orderBy(desc(versions.updatedAt), desc(versions.id));
}

/** Whether a build URL belongs to one of the partner's testing versions. */
export async function isTestingBuild(db: Executor, ownerId: string, url: string): Promise<boolean> {
  const [row] = await db
    .select({ id: versions.id })
    .from(versions)
    .where(
      and(
        eq(versions.ownerId, ownerId),
        eq(versions.slot, 'testing'),
        or(
          eq(versions.iosAssetUrl, url),
          eq(versions.androidAssetUrl, url),
          eq(versions.visionOsAssetUrl, url),
          eq(versions.macOsAssetUrl, url),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
