import { ANALYTICS_RANGE_DAYS } from '@portal/contracts';
import { type AnyColumn, and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  EVERY_ITEM,
  playBuckets,
  playCohorts,
  playDays,
  playEvents,
  playItemPlayers,
  playPlayerDays,
  playRanges,
  playStageDays,
  playStageRanges,
  playStudioDays,
} from '../../db/schema/analytics.ts';

export type PlayEventRow = typeof playEvents.$inferInsert;

/** The columns of `play_events` as a batch sends them: each one's name, type and value of a row. */
const EVENT_COLUMNS: ReadonlyArray<{ name: string; type: string; pick: (row: PlayEventRow) => unknown }> = [
  { name: 'at', type: 'timestamptz', pick: (row) => (row.at instanceof Date ? row.at.toISOString() : row.at) },
  { name: 'kind', type: 'text', pick: (row) => row.kind },
  { name: 'audience', type: 'text', pick: (row) => row.audience },
  { name: 'owner_id', type: 'uuid', pick: (row) => row.ownerId },
  { name: 'item_id', type: 'uuid', pick: (row) => row.itemId },
  { name: 'version', type: 'int', pick: (row) => row.version },
  { name: 'game_id', type: 'uuid', pick: (row) => row.gameId },
  { name: 'stage_id', type: 'uuid', pick: (row) => row.stageId },
  { name: 'player', type: 'text', pick: (row) => row.player },
  { name: 'players', type: 'int', pick: (row) => row.players },
  { name: 'duration_ms', type: 'int', pick: (row) => row.durationMs },
];

/**
 * Appends a batch of events in one statement: each column as one array parameter, `unnest`ed into rows, so that a
 * batch of a thousand costs one round trip and one plan, whatever its size. Impressions (a score for each of the AR
 * app's answers) go as rows of their own, without the columns they never fill: what the nearby read costs is mostly
 * turning its impressions' values into parameters.
 */
export async function insertPlayEvents(db: Executor, rows: readonly PlayEventRow[]): Promise<void> {
  const groups = [rows.filter((row) => row.kind === 'impression'), rows.filter((row) => row.kind !== 'impression')];
  const selects = groups
    .filter((group) => group.length > 0)
    .map((group) => {
      const sent = EVENT_COLUMNS.filter((column) => group.some((row) => (column.pick(row) ?? null) !== null));
      const arrays = sent.map(
        (column) => sql`${sql.param(group.map((row) => column.pick(row) ?? null))}::${sql.raw(column.type)}[]`,
      );
      const values = EVENT_COLUMNS.map((column) =>
        sql.raw(sent.includes(column) ? `sent.${column.name}` : `null::${column.type}`),
      );
      return sql`select ${sql.join(values, sql`, `)}
        from unnest(${sql.join(arrays, sql`, `)}) as sent (${sql.raw(sent.map((column) => column.name).join(', '))})`;
    });
  if (selects.length === 0) return;
  await db.execute(sql`
    insert into ${playEvents} (${sql.raw(EVENT_COLUMNS.map((column) => column.name).join(', '))})
    ${sql.join(selects, sql` union all `)}`);
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

/**
 * What the reads keep ready, derived from a day's rollups (rollUpDay's rows, in the same transaction): its public
 * players' first and last days (each item's and the studio's), each studio's figures of the day, the first-play
 * cohorts it decides (its own; the day before's next-day players; a week before's), and the unique players of the
 * week and month it falls in, of the studios that played that day (`buckets`: false, left to `deriveBuckets`). Days
 * are derived in order, as the job rolls them up (yesterday's late batches before today's); again and again, the same
 * rows.
 */
export async function deriveDay(tx: Executor, day: string, { buckets = true } = {}): Promise<void> {
  const theDay = sql`${day}::date`;
  const every = sql`${EVERY_ITEM}::uuid`;
  await tx.execute(sql`
    insert into ${playItemPlayers} (owner_id, item_id, player, first_day, last_day)
    select owner_id, item_id, player, ${theDay}, ${theDay}
    from ${playPlayerDays} where day = ${theDay} and audience = 'public'
    union all
    select distinct owner_id, ${every}, player, ${theDay}, ${theDay}
    from ${playPlayerDays} where day = ${theDay} and audience = 'public'
    on conflict (owner_id, item_id, player) do update set
      first_day = least(${playItemPlayers.firstDay}, excluded.first_day),
      last_day = greatest(${playItemPlayers.lastDay}, excluded.last_day)`);
  await tx.execute(sql`delete from ${playStudioDays} where day = ${theDay}`);
  await tx.execute(sql`
    with sums as (
      select owner_id, sum(plays)::int as plays, sum(player_ms)::bigint as player_ms, sum(views)::int as views
      from ${playDays} where day = ${theDay} and version = 0 and audience = 'public' group by owner_id
    ),
    people as (
      select owner_id, count(distinct player)::int as players
      from ${playPlayerDays} where day = ${theDay} and audience = 'public' group by owner_id
    ),
    seen as (
      select owner_id, sum(impressions)::int as impressions from ${playStageDays} where day = ${theDay} group by owner_id
    ),
    owners as (select owner_id from sums union select owner_id from people union select owner_id from seen)
    insert into ${playStudioDays} (day, owner_id, plays, player_ms, views, players, impressions)
    select ${theDay}, o.owner_id, coalesce(s.plays, 0), coalesce(s.player_ms, 0), coalesce(s.views, 0),
      coalesce(p.players, 0), coalesce(i.impressions, 0)
    from owners o left join sums s using (owner_id) left join people p using (owner_id) left join seen i using (owner_id)`);
  const cohorts = sql`(${theDay}, ${theDay} - 1, ${theDay} - 7)`;
  await tx.execute(sql`delete from ${playCohorts} where cohort in ${cohorts}`);
  // played again: on the day after, or a week after, in any audience (as the slow path asks)
  const playedOn = (offset: number) => sql`exists (select 1 from ${playPlayerDays} p where p.owner_id = f.owner_id
    and p.item_id = f.item_id and p.player = f.player and p.day = f.first_day + ${sql.raw(String(offset))})`;
  await tx.execute(sql`
    insert into ${playCohorts} (owner_id, item_id, cohort, players, day1, day7)
    select f.owner_id, f.item_id, f.first_day, count(*)::int,
      (count(*) filter (where ${playedOn(1)}))::int, (count(*) filter (where ${playedOn(7)}))::int
    from ${playItemPlayers} f
    where f.first_day in ${cohorts} and f.item_id <> ${every}
    group by f.owner_id, f.item_id, f.first_day`);
  if (buckets) await deriveBuckets(tx, day);
}

/**
 * The unique public players of the week and the month `day` falls in, of each item of the studios that played that
 * day (`wholeBucket`: that played in them: a history derived anew, a bucket at a time).
 */
export async function deriveBuckets(tx: Executor, day: string, { wholeBucket = false } = {}): Promise<void> {
  const theDay = sql`${day}::date`;
  const week = sql`date_trunc('week', ${theDay}::timestamp)::date`;
  const month = sql`date_trunc('month', ${theDay}::timestamp)::date`;
  const active = wholeBucket
    ? sql`select distinct owner_id from ${playStudioDays}
        where day >= least(${week}, ${month}) and day < greatest(${week} + 7, (${month} + interval '1 month')::date)`
    : sql`select owner_id from ${playStudioDays} where day = ${theDay}`;
  await tx.execute(sql`
    delete from ${playBuckets} where owner_id in (${active})
      and ((granularity = 'week' and start = ${week}) or (granularity = 'month' and start = ${month}))`);
  const bucket = (granularity: 'week' | 'month', start: SQL, end: SQL) => sql`
    select p.owner_id, p.item_id, ${granularity}, ${start}, count(distinct p.player)::int
    from ${playPlayerDays} p join (${active}) a on a.owner_id = p.owner_id
    where p.day >= ${start} and p.day < ${end} and p.audience = 'public'
    group by p.owner_id, p.item_id`;
  await tx.execute(sql`
    insert into ${playBuckets} (owner_id, item_id, granularity, start, players)
    ${bucket('week', week, sql`${week} + 7`)}
    union all
    ${bucket('month', month, sql`(${month} + interval '1 month')::date`)}`);
}

/**
 * The ranges the web offers, made ready (`play_ranges`) for the studios whose figures `day`'s rollup changed and for
 * those whose ranges end before it (a day began): each range ends at the later of `day` and where the studio's
 * ranges ended, the last day rolled up; `everyStudio`: every studio that played in the longest range (a history
 * derived anew). Every studio refreshed keeps its every-item row of each range, zeros too. Answers the studios.
 */
export async function refreshRanges(tx: Executor, day: string, { everyStudio = false } = {}): Promise<string[]> {
  const theDay = sql`${day}::date`;
  const every = sql`${EVERY_ITEM}::uuid`;
  const spans = sql.raw(`(values ${ANALYTICS_RANGE_DAYS.map((days) => `(${days})`).join(', ')}) as spans (days)`);
  const longest = sql.raw(String(Math.max(...ANALYTICS_RANGE_DAYS)));
  await tx.execute(sql`
    create temporary table play_range_ends (owner_id uuid primary key, end_day date not null) on commit drop`);
  // the studios that played that day, and those whose ranges end before it; each studio's every-item row says where
  await tx.execute(sql`
    insert into play_range_ends (owner_id, end_day)
    select owner_id, greatest(${theDay}, max(end_day)) from (
      select owner_id, null::date as end_day from ${playStudioDays}
      where ${everyStudio ? sql`day > ${theDay} - ${longest} and day <= ${theDay}` : sql`day = ${theDay}`}
      union all
      select owner_id, end_day from ${playRanges} where days = ${ANALYTICS_RANGE_DAYS[0]} and item_id = ${every}
    ) as owners
    group by owner_id having bool_or(end_day is null) or max(end_day) < ${theDay}`);
  await tx.execute(sql`delete from ${playRanges} where owner_id in (select owner_id from play_range_ends)`);
  await tx.execute(sql`delete from ${playStageRanges} where owner_id in (select owner_id from play_range_ends)`);
  await tx.execute(sql`
    insert into ${playStageRanges} (owner_id, days, stage_id, end_day, impressions)
    select e.owner_id, spans.days, d.stage_id, e.end_day, sum(d.impressions)::int
    from play_range_ends e
    join ${playStageDays} d on d.owner_id = e.owner_id and d.day > e.end_day - ${longest} and d.day <= e.end_day
    join ${spans} on d.day > e.end_day - spans.days
    group by e.owner_id, spans.days, d.stage_id, e.end_day`);
  await tx.execute(sql`
    with sums as (
      select e.owner_id, d.item_id, spans.days, sum(d.plays)::int as plays, sum(d.player_ms)::bigint as player_ms,
        sum(d.views)::int as views
      from play_range_ends e
      join ${playDays} d on d.owner_id = e.owner_id and d.version = 0 and d.audience = 'public'
        and d.day > e.end_day - ${longest} and d.day <= e.end_day
      join ${spans} on d.day > e.end_day - spans.days
      group by e.owner_id, d.item_id, spans.days
    ),
    every_sum as (
      select e.owner_id, ${every} as item_id, spans.days, coalesce(sum(s.plays), 0)::int as plays,
        coalesce(sum(s.player_ms), 0)::bigint as player_ms, coalesce(sum(s.views), 0)::int as views
      from play_range_ends e cross join ${spans}
      left join sums s on s.owner_id = e.owner_id and s.days = spans.days
      group by e.owner_id, spans.days
    ),
    people as (
      select e.owner_id, p.item_id, spans.days, count(*)::int as players
      from play_range_ends e
      join ${playItemPlayers} p on p.owner_id = e.owner_id and p.last_day > e.end_day - ${longest}
      join ${spans} on p.last_day > e.end_day - spans.days
      group by e.owner_id, p.item_id, spans.days
    ),
    figures as (select * from sums union all select * from every_sum)
    insert into ${playRanges} (owner_id, days, item_id, end_day, plays, player_ms, views, players)
    select owner_id, days, item_id, e.end_day, coalesce(f.plays, 0), coalesce(f.player_ms, 0), coalesce(f.views, 0),
      coalesce(p.players, 0)
    from figures f full join people p using (owner_id, item_id, days)
    join play_range_ends e using (owner_id)`);
  const refreshed = await tx.execute(sql`select owner_id as "ownerId" from play_range_ends`);
  return (refreshed as unknown as { rows: Array<{ ownerId: string }> }).rows.map((row) => row.ownerId);
}

/** The days rolled up and not yet derived (rolled up before `deriveDay` was), in order. */
export async function selectUnderivedDays(db: Executor): Promise<string[]> {
  const result = await db.execute(sql`
    with derived as (select coalesce(max(day), '-infinity'::date) as through from ${playStudioDays})
    select to_char(day, 'YYYY-MM-DD') as day from (
      select day from ${playDays} union select day from ${playStageDays}
    ) as days, derived where day > derived.through order by day`);
  return (result as unknown as { rows: Array<{ day: string }> }).rows.map((row) => row.day);
}

/** Raw events older than `before`, removed (ANALYTICS_RAW_DAYS): their days are rolled up long since. */
export async function deletePlayEventsBefore(db: Executor, before: Date): Promise<void> {
  await db.execute(sql`delete from ${playEvents} where at < ${before.toISOString()}::timestamptz`);
}

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

/** One item's public figures of every version together on each day of `from` to `to` it had any: what its answer reads. */
export async function selectItemDays(db: Executor, ownerId: string, itemId: string, from: string, to: string) {
  const query = prepared(db, 'analytics_item_days', (on) =>
    on
      .select({
        day: playDays.day,
        plays: playDays.plays,
        players: playDays.players,
        newPlayers: playDays.newPlayers,
        returningPlayers: playDays.returningPlayers,
        playerMs: playDays.playerMs,
        medianSessionMs: playDays.medianSessionMs,
        peakConcurrent: playDays.peakConcurrent,
        views: playDays.views,
      })
      .from(playDays)
      .where(
        and(
          eq(playDays.ownerId, sql.placeholder('ownerId')),
          eq(playDays.itemId, sql.placeholder('itemId')),
          eq(playDays.version, 0),
          eq(playDays.audience, 'public'),
          sql`${playDays.day} between ${sql.placeholder('from')}::date and ${sql.placeholder('to')}::date`,
        ),
      )
      .orderBy(playDays.day)
      .prepare('analytics_item_days'),
  );
  return query.execute({ ownerId, itemId, from, to });
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

/** What a range's figures of an item, or of every item together (`EVERY_ITEM`), add up to. */
export interface RangeFigures {
  plays: number;
  playerMs: number;
  views: number;
  /** Unique players over the range: not the sum of its days'. */
  players: number;
}

/** Rows as PostgreSQL's `json_agg` of `json_build_array`s hands them over: one JSON value for a set of rows. */
type JsonRows = ReadonlyArray<ReadonlyArray<string | number | null>> | null;

/** A kept range's rows (`item_id, end_day, plays, player_ms, views, players`) by item, or none unless they end at `to`. */
function keptRange(rows: JsonRows, to: string): Map<string, RangeFigures> | undefined {
  const figures = new Map<string, RangeFigures & { endDay: string }>();
  for (const [itemId, endDay, plays, playerMs, views, players] of rows ?? []) {
    figures.set(itemId as string, {
      endDay: endDay as string,
      plays: plays as number,
      playerMs: playerMs as number,
      views: views as number,
      players: players as number,
    });
  }
  if (figures.get(EVERY_ITEM)?.endDay !== to) return undefined;
  return new Map([...figures].map(([itemId, { endDay: _end, ...sums }]) => [itemId, sums]));
}

/** A studio's stages' kept impressions, or none unless some were kept and all end at `to`. */
function keptStages(rows: ReadonlyArray<{ stageId: string; endDay: string; impressions: number }>, to: string) {
  if (rows.length === 0 || rows.some((row) => row.endDay !== to)) return undefined;
  return rows.map(({ stageId, impressions }) => ({ stageId, impressions }));
}

/** The columns of a kept range's rows, as `keptRange` reads them. */
const rangeCells = sql`json_build_array(${playRanges.itemId}, ${playRanges.endDay}, ${playRanges.plays},
  ${playRanges.playerMs}, ${playRanges.views}, ${playRanges.players})`;
const inDays = (column: AnyColumn) =>
  sql`${column} between ${sql.placeholder('from')}::date and ${sql.placeholder('to')}::date`;
const owner = sql.placeholder('ownerId');

/** A studio's public figures of a day, every item together (the summary's chart). */
export interface StudioDay {
  day: string;
  plays: number;
  playerMs: number;
  views: number;
  players: number;
  impressions: number;
}

/**
 * What the summary reads, in one statement: the studio's range of `days` days as the rollup job keeps it (every item's
 * figures and every item's together; none unless it ends at `to`, nor where `days` is not a length kept), its days of
 * `from` to `to`, and its stages' kept impressions (none unless they end at `to`). Each set of rows comes as one JSON
 * value: a year of 500 games is a few JSON texts to parse rather than thousands of cells to parse and map.
 */
export async function selectSummaryFigures(db: Executor, ownerId: string, from: string, to: string, days: number) {
  const query = prepared(db, 'analytics_summary_figures', (on) =>
    on
      .select({
        ranges: sql<JsonRows>`(select json_agg(${rangeCells}) from ${playRanges}
          where ${playRanges.ownerId} = ${owner} and ${playRanges.days} = ${sql.placeholder('days')})`,
        days: sql<JsonRows>`(select json_agg(json_build_array(${playStudioDays.day}, ${playStudioDays.plays},
            ${playStudioDays.playerMs}, ${playStudioDays.views}, ${playStudioDays.players},
            ${playStudioDays.impressions}) order by ${playStudioDays.day})
          from ${playStudioDays} where ${playStudioDays.ownerId} = ${owner} and ${inDays(playStudioDays.day)})`,
        stages: sql<JsonRows>`(select json_agg(json_build_array(${playStageRanges.stageId}, ${playStageRanges.endDay},
            ${playStageRanges.impressions}))
          from ${playStageRanges}
          where ${playStageRanges.ownerId} = ${owner} and ${playStageRanges.days} = ${sql.placeholder('days')})`,
      })
      .from(sql`(values (1)) as one (x)`)
      .prepare('analytics_summary_figures'),
  );
  const [row] = await query.execute({ ownerId, days, from, to });
  const stages = (row?.stages ?? []).map(([stageId, endDay, impressions]) => ({
    stageId: stageId as string,
    endDay: endDay as string,
    impressions: impressions as number,
  }));
  return {
    ranges: keptRange(row?.ranges ?? null, to),
    days: (row?.days ?? []).map(
      ([day, plays, playerMs, views, players, impressions]): StudioDay => ({
        day: day as string,
        plays: plays as number,
        playerMs: playerMs as number,
        views: views as number,
        players: players as number,
        impressions: impressions as number,
      }),
    ),
    stages: keptStages(stages, to),
  };
}

/**
 * What an item's answer reads, in one statement as the summary's: its public figures of every version together on
 * each day of `from` to `to` it had any, its range of `days` days as kept with the studio's (none unless it ends at
 * `to`), its first-play cohorts of those days, and each version's plays and minutes over them.
 */
export async function selectItemFigures(
  db: Executor,
  ownerId: string,
  itemId: string,
  from: string,
  to: string,
  days: number,
) {
  const item = sql.placeholder('itemId');
  const query = prepared(db, 'analytics_item_figures', (on) =>
    on
      .select({
        days: sql<JsonRows>`(select json_agg(json_build_array(${playDays.day}, ${playDays.plays}, ${playDays.players},
            ${playDays.newPlayers}, ${playDays.returningPlayers}, ${playDays.playerMs}, ${playDays.medianSessionMs},
            ${playDays.peakConcurrent}, ${playDays.views}) order by ${playDays.day})
          from ${playDays}
          where ${playDays.ownerId} = ${owner} and ${playDays.itemId} = ${item} and ${playDays.version} = 0
            and ${playDays.audience} = 'public' and ${inDays(playDays.day)})`,
        ranges: sql<JsonRows>`(select json_agg(${rangeCells}) from ${playRanges}
          where ${playRanges.ownerId} = ${owner} and ${playRanges.days} = ${sql.placeholder('days')}
            and ${playRanges.itemId} in (${item}::uuid, ${EVERY_ITEM}::uuid))`,
        cohorts: sql<JsonRows>`(select json_agg(json_build_array(${playCohorts.cohort}, ${playCohorts.players},
            ${playCohorts.day1}, ${playCohorts.day7}) order by ${playCohorts.cohort})
          from ${playCohorts}
          where ${playCohorts.ownerId} = ${owner} and ${playCohorts.itemId} = ${item}
            and ${inDays(playCohorts.cohort)})`,
        versions: sql<JsonRows>`(select json_agg(json_build_array(version, plays, player_ms) order by version)
          from (select ${playDays.version} as version, sum(${playDays.plays})::int as plays,
              sum(${playDays.playerMs})::bigint as player_ms
            from ${playDays}
            where ${playDays.ownerId} = ${owner} and ${playDays.itemId} = ${item} and ${playDays.version} <> 0
              and ${playDays.audience} = 'public' and ${inDays(playDays.day)}
            group by ${playDays.version}) as versions)`,
      })
      .from(sql`(values (1)) as one (x)`)
      .prepare('analytics_item_figures'),
  );
  const [row] = await query.execute({ ownerId, itemId, days, from, to });
  return {
    days: (row?.days ?? []).map(
      ([day, plays, players, newPlayers, returningPlayers, playerMs, medianSessionMs, peakConcurrent, views]) => ({
        day: day as string,
        plays: plays as number,
        players: players as number,
        newPlayers: newPlayers as number,
        returningPlayers: returningPlayers as number,
        playerMs: playerMs as number,
        medianSessionMs: medianSessionMs as number | null,
        peakConcurrent: peakConcurrent as number,
        views: views as number,
      }),
    ),
    ranges: keptRange(row?.ranges ?? null, to),
    cohorts: (row?.cohorts ?? []).map(([cohort, players, day1, day7]) => ({
      cohort: cohort as string,
      players: players as number,
      day1: day1 as number,
      day7: day7 as number,
    })),
    versions: (row?.versions ?? []).map(([version, plays, playerMs]) => ({
      version: version as number,
      plays: plays as number,
      playerMs: playerMs as number,
    })),
  };
}

/**
 * The same figures counted from the daily rollups, for any range: sums by item, and unique players by item and of
 * every item together (a count of distinct players over the range's player-days: what `play_ranges` spares).
 */
export async function countRange(
  db: Executor,
  ownerId: string,
  from: string,
  to: string,
  itemId?: string,
): Promise<Map<string, RangeFigures>> {
  const where = publicPlayerDays(ownerId, from, to, itemId);
  const [sums, people, [everyone]] = await Promise.all([
    db
      .select({
        itemId: playDays.itemId,
        plays: sql<number>`sum(${playDays.plays})::int`,
        playerMs: sql<number>`sum(${playDays.playerMs})::bigint`.mapWith(Number),
        views: sql<number>`sum(${playDays.views})::int`,
      })
      .from(playDays)
      .where(publicItemDays(ownerId, from, to, itemId))
      .groupBy(playDays.itemId),
    db
      .select({ itemId: playPlayerDays.itemId, players: uniquePlayers })
      .from(playPlayerDays)
      .where(where)
      .groupBy(playPlayerDays.itemId),
    db.select({ players: uniquePlayers }).from(playPlayerDays).where(where),
  ]);
  const players = new Map(people.map((row) => [row.itemId, row.players]));
  const figures = new Map<string, RangeFigures>(
    sums.map(({ itemId: id, ...sum }) => [id, { ...sum, players: players.get(id) ?? 0 }]),
  );
  figures.set(EVERY_ITEM, {
    plays: sums.reduce((total, row) => total + row.plays, 0),
    playerMs: sums.reduce((total, row) => total + row.playerMs, 0),
    views: sums.reduce((total, row) => total + row.views, 0),
    players: everyone?.players ?? 0,
  });
  return figures;
}

/**
 * A studio's stages' impressions over `days` days ending at `to`, by stage, as the rollup job keeps them ready; none
 * when they end elsewhere, or when no stage of the studio was seen (counting that is nothing).
 */
export async function selectReadyStageTotals(db: Executor, ownerId: string, days: number, to: string) {
  const query = prepared(db, 'analytics_ready_stage_ranges', (on) =>
    on
      .select({
        stageId: playStageRanges.stageId,
        endDay: playStageRanges.endDay,
        impressions: playStageRanges.impressions,
      })
      .from(playStageRanges)
      .where(
        and(eq(playStageRanges.ownerId, sql.placeholder('ownerId')), eq(playStageRanges.days, sql.placeholder('days'))),
      )
      .prepare('analytics_ready_stage_ranges'),
  );
  return keptStages(await query.execute({ ownerId, days }), to);
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

/**
 * An item's unique public players in each week (from Monday) or month of days `from` to `to`, by the bucket's first
 * day: a whole bucket's as the rollup job keeps them, a bucket the range cuts (its first, its last) counted from the
 * player-days in the range.
 */
export async function selectBucketPlayers(
  db: Executor,
  ownerId: string,
  itemId: string,
  from: string,
  to: string,
  granularity: 'week' | 'month',
): Promise<Map<string, number>> {
  const values = { ownerId, itemId, from, to, granularity, span: granularity === 'week' ? '7 days' : '1 month' };
  const [whole, firstCut, lastCut] = await Promise.all([
    wholeBuckets(db).execute(values),
    firstCutBucket(db).execute(values),
    (async () => {
      const kept = await lastBucketKept(db).execute(values);
      return kept.length > 0 ? kept : lastCutBucket(db).execute(values);
    })(),
  ]);
  const edges = [...firstCut, ...lastCut];
  // a bucket both kept whole and cut is one the range covers whole: either counts it
  return new Map([...edges, ...whole].map((row) => [row.start, row.players]));
}

/** The first day of the week (from Monday) or month (`granularity`) `day` falls in, and the first day of the next. */
const bucketStart = (day: SQL) => sql`date_trunc(${sql.placeholder('granularity')}, ${day}::timestamp)::date`;
const nextBucket = (start: SQL) => sql`(${start} + ${sql.placeholder('span')}::interval)::date`;
const rangeFrom = sql`${sql.placeholder('from')}::date`;
const rangeTo = sql`${sql.placeholder('to')}::date`;
const ofItem = and(
  eq(playBuckets.ownerId, sql.placeholder('ownerId')),
  eq(playBuckets.itemId, sql.placeholder('itemId')),
  eq(playBuckets.granularity, sql.placeholder('granularity')),
);

/** The whole buckets of the range, as kept. */
const wholeBuckets = (db: Executor) =>
  prepared(db, 'analytics_whole_buckets', (on) =>
    on
      .select({ start: playBuckets.start, players: playBuckets.players })
      .from(playBuckets)
      .where(
        and(
          ofItem,
          sql`${playBuckets.start} >= ${rangeFrom}`,
          sql`${nextBucket(sql`${playBuckets.start}`)} <= ${rangeTo} + 1`,
        ),
      )
      .prepare('analytics_whole_buckets'),
  );

/** A bucket the range cuts, counted from the item's public player-days of the range from `first` to `last`. */
const cutBucket = (db: Executor, name: string, first: SQL, last: SQL) =>
  prepared(db, name, (on) =>
    on
      .select({
        start: sql<string>`to_char(${bucketStart(sql`${playPlayerDays.day}`)}, 'YYYY-MM-DD')`,
        players: uniquePlayers,
      })
      .from(playPlayerDays)
      .where(
        and(
          eq(playPlayerDays.ownerId, sql.placeholder('ownerId')),
          eq(playPlayerDays.itemId, sql.placeholder('itemId')),
          eq(playPlayerDays.audience, 'public'),
          // one range of days the index on (owner, item, day) reads: the bucket's days within the range's
          sql`${playPlayerDays.day} between greatest(${rangeFrom}, ${first}) and least(${rangeTo}, ${last})`,
        ),
      )
      .groupBy(sql`1`)
      .prepare(name),
  );
/** The bucket the range's first day falls in, counted. */
const firstCutBucket = (db: Executor) =>
  cutBucket(db, 'analytics_first_cut_bucket', rangeFrom, sql`${nextBucket(bucketStart(rangeFrom))} - 1`);
/** The bucket the range's last day falls in, counted. */
const lastCutBucket = (db: Executor) => cutBucket(db, 'analytics_last_cut_bucket', bucketStart(rangeTo), rangeTo);

/** The last bucket as kept, where nobody played the item in it after the range (a range to the last day rolled up). */
const lastBucketKept = (db: Executor) =>
  prepared(db, 'analytics_last_bucket_kept', (on) =>
    on
      .select({ start: sql<string>`to_char(${playBuckets.start}, 'YYYY-MM-DD')`, players: playBuckets.players })
      .from(playBuckets)
      .where(
        and(
          ofItem,
          sql`${playBuckets.start} = ${bucketStart(rangeTo)} and ${playBuckets.start} >= ${rangeFrom}`,
          sql`not exists (select 1 from ${playPlayerDays} p where p.owner_id = ${sql.placeholder('ownerId')}
            and p.item_id = ${sql.placeholder('itemId')} and p.day > ${rangeTo}
            and p.day < ${nextBucket(bucketStart(rangeTo))})`,
        ),
      )
      .prepare('analytics_last_bucket_kept'),
  );

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
