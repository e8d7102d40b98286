import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { playDays, playEvents, playPlayerDays, playStageDays } from '../../db/schema/analytics.ts';

export type PlayEventRow = typeof playEvents.$inferInsert;

/**
 * Appends a batch of events in one statement: each column as one array parameter, `unnest`ed into rows, so that a
 * batch of a thousand costs one round trip and one plan, whatever its size.
 */
export async function insertPlayEvents(db: Executor, rows: readonly PlayEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <V>(pick: (row: PlayEventRow) => V | null | undefined) =>
    sql.param(rows.map((row) => pick(row) ?? null));
  await db.execute(sql`
    insert into ${playEvents} (at, kind, audience, owner_id, item_id, version, game_id, stage_id, player, players, duration_ms)
    select * from unnest(
      ${column((row) => (row.at instanceof Date ? row.at.toISOString() : row.at))}::timestamptz[],
      ${column((row) => row.kind)}::text[],
      ${column((row) => row.audience)}::text[],
      ${column((row) => row.ownerId)}::uuid[],
      ${column((row) => row.itemId)}::uuid[],
      ${column((row) => row.version)}::int[],
      ${column((row) => row.gameId)}::uuid[],
      ${column((row) => row.stageId)}::uuid[],
      ${column((row) => row.player)}::text[],
      ${column((row) => row.players)}::int[],
      ${column((row) => row.durationMs)}::int[]
    )`);
}

/** Every event recorded, oldest first (tests, and the rollups' checks). */
export async function selectPlayEvents(db: Executor): Promise<Array<typeof playEvents.$inferSelect>> {
  return db.select().from(playEvents).orderBy(playEvents.at);
}

/**
 * Rolls up one Hong Kong day (`day`, from `from` to `to`) of raw events into its figures, replacing what an earlier
 * rollup of that day wrote: who played each item, each item's figures (every version together, and each version),
 * each stage's impressions. In the caller's transaction, under its lock.
 */
export async function rollUpDay(tx: Executor, day: string, from: Date, to: Date): Promise<void> {
  const range = sql`at >= ${from.toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz`;
  const theDay = sql`${day}::date`;
  await tx.execute(sql`delete from ${playDays} where day = ${theDay}`);
  await tx.execute(sql`delete from ${playPlayerDays} where day = ${theDay}`);
  await tx.execute(sql`delete from ${playStageDays} where day = ${theDay}`);
  // a person who played both as a tester and not counts publicly ('public' < 'testing')
  await tx.execute(sql`
    insert into ${playPlayerDays} (owner_id, item_id, player, day, audience)
    select owner_id, item_id, player, ${theDay}, min(audience)
    from ${playEvents}
    where ${range} and kind = 'player-joined' and owner_id is not null and item_id is not null and player is not null
    group by owner_id, item_id, player`);
  await tx.execute(sql`
    with e as (
      select * from ${playEvents} where ${range} and owner_id is not null and item_id is not null
    ),
    figures as (
      select owner_id, item_id, case when grouping(version) = 1 then 0 else version end as version, audience,
        (count(*) filter (where kind = 'game-started'))::int as plays,
        (count(distinct player) filter (where kind = 'player-joined'))::int as players,
        coalesce(sum(duration_ms) filter (where kind = 'player-left'), 0)::bigint as player_ms,
        (percentile_disc(0.5) within group (order by duration_ms) filter (where kind = 'player-left'))::int
          as median_session_ms,
        (count(*) filter (where kind = 'view'))::int as views,
        (count(distinct player) filter (where kind = 'view'))::int as viewers
      from e
      group by grouping sets ((owner_id, item_id, version, audience), (owner_id, item_id, audience))
      having grouping(version) = 1 or version is not null
    ),
    steps as (
      select owner_id, item_id, version, audience,
        sum(case when kind = 'player-joined' then 1 else -1 end)
          over (partition by owner_id, item_id, audience order by at, kind desc rows unbounded preceding) as in_item,
        sum(case when kind = 'player-joined' then 1 else -1 end)
          over (partition by owner_id, item_id, version, audience order by at, kind desc rows unbounded preceding)
          as in_version
      from e where kind in ('player-joined', 'player-left')
    ),
    peaks as (
      select owner_id, item_id, 0 as version, audience, greatest(max(in_item), 0)::int as peak
      from steps group by owner_id, item_id, audience
      union all
      select owner_id, item_id, version, audience, greatest(max(in_version), 0)::int
      from steps group by owner_id, item_id, version, audience
    ),
    firsts as (
      select today.owner_id, today.item_id, today.audience, min(ever.day) as first_day
      from ${playPlayerDays} today
      join ${playPlayerDays} ever
        on ever.owner_id = today.owner_id and ever.item_id = today.item_id and ever.player = today.player
      where today.day = ${theDay}
      group by today.owner_id, today.item_id, today.player, today.audience
    ),
    cohorts as (
      select owner_id, item_id, audience,
        (count(*) filter (where first_day = ${theDay}))::int as new_players,
        (count(*) filter (where first_day < ${theDay}))::int as returning_players
      from firsts group by owner_id, item_id, audience
    )
    insert into ${playDays} (day, owner_id, item_id, version, audience, plays, players, new_players,
      returning_players, player_ms, median_session_ms, peak_concurrent, views, viewers)
    select ${theDay}, f.owner_id, f.item_id, f.version, f.audience, f.plays, f.players,
      case when f.version = 0 then coalesce(c.new_players, 0) else 0 end,
      case when f.version = 0 then coalesce(c.returning_players, 0) else 0 end,
      f.player_ms, f.median_session_ms, coalesce(p.peak, 0), f.views, f.viewers
    from figures f
    left join peaks p
      on p.owner_id = f.owner_id and p.item_id = f.item_id and p.version = f.version and p.audience = f.audience
    left join cohorts c on c.owner_id = f.owner_id and c.item_id = f.item_id and c.audience = f.audience`);
  await tx.execute(sql`
    insert into ${playStageDays} (day, owner_id, stage_id, impressions, viewers)
    select ${theDay}, owner_id, stage_id, count(*)::int, count(distinct player)::int
    from ${playEvents}
    where ${range} and kind = 'impression' and owner_id is not null and stage_id is not null
    group by owner_id, stage_id`);
}

/** Raw events older than `before`, removed (ANALYTICS_RAW_DAYS): their days are rolled up long since. */
export async function deletePlayEventsBefore(db: Executor, before: Date): Promise<void> {
  await db.execute(sql`delete from ${playEvents} where at < ${before.toISOString()}::timestamptz`);
}

export type PlayDayRow = typeof playDays.$inferSelect;

/** A studio's public figures of every version together from day `from` to day `to` (inclusive); one item's too. */
const publicItemDays = (ownerId: string, from: string, to: string, itemId?: string) =>
  and(
    eq(playDays.ownerId, ownerId),
    eq(playDays.version, 0),
    eq(playDays.audience, 'public'),
    gte(playDays.day, from),
    lte(playDays.day, to),
    itemId ? eq(playDays.itemId, itemId) : undefined,
  );

/** A studio's figures of every version together, for one audience, from day `from` to day `to` (inclusive). */
export async function selectPlayDays(
  db: Executor,
  ownerId: string,
  from: string,
  to: string,
  itemId?: string,
): Promise<PlayDayRow[]> {
  return db
    .select()
    .from(playDays)
    .where(publicItemDays(ownerId, from, to, itemId))
    .orderBy(playDays.day);
}

/** Who played a studio's items publicly from day `from` to day `to` (inclusive); one item's with `itemId`. */
const publicPlayerDays = (ownerId: string, from: string, to: string, itemId?: string) =>
  and(
    eq(playPlayerDays.ownerId, ownerId),
    eq(playPlayerDays.audience, 'public'),
    gte(playPlayerDays.day, from),
    lte(playPlayerDays.day, to),
    itemId ? eq(playPlayerDays.itemId, itemId) : undefined,
  );

const uniquePlayers = sql<number>`count(distinct ${playPlayerDays.player})::int`;

/** Each item's unique public players over days `from` to `to` (a range's players are not the sum of its days'). */
export async function selectUniquePlayers(
  db: Executor,
  ownerId: string,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ itemId: playPlayerDays.itemId, players: uniquePlayers })
    .from(playPlayerDays)
    .where(publicPlayerDays(ownerId, from, to))
    .groupBy(playPlayerDays.itemId);
  return new Map(rows.map((row) => [row.itemId, row.players]));
}

/** A studio's unique public players on each day of `from` to `to` played, every item together. */
export async function selectDailyPlayers(
  db: Executor,
  ownerId: string,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: playPlayerDays.day, players: uniquePlayers })
    .from(playPlayerDays)
    .where(publicPlayerDays(ownerId, from, to))
    .groupBy(playPlayerDays.day);
  return new Map(rows.map((row) => [row.day, row.players]));
}

/** A studio's stages' impressions on each day of `from` to `to` they were seen, every stage together. */
export async function selectDailyImpressions(
  db: Executor,
  ownerId: string,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: playStageDays.day, impressions: sql<number>`sum(${playStageDays.impressions})::int` })
    .from(playStageDays)
    .where(and(eq(playStageDays.ownerId, ownerId), gte(playStageDays.day, from), lte(playStageDays.day, to)))
    .groupBy(playStageDays.day);
  return new Map(rows.map((row) => [row.day, row.impressions]));
}

/** A studio's stages' impressions over days `from` to `to`, by stage. */
export async function selectStageTotals(db: Executor, ownerId: string, from: string, to: string) {
  return db
    .select({
      stageId: playStageDays.stageId,
      impressions: sql<number>`sum(${playStageDays.impressions})::int`,
    })
    .from(playStageDays)
    .where(and(eq(playStageDays.ownerId, ownerId), gte(playStageDays.day, from), lte(playStageDays.day, to)))
    .groupBy(playStageDays.stageId);
}

/** A studio's unique public players over days `from` to `to`, every item together. */
export async function selectTotalPlayers(db: Executor, ownerId: string, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ players: uniquePlayers })
    .from(playPlayerDays)
    .where(publicPlayerDays(ownerId, from, to));
  return row?.players ?? 0;
}

/** An item's public figures of each version over days `from` to `to`. */
export async function selectVersionTotals(db: Executor, ownerId: string, itemId: string, from: string, to: string) {
  return db
    .select({
      version: playDays.version,
      plays: sql<number>`sum(${playDays.plays})::int`,
      playerMs: sql<number>`sum(${playDays.playerMs})::bigint`.mapWith(Number),
    })
    .from(playDays)
    .where(
      and(
        eq(playDays.ownerId, ownerId),
        eq(playDays.itemId, itemId),
        eq(playDays.audience, 'public'),
        sql`${playDays.version} <> 0`,
        gte(playDays.day, from),
        lte(playDays.day, to),
      ),
    )
    .groupBy(playDays.version)
    .orderBy(playDays.version);
}

/**
 * An item's unique public players in each day, week (from Monday) or month of days `from` to `to`, by the bucket's
 * first day; `all` the range's.
 */
export async function selectBucketPlayers(
  db: Executor,
  ownerId: string,
  itemId: string,
  from: string,
  to: string,
  granularity: 'day' | 'week' | 'month',
): Promise<{ buckets: Map<string, number>; all: number }> {
  const where = publicPlayerDays(ownerId, from, to, itemId);
  const start = sql<string>`to_char(date_trunc(${granularity}, ${playPlayerDays.day}::timestamp), 'YYYY-MM-DD')`;
  const [rows, [all]] = await Promise.all([
    db.select({ start, players: uniquePlayers }).from(playPlayerDays).where(where).groupBy(sql`1`),
    db.select({ players: uniquePlayers }).from(playPlayerDays).where(where),
  ]);
  return { buckets: new Map(rows.map((row) => [row.start, row.players])), all: all?.players ?? 0 };
}

/**
 * An item's public players by the day of their first game, for first days `from` to `to`: how many, and how many of
 * them played again the next day and seven days on.
 */
export async function selectRetention(db: Executor, ownerId: string, itemId: string, from: string, to: string) {
  const result = await db.execute(sql`
    with firsts as (
      select player, min(day) as first_day from ${playPlayerDays}
      where owner_id = ${ownerId} and item_id = ${itemId} and audience = 'public'
      group by player
    )
    select to_char(f.first_day, 'YYYY-MM-DD') as cohort, count(*)::int as players,
      (count(*) filter (where exists (select 1 from ${playPlayerDays} p where p.owner_id = ${ownerId}
        and p.item_id = ${itemId} and p.player = f.player and p.day = f.first_day + 1)))::int as day1,
      (count(*) filter (where exists (select 1 from ${playPlayerDays} p where p.owner_id = ${ownerId}
        and p.item_id = ${itemId} and p.player = f.player and p.day = f.first_day + 7)))::int as day7
    from firsts f
    where f.first_day between ${from}::date and ${to}::date
    group by f.first_day order by f.first_day`);
  return (result as unknown as { rows: Array<{ cohort: string; players: number; day1: number; day7: number }> }).rows;
}

/** One stage's impressions and unique viewers on each day of `from` to `to` it was seen, with its studio's id. */
export async function selectStageDays(db: Executor, ownerId: string, stageId: string, from: string, to: string) {
  return db
    .select({ day: playStageDays.day, impressions: playStageDays.impressions, viewers: playStageDays.viewers })
    .from(playStageDays)
    .where(
      and(
        eq(playStageDays.ownerId, ownerId),
        eq(playStageDays.stageId, stageId),
        gte(playStageDays.day, from),
        lte(playStageDays.day, to),
      ),
    )
    .orderBy(playStageDays.day);
}

/** The studio's items played publicly from day `from` to day `to`, by id (an export's items, in order). */
export async function selectPlayedItems(db: Executor, ownerId: string, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ itemId: playDays.itemId })
    .from(playDays)
    .where(publicItemDays(ownerId, from, to))
    .orderBy(playDays.itemId);
  return rows.map((row) => row.itemId);
}
