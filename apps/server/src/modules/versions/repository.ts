import { and, asc, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { insertOne } from '../../db/rows.ts';
import { isInReview, isLiveRelease, reviewMessages, versions } from '../../db/schema/versions.ts';

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
  return insertOne(db, versions, version);
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

/** What the review console shows of a version, with its conversation's size and who wrote last. */
const consoleColumns = {
  id: versions.id,
  itemType: versions.itemType,
  itemId: versions.itemId,
  ownerId: versions.ownerId,
  number: versions.number,
  slot: versions.slot,
  reviewStatus: versions.reviewStatus,
  status: versions.status,
  isLive: versions.isLive,
  releaseOnAcceptance: versions.releaseOnAcceptance,
  updateLog: versions.updateLog,
  iosAssetUrl: versions.iosAssetUrl,
  androidAssetUrl: versions.androidAssetUrl,
  visionOsAssetUrl: versions.visionOsAssetUrl,
  macOsAssetUrl: versions.macOsAssetUrl,
  submittedAt: versions.submittedAt,
  messageCount: sql<number>`"talk"."message_count"`,
  lastBy: sql<ReviewMessageRow['author'] | null>`"talk"."last_by"`,
};
export type ConsoleRow = Pick<VersionRow, Exclude<keyof typeof consoleColumns, 'messageCount' | 'lastBy'>> & {
  messageCount: number;
  lastBy: ReviewMessageRow['author'] | null;
};

/** A page of a console list: its bounds (`limit` null for all) and, answered, its rows and the number of all. */
export interface ConsolePageWanted {
  limit: number | null;
  offset: number;
}
export interface ConsolePage {
  rows: ConsoleRow[];
  total: number;
}

const inReview = isInReview(versions);
const isLive = isLiveRelease(versions);

/** The pages wanted, as `unnest` rows `wanted(page_limit, page_offset, ord)`. */
const wantedPages = sql`unnest(${sql.placeholder('limits')}::int[], ${sql.placeholder('offsets')}::int[])
  with ordinality as wanted(page_limit, page_offset, ord)`;
// LIMIT and OFFSET of the lateral page come from the wanted row; drizzle types them as values
const wantedLimit = sql`wanted.page_limit` as unknown as number;
const wantedOffset = sql`wanted.page_offset` as unknown as number;
const wantedOrd = sql<number>`cast(wanted.ord as integer)`;
/** A version's conversation, read once: how many messages, and the author of the newest. */
const talk = sql`(select cast(count(*) as integer) as message_count,
  (array_agg(m.author order by m.created_at desc, m.id desc))[1] as last_by
  from ${reviewMessages} m where m.version_id = ${versionId}) as "talk"`;

/**
 * Several pages of a console list in one statement, in the order asked: the pages that requests arriving together
 * want share one count of the list (over the index alone, once per statement) and one round trip. Only the pages'
 * rows are read, with their conversations.
 */
function pagesOf(on: Executor, name: string, where: SQL | undefined, order: (table: typeof versions) => SQL[]) {
  const page = on
    .select({ id: versions.id })
    .from(versions)
    .where(where)
    .orderBy(...order(versions))
    .limit(wantedLimit)
    .offset(wantedOffset)
    .as('page');
  return on
    .select({
      ord: wantedOrd,
      total: sql<number>`(select cast(count(*) as integer) from ${versions} where ${where})`,
      row: consoleColumns,
    })
    .from(wantedPages)
    .crossJoinLateral(page)
    .innerJoin(versions, eq(versions.id, page.id))
    .crossJoinLateral(talk)
    .orderBy(wantedOrd, ...order(versions))
    .prepare(name);
}

async function consolePages(
  query: ReturnType<typeof pagesOf>,
  pages: ConsolePageWanted[],
  countAll: () => Promise<number>,
): Promise<ConsolePage[]> {
  const answer = await query.execute({
    limits: pages.map((wanted) => wanted.limit),
    offsets: pages.map((wanted) => wanted.offset),
  });
  const results = pages.map((): ConsolePage => ({ rows: [], total: -1 }));
  for (const { ord, total, row } of answer as Array<{ ord: number; total: number; row: ConsoleRow }>) {
    const result = results[ord - 1];
    if (!result) continue;
    result.rows.push(row);
    result.total = total;
  }
  // a page past the end has no row to carry the count, which is the statement's, the same on every row
  if (results.some((result) => result.total < 0)) {
    const total = results.find((result) => result.total >= 0)?.total ?? (await countAll());
    for (const result of results) if (result.total < 0) result.total = total;
  }
  return results;
}

/** Pages of the versions waiting for or under review, oldest submission first. */
export async function selectReviewQueuePages(db: Executor, pages: ConsolePageWanted[]) {
  const query = prepared(db, 'review_queue_pages', (on) =>
    pagesOf(on, 'review_queue_pages', inReview, (t) => [asc(t.submittedAt), asc(t.id)]),
  );
  return consolePages(query, pages, async () => {
    const [row] = await db.select({ n: count() }).from(versions).where(inReview);
    return row?.n ?? 0;
  });
}

/** Pages of the released, active versions, newest review first. */
export async function selectLiveReleasesPages(db: Executor, pages: ConsolePageWanted[]) {
  const query = prepared(db, 'live_releases_pages', (on) =>
    pagesOf(on, 'live_releases_pages', isLive, (t) => [desc(t.reviewedAt), desc(t.id)]),
  );
  return consolePages(query, pages, async () => {
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

/** The version of an item with this number, if any. */
export async function selectVersionByNumber(
  db: Executor,
  itemType: ItemType,
  itemId: string,
  number: number,
): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(versions)
    .where(and(eq(versions.itemType, itemType), eq(versions.itemId, itemId), eq(versions.number, number)))
    .limit(1);
  return row;
}

/** The live versions of a partner's items of one type; `itemIds` narrows to those items. */
export async function selectLiveVersionsOf(
  db: Executor,
  itemType: ItemType,
  ownerId: string,
  itemIds?: string[],
): Promise<VersionRow[]> {
  return db
    .select()
    .from(versions)
    .where(
      and(
        eq(versions.ownerId, ownerId),
        eq(versions.itemType, itemType),
        isLiveRelease(versions),
        itemIds ? inArray(versions.itemId, itemIds) : undefined,
      ),
    );
}

/**
 * Who wrote a version's latest review message, if anyone. "versions"."id" is qualified by hand: in a select from
 * one table drizzle writes a column unqualified, and `id` would be the message's own.
 */
const lastMessageBy = sql<'Partner' | 'Reviewer' | null>`(select m.author from ${reviewMessages} m
  where m.version_id = "versions"."id" order by m.created_at desc, m.id desc limit 1)`;

/** The testing and release versions of a partner's items, each with the author of its conversation's latest message. */
export async function selectCurrentVersions(db: Executor, ownerId: string) {
  return db
    .select({ version: versions, lastMessageBy })
    .from(versions)
    .where(and(eq(versions.ownerId, ownerId), inArray(versions.slot, ['testing', 'release'])));
}
