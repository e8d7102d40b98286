import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { withTotal } from '../../db/paging.ts';
import { prepared } from '../../db/prepared.ts';
import { insertOne } from '../../db/rows.ts';
import {
  type StoredContent,
  type StoredPlacement,
  stageCarousels,
  stageMedia,
  stageRemovals,
  stages,
} from '../../db/schema/stages.ts';

export type StageRow = typeof stages.$inferSelect;
export type CarouselRow = typeof stageCarousels.$inferSelect;
export type MediaRow = typeof stageMedia.$inferSelect;
export type StageState = StageRow['state'];

export interface StageValues {
  name: string;
  description: string;
  latitude: number;
  longitude: number;
  altitude: number;
  heading: number;
  anchorId: string;
  contents: StoredContent[];
}

export async function insertStage(db: Executor, ownerId: string, values: StageValues): Promise<StageRow> {
  return insertOne(db, stages, { ownerId, ...values, state: 'Draft' });
}

/** Replaces a stage's place and contents; undefined when the partner has no such stage. */
export async function updateStage(
  db: Executor,
  ownerId: string,
  id: string,
  values: StageValues,
): Promise<StageRow | undefined> {
  const [row] = await db
    .update(stages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(stages.id, id), eq(stages.ownerId, ownerId)))
    .returning();
  return row;
}

export async function deleteStage(db: Executor, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(stages)
    .where(and(eq(stages.id, id), eq(stages.ownerId, ownerId)))
    .returning({ id: stages.id });
  return rows.length > 0;
}

export async function selectOwnedStage(db: Executor, ownerId: string, id: string): Promise<StageRow | undefined> {
  const [row] = await db
    .select()
    .from(stages)
    .where(and(eq(stages.id, id), eq(stages.ownerId, ownerId)));
  return row;
}

/**
 * Publishes a stage for a month from `at`, when it is a draft or has expired (at `at`): one statement, so two
 * publishes at once make one. Undefined when it was not publishable.
 */
export async function publishStage(
  db: Executor,
  ownerId: string,
  id: string,
  at: Date,
  expiresAt: Date,
): Promise<StageRow | undefined> {
  const [row] = await db
    .update(stages)
    .set({ state: 'Published', publishedAt: at, expiresAt, reminderSentAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(stages.id, id),
        eq(stages.ownerId, ownerId),
        sql`(${stages.state} <> 'Published' or ${stages.expiresAt} <= ${at.toISOString()}::timestamptz)`,
      ),
    )
    .returning();
  return row;
}

/** A partner's stages, most recently changed first, a page at a time, and how many match. */
export async function selectStagePage(
  db: Executor,
  filter: { ownerId: string; state?: StageState; at: Date },
  limit: number | null,
  offset: number,
): Promise<{ rows: StageRow[]; total: number }> {
  const at = filter.at.toISOString();
  // the state a partner sees: a published stage whose month has ended is expired, job or no job
  const stateIs = (state: StageState) =>
    state === 'Published'
      ? sql`(${stages.state} = 'Published' and ${stages.expiresAt} > ${at}::timestamptz)`
      : state === 'Expired'
        ? sql`(${stages.state} = 'Expired' or (${stages.state} = 'Published' and ${stages.expiresAt} <= ${at}::timestamptz))`
        : sql`${stages.state} = 'Draft'`;
  const where = and(eq(stages.ownerId, filter.ownerId), filter.state ? stateIs(filter.state) : undefined);
  const query = db
    .select({ stage: stages, total: sql<number>`(count(*) over ())::int` })
    .from(stages)
    .where(where)
    .orderBy(desc(stages.updatedAt), desc(stages.id))
    .offset(offset)
    .$dynamic();
  const found = await (limit === null ? query : query.limit(limit));
  const { rows, total } = await withTotal(
    found.map(({ stage, total }) => ({ ...stage, total })),
    async () => (await db.select({ n: count() }).from(stages).where(where))[0]?.n ?? 0,
  );
  return { rows: rows as StageRow[], total };
}

export async function selectCarousels(db: Executor, stageIds: string[]): Promise<CarouselRow[]> {
  if (stageIds.length === 0) return [];
  return db
    .select()
    .from(stageCarousels)
    .where(inArray(stageCarousels.stageId, stageIds))
    .orderBy(stageCarousels.createdAt, stageCarousels.id);
}

export async function countCarousels(db: Executor, stageId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(stageCarousels).where(eq(stageCarousels.stageId, stageId));
  return row?.n ?? 0;
}

export async function insertCarousel(
  db: Executor,
  values: { stageId: string; name: string; images: CarouselRow['images']; placement: StoredPlacement },
): Promise<CarouselRow> {
  return insertOne(db, stageCarousels, values);
}

/** A carousel with its stage's owner, for the ownership check. */
export async function selectOwnedCarousel(db: Executor, ownerId: string, id: string): Promise<CarouselRow | undefined> {
  const [row] = await db
    .select({ carousel: stageCarousels })
    .from(stageCarousels)
    .innerJoin(stages, eq(stages.id, stageCarousels.stageId))
    .where(and(eq(stageCarousels.id, id), eq(stages.ownerId, ownerId)));
  return row?.carousel;
}

export async function updateCarousel(
  db: Executor,
  id: string,
  values: { name: string; images: CarouselRow['images']; placement: StoredPlacement },
): Promise<CarouselRow | undefined> {
  const [row] = await db
    .update(stageCarousels)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(stageCarousels.id, id))
    .returning();
  return row;
}

export async function deleteCarousel(db: Executor, id: string): Promise<void> {
  await db.delete(stageCarousels).where(eq(stageCarousels.id, id));
}

export async function touchStage(db: Executor, id: string): Promise<void> {
  await db.update(stages).set({ updatedAt: sql`now()` }).where(eq(stages.id, id));
}

// assets

export async function insertMedia(
  db: Executor,
  values: { ownerId: string; type: MediaRow['type']; name: string; url: string; thumbnailUrl: string | null },
): Promise<MediaRow> {
  return insertOne(db, stageMedia, values);
}

export interface AssetRow {
  id: string;
  type: 'Asset3D' | 'Image' | 'Video';
  name: string;
  url: string;
  thumbnailUrl: string | null;
  createdAt: Date;
}

/**
 * The images and videos a partner uploaded for stages, newest first: the first `limit` (all with null) and how
 * many there are. `ids` narrows to those.
 */
export async function selectMedia(
  db: Executor,
  ownerId: string,
  filter: { type?: MediaRow['type']; ids?: string[] },
  limit: number | null,
): Promise<{ rows: MediaRow[]; total: number }> {
  const where = and(
    eq(stageMedia.ownerId, ownerId),
    filter.type ? eq(stageMedia.type, filter.type) : undefined,
    filter.ids ? inArray(stageMedia.id, filter.ids) : undefined,
  );
  const query = db.select().from(stageMedia).where(where).orderBy(desc(stageMedia.createdAt), desc(stageMedia.id));
  const [rows, [counted]] = await Promise.all([
    limit === null ? query : query.limit(limit),
    db.select({ n: count() }).from(stageMedia).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

// the AR app

/** A carousel of a nearby stage, as the nearby statement folds it into its stage's row. */
export type NearbyCarousel = Pick<CarouselRow, 'id' | 'stageId' | 'name' | 'images' | 'placement'>;

/** A stage the AR app is answered with: only the columns its answer shows, and its carousels. */
export interface NearbyStageRow
  extends Pick<
    StageRow,
    'id' | 'name' | 'description' | 'latitude' | 'longitude' | 'altitude' | 'heading' | 'anchorId' | 'contents'
  > {
  expiresAt: Date | null;
  carousels: NearbyCarousel[];
}

/** A row's revision: its last change to the microsecond, as text (a Date would drop the microseconds). */
const revisionOf = sql<string>`(extract(epoch from ${stages.updatedAt}) * 1000000)::bigint::text`;

/** Some stages as the AR app is answered with them, each with its revision and its carousels as one JSON array. */
export async function selectNearbyStages(
  db: Executor,
  ids: string[],
): Promise<Array<NearbyStageRow & { revision: string }>> {
  if (ids.length === 0) return [];
  const query = prepared(db, 'stages_nearby_rows', (on) => {
    // "stages"."id" qualified by hand: unqualified, `id` would be the carousel's own
    const carousels = sql<NearbyCarousel[]>`(select coalesce(jsonb_agg(jsonb_build_object('id', c.id,
        'stageId', c.stage_id, 'name', c.name, 'images', c.images, 'placement', c.placement)
        order by c.created_at, c.id), '[]'::jsonb)
      from ${stageCarousels} c where c.stage_id = "stages"."id")`;
    return on
      .select({
        id: stages.id,
        revision: revisionOf,
        name: stages.name,
        description: stages.description,
        latitude: stages.latitude,
        longitude: stages.longitude,
        altitude: stages.altitude,
        heading: stages.heading,
        anchorId: stages.anchorId,
        contents: stages.contents,
        expiresAt: stages.expiresAt,
        carousels,
      })
      .from(stages)
      .where(sql`${stages.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('stages_nearby_rows');
  });
  return query.execute({ ids });
}

/** A published stage as a node's nearby index keeps it: its place, its end and its revision. */
export interface StagePlace {
  id: string;
  state: StageState;
  latitude: number;
  longitude: number;
  expiresAt: Date | null;
  revision: string;
}

const placeColumns = {
  id: stages.id,
  state: stages.state,
  latitude: stages.latitude,
  longitude: stages.longitude,
  expiresAt: stages.expiresAt,
  revision: revisionOf,
};

/** The database's clock: where a node's next look for changes starts from. */
async function databaseNow(db: Executor): Promise<Date> {
  const result = await db.execute(sql`select now() as at`);
  return new Date((result as unknown as { rows: Array<{ at: string | Date }> }).rows[0]?.at as string);
}

/** The studios that own these stages, by stage id; a stage deleted since is absent. */
export async function selectStageSummaries(
  db: Executor,
  ids: string[],
): Promise<Array<{ id: string; ownerId: string; name: string }>> {
  if (ids.length === 0) return [];
  const query = prepared(db, 'stage_summaries', (on) =>
    on
      .select({ id: stages.id, ownerId: stages.ownerId, name: stages.name })
      .from(stages)
      .where(sql`${stages.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('stage_summaries'),
  );
  return query.execute({ ids });
}

/** Every published stage's place, ended or not (the reader's clock decides), and the database's time before. */
export async function selectPublishedPlaces(db: Executor): Promise<{ at: Date; places: StagePlace[] }> {
  const at = await databaseNow(db);
  const places = await db.select(placeColumns).from(stages).where(eq(stages.state, 'Published'));
  return { at, places };
}

/**
 * Stages changed since `since` (in any state: a stage no longer published is dropped by the reader) and stages
 * deleted since, with the database's time before reading them.
 */
export async function selectPlacesChangedSince(
  db: Executor,
  since: Date,
): Promise<{ at: Date; places: StagePlace[]; removed: string[] }> {
  const at = await databaseNow(db);
  const places = await db
    .select(placeColumns)
    .from(stages)
    .where(sql`${stages.updatedAt} > ${since.toISOString()}::timestamptz`);
  const removed = await db
    .select({ id: stageRemovals.stageId })
    .from(stageRemovals)
    .where(sql`${stageRemovals.removedAt} > ${since.toISOString()}::timestamptz`);
  return { at, places, removed: removed.map((row) => row.id) };
}

/** Forgets deletions noted over a day ago (by the database's clock): every node has read them long since. */
export async function pruneStageRemovals(db: Executor): Promise<void> {
  await db.delete(stageRemovals).where(sql`${stageRemovals.removedAt} < now() - interval '1 day'`);
}

// expiry

/** A stage the expiry job claimed, for its mail. */
export interface DueStage {
  id: string;
  name: string;
  owner_id: string;
  expires_at: string;
}

/** Published stages whose month has ended by `at` become Expired; answers them with their partner's email. */
export async function expireStages(db: Executor, at: Date, limit: number) {
  const result = await db.execute(sql`
    with due as (
      select id from ${stages}
      where ${stages.state} = 'Published' and ${stages.expiresAt} <= ${at.toISOString()}::timestamptz
      order by ${stages.expiresAt}
      limit ${limit}
      for update skip locked
    )
    update ${stages} s set state = 'Expired', updated_at = now()
    from due
    where s.id = due.id
    returning s.id, s.name, s.owner_id, s.expires_at`);
  return (result as unknown as { rows: DueStage[] }).rows;
}

/** Published stages ending within the reminder window and not reminded yet are marked reminded; answers them. */
export async function claimReminders(db: Executor, at: Date, remindFrom: Date, limit: number) {
  const result = await db.execute(sql`
    with due as (
      select id from ${stages}
      where ${stages.state} = 'Published' and ${stages.reminderSentAt} is null
        and ${stages.expiresAt} > ${at.toISOString()}::timestamptz
        and ${stages.expiresAt} <= ${remindFrom.toISOString()}::timestamptz
      order by ${stages.expiresAt}
      limit ${limit}
      for update skip locked
    )
    update ${stages} s set reminder_sent_at = ${at.toISOString()}::timestamptz
    from due
    where s.id = due.id
    returning s.id, s.name, s.owner_id, s.expires_at`);
  return (result as unknown as { rows: DueStage[] }).rows;
}

/** A partner's stages that place a 3D model, in any state: their ids and names. */
export async function selectStagesPlacing(
  db: Executor,
  ownerId: string,
  modelId: string,
): Promise<Array<{ id: string; name: string }>> {
  const placed = JSON.stringify([{ type: 'Asset3D', assetId: modelId }]);
  return db
    .select({ id: stages.id, name: stages.name })
    .from(stages)
    .where(and(eq(stages.ownerId, ownerId), sql`${stages.contents} @> ${placed}::jsonb`));
}

/** A stage a withdrawn 3D model was taken off: its id, name and partner, and the contents it lost. */
export interface StageWithdrawal {
  id: string;
  name: string;
  ownerId: string;
  removed: StoredContent[];
}

/**
 * Takes a 3D model off every stage that places it (draft, published or expired): its contents go, the rest stay in
 * their order, and each stage changed is touched, so that every node's nearby index reads it anew. Answers them.
 */
export async function removeModelContents(db: Executor, modelId: string): Promise<StageWithdrawal[]> {
  const placed = JSON.stringify([{ type: 'Asset3D', assetId: modelId }]);
  const result = await db.execute(sql`
    with hit as (
      select id, contents from ${stages} where ${stages.contents} @> ${placed}::jsonb for update
    )
    update ${stages} s set
      contents = (
        select coalesce(jsonb_agg(e.c order by e.n), '[]'::jsonb)
        from jsonb_array_elements(hit.contents) with ordinality as e(c, n)
        where not (e.c->>'type' = 'Asset3D' and e.c->>'assetId' = ${modelId})
      ),
      updated_at = now()
    from hit
    where s.id = hit.id
    returning s.id, s.name, s.owner_id, hit.contents as before`);
  const rows = (result as unknown as { rows: Array<{ id: string; name: string; owner_id: string; before: unknown }> })
    .rows;
  return rows.map((row) => {
    // PGlite answers jsonb parsed; node-postgres too, but be sure of it
    const before = (typeof row.before === 'string' ? JSON.parse(row.before) : row.before) as StoredContent[];
    return {
      id: row.id,
      name: row.name,
      ownerId: row.owner_id,
      removed: before.filter((content) => content.type === 'Asset3D' && content.assetId === modelId),
    };
  });
}
