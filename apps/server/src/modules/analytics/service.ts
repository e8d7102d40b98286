import {
  ANALYTICS_BATCH_EVENTS,
  ANALYTICS_CSV_HEADER,
  ANALYTICS_FLUSH_MS,
  ANALYTICS_LIVE_EVERY_MS,
  ANALYTICS_RANGE_DAYS,
  type AnalyticsExportQuery,
  type AnalyticsItem,
  type AnalyticsItemQuery,
  type AnalyticsLive,
  type AnalyticsRangeQuery,
  type AnalyticsStage,
  type AnalyticsSummary,
  csvField,
  type PlayAudience,
  type PlayPoint,
  payoutZoneDate,
  payoutZoneDayStart,
  playFigure,
} from '@portal/contracts';
import { centsToDollars } from '@portal/contracts/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Caches } from '../../caches.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { lockKey } from '../../db/locks.ts';
import { EVERY_ITEM } from '../../db/schema/analytics.ts';
import type { EventBus } from '../../events.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { hmacSha256 } from '../../lib/tokens.ts';
import { type WriteBehindStats, writeBehind } from '../../lib/write-behind.ts';
import type { TeamService } from '../access/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { IncomeService } from '../income/service.ts';
import type { StagesService } from '../stages/service.ts';
import type { TestersService } from '../testers/service.ts';
import { createLiveCounts } from './live.ts';
import * as repo from './repository.ts';

/**
 * A change in a game the game host counts (its registry tells it, synthetic players left out): a game created,
 * started or ended with the players in it, or one player joining or leaving it. `durationMs`: the game's length when
 * it ends, a player's time in it when they leave.
 */
export interface GameObservation {
  kind: 'game-created' | 'game-started' | 'game-ended' | 'player-joined' | 'player-left';
  at: number;
  gameId: string;
  productId: string;
  productVersion: number;
  userIds: readonly string[];
  durationMs: number | null;
}

/** What waits to be written: as it was observed, before its studio and audience are known. */
type Observed =
  | { kind: 'game'; game: GameObservation }
  | { kind: 'hub-session'; at: number; userId: string; durationMs: number }
  | { kind: 'impression'; at: number; stageId: string; viewer: string }
  | { kind: 'view'; at: number; itemId: string; ownerId: string; userId: string | undefined; viewer: string };

export interface AnalyticsDeps {
  db: Db;
  config: Pick<AppConfig, 'analytics'>;
  log: FastifyBaseLogger;
  /** The key of the players' hashes. */
  secretKey: string;
  team: Pick<TeamService, 'roleOf'>;
  testers: Pick<TestersService, 'isTesterOf'>;
  catalog: Pick<CatalogService, 'summarizeItems'>;
  stages: Pick<StagesService, 'summarizeStages' | 'stagesPlacing'>;
  income: Pick<IncomeService, 'salesByItem'>;
  /** Where answers are kept until the studio's figures change, and where the rollup says they did; none: no keeping. */
  caches?: Pick<Caches, 'analyticsAnswers'>;
  events?: Pick<EventBus, 'emit'>;
  /** Where the nodes tell each other their live player counts; none: one node. */
  redis?: Redis | undefined;
  redisPrefix?: string;
  /** How the queue is written (tests and benchmarks make the store slow, or down). */
  writeRows?: (rows: repo.PlayEventRow[]) => Promise<void>;
}

const DAY_MS = 86_400_000;
/** How long after a Hong Kong midnight the rollup job also rolls up the day before (batches written late). */
const LATE_BATCHES_MS = 3_600_000;

/** `YYYY-MM-DD` plus `days`. */
const addDays = (day: string, days: number) => dayAt(dayIndex(day) + days);

/**
 * A `YYYY-MM-DD` day as days since 1970-01-01, and back: the figures' day arithmetic, done for every point and cohort
 * of an answer, without parsing a date string (twice as fast as `Date.parse` and `toISOString`).
 */
const dayIndex = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));
function dayAt(index: number): string {
  const date = new Date(index * DAY_MS);
  return `${date.getUTCFullYear()}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}`;
}

/** A game's or 3D model's name, studio and state, as the catalog tells them. */
type ItemSummary = Awaited<ReturnType<CatalogService['summarizeItems']>>[number];

/** An item's figures of a day, as its answer reads them. */
type ItemDay = Awaited<ReturnType<typeof repo.selectItemFigures>>['days'][number];

/** A range's figures of nothing played. */
const noFigures = (): repo.RangeFigures => ({ plays: 0, playerMs: 0, views: 0, players: 0 });

/** Every day of `from` to `to`, both included. */
function dayRange(from: string, to: string): string[] {
  const days: string[] = [];
  for (let index = dayIndex(from), last = dayIndex(to); index <= last; index++) days.push(dayAt(index));
  return days;
}

/** The first day of the day, week (Monday) or month `day` falls in. */
function bucketOf(day: string, granularity: AnalyticsItemQuery['Granularity']): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  // 1970-01-01 was a Thursday: day 3 of a week from Monday
  const index = dayIndex(day);
  return dayAt(index - ((((index + 3) % 7) + 7) % 7));
}

/** Every bucket of a range, in order: the first is the one `from` falls in. */
function bucketStarts(from: string, to: string, granularity: AnalyticsItemQuery['Granularity']): string[] {
  const starts: string[] = [];
  for (const day of dayRange(from, to)) {
    const start = bucketOf(day, granularity);
    if (starts[starts.length - 1] !== start) starts.push(start);
  }
  return starts;
}

/** The lower median (what percentile_disc(0.5) answers), or null of nothing. */
function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1] ?? null;
}

/** Games' and stages' studios remembered between batches (neither changes studio), at most, each (~200 bytes one). */
const OWNERS_KEPT = 50_000;

/**
 * Play analytics. Recording: the game host, the AR app's nearby read and a live item's read tell it what happened
 * (`recordGame`, `recordHubSession`, `recordImpressions`, `recordView`), which costs them an append to a bounded
 * queue (lib/write-behind.ts); the queue is written a batch at a time (ANALYTICS_BATCH_EVENTS, at least every
 * ANALYTICS_FLUSH_MS) off their path, after its studios and audiences are found: a member of the item's studio or
 * one of its whitelisted testers counts as `testing`, anyone else as `public`. A player is kept as a keyed hash.
 */
export function createAnalyticsService(deps: AnalyticsDeps) {
  const { db, config, log, secretKey, team, testers, catalog, stages, income } = deps;
  const answers = deps.caches?.analyticsAnswers;
  const writeRows = deps.writeRows ?? ((rows: repo.PlayEventRow[]) => repo.insertPlayEvents(db, rows));
  const ownerOfItem = new Map<string, string>();
  const ownerOfStage = new Map<string, string>();

  const hashOf = (kind: 'player' | 'address', value: string) =>
    hmacSha256(secretKey, `analytics-${kind}:${value}`).slice(0, 32);

  /**
   * The studios of these ids, from memory (`known`) where it can, the others asked (`ask`, absent when deleted) and
   * remembered: a game's or a stage's studio never changes.
   */
  async function ownersIn(
    known: Map<string, string>,
    ids: Iterable<string>,
    ask: (missing: string[]) => Promise<Array<[string, string]>>,
  ): Promise<Map<string, string>> {
    const missing = [...new Set(ids)].filter((id) => !known.has(id));
    if (missing.length > 0) {
      if (known.size + missing.length > OWNERS_KEPT) known.clear();
      for (const [id, ownerId] of await ask(missing)) known.set(id, ownerId);
    }
    return known;
  }

  /** The studios of these games, by id. */
  const itemOwners = (ids: Iterable<string>) =>
    ownersIn(ownerOfItem, ids, async (missing) =>
      (await catalog.summarizeItems('Product', missing)).map((item) => [item.id, item.ownerId]),
    );

  /** The studios of these stages, by id: each of the AR app's nearby answers names a score of them. */
  const stageOwnersOf = (ids: Iterable<string>) =>
    ownersIn(ownerOfStage, ids, async (missing) =>
      [...(await stages.summarizeStages(missing))].map(([id, stage]) => [id, stage.ownerId]),
    );

  /**
   * The games and 3D models of these ids (either kind: a view or a sale names no kind), with their kind: games asked
   * first, 3D models only for the ids that are not games (a studio's played items are mostly games).
   */
  async function itemsOf(ids: string[]) {
    const found = new Map<string, ItemSummary & { itemType: 'Product' | 'Model' }>();
    for (const item of await catalog.summarizeItems('Product', ids))
      found.set(item.id, { ...item, itemType: 'Product' });
    const rest = ids.filter((id) => !found.has(id));
    if (rest.length === 0) return found;
    for (const item of await catalog.summarizeItems('Model', rest)) found.set(item.id, { ...item, itemType: 'Model' });
    return found;
  }

  /** Games' names asked for the live counts, by the games asked, for a tick: a studio's open streams ask once. */
  const liveNames = new Map<string, { at: number; names: Promise<Map<string, string>> }>();
  function liveNamesOf(ids: string[]): Promise<Map<string, string>> {
    const key = ids.join(',');
    const now = Date.now();
    const asked = liveNames.get(key);
    if (asked && asked.at > now - ANALYTICS_LIVE_EVERY_MS) return asked.names;
    for (const [stale, { at }] of liveNames) if (at <= now - ANALYTICS_LIVE_EVERY_MS) liveNames.delete(stale);
    const names = catalog
      .summarizeItems('Product', ids)
      .then((games) => new Map(games.map((game) => [game.id, game.name])));
    liveNames.set(key, { at: now, names });
    // a failed question is asked again by the next stream
    names.catch(() => liveNames.delete(key));
    return names;
  }

  /**
   * Who a person is to a studio's figures: its members and whitelisted testers test, anyone else plays. The questions
   * of one batch are asked together, which the team and testers services answer with a statement each.
   */
  function audiences() {
    const known = new Map<string, Promise<PlayAudience>>();
    return (ownerId: string, userId: string): Promise<PlayAudience> => {
      const key = `${ownerId}:${userId}`;
      let audience = known.get(key);
      if (!audience) {
        audience = (async () => {
          if (!isUuid(userId)) return 'public';
          if (await team.roleOf(ownerId, userId)) return 'testing';
          return (await testers.isTesterOf(ownerId, userId)) ? 'testing' : 'public';
        })();
        known.set(key, audience);
      }
      return audience;
    };
  }

  /** A batch as rows: its studios and audiences found, its people hashed; what names a deleted thing is left out. */
  async function toRows(batch: Observed[]): Promise<repo.PlayEventRow[]> {
    const games = batch.flatMap((entry) => (entry.kind === 'game' ? [entry.game] : []));
    const stageIds = batch.flatMap((entry) => (entry.kind === 'impression' ? [entry.stageId] : []));
    const [owners, stageOwners] = await Promise.all([
      itemOwners(games.map((game) => game.productId)),
      stageOwnersOf(stageIds),
    ]);
    const audienceOf = audiences();
    const rows = await Promise.all(
      batch.map(async (entry): Promise<repo.PlayEventRow | undefined> => {
        switch (entry.kind) {
          case 'game': {
            const { game } = entry;
            const ownerId = owners.get(game.productId);
            if (!ownerId) return undefined;
            const kinds = await Promise.all(game.userIds.map((userId) => audienceOf(ownerId, userId)));
            const counted = kinds.filter((kind) => kind === 'public').length;
            const isPlayerEvent = game.kind === 'player-joined' || game.kind === 'player-left';
            const [first] = game.userIds;
            return {
              at: new Date(game.at),
              kind: game.kind,
              // a game counts publicly once a counted player is in it
              audience: counted > 0 || (kinds.length === 0 && !isPlayerEvent) ? 'public' : 'testing',
              ownerId,
              itemId: game.productId,
              version: game.productVersion,
              gameId: game.gameId,
              player: isPlayerEvent && first !== undefined ? hashOf('player', first) : null,
              players: isPlayerEvent ? null : counted,
              durationMs: game.durationMs,
            };
          }
          case 'hub-session':
            return {
              at: new Date(entry.at),
              kind: 'hub-session',
              audience: 'public',
              player: hashOf('player', entry.userId),
              durationMs: entry.durationMs,
            };
          case 'impression': {
            const ownerId = stageOwners.get(entry.stageId);
            if (!ownerId) return undefined;
            return {
              at: new Date(entry.at),
              kind: 'impression',
              audience: 'public',
              ownerId,
              stageId: entry.stageId,
              player: entry.viewer,
            };
          }
          case 'view':
            return {
              at: new Date(entry.at),
              kind: 'view',
              audience: entry.userId ? await audienceOf(entry.ownerId, entry.userId) : 'public',
              ownerId: entry.ownerId,
              itemId: entry.itemId,
              player: entry.viewer,
            };
        }
      }),
    );
    return rows.filter((row) => row !== undefined);
  }

  const live = createLiveCounts({
    redis: deps.redis,
    prefix: deps.redisPrefix ?? 'portal',
    log,
    ownersOf: itemOwners,
    audiences,
  });

  const queue = writeBehind<Observed>({
    write: async (batch) => writeRows(await toRows(batch)),
    batchSize: ANALYTICS_BATCH_EVENTS,
    flushEveryMs: ANALYTICS_FLUSH_MS,
    maxQueued: config.analytics.queueEvents,
    onWriteFailure: (err) => log.warn({ err }, 'play events cannot be written: kept while the queue has room'),
    onRecovered: () => log.info({ ...queue.stats() }, 'play events are written again'),
  });

  /** Rolls up one Hong Kong day, whole, under a lock: two runs of it (two nodes, a retry) follow each other. */
  async function rollUp(day: string): Promise<void> {
    const from = payoutZoneDayStart(day);
    const to = new Date(from.getTime() + DAY_MS);
    const changed = await db.transaction(async (tx) => {
      await lockKey(tx, 'analytics-rollup');
      await repo.rollUpDay(tx, day, from, to);
      await repo.deriveDay(tx, day);
      return repo.refreshRanges(tx, day);
    });
    deps.events?.emit('analyticsRolledUp', { ownerIds: changed });
  }

  /**
   * Days rolled up before the reads' ready figures were kept (a database of an earlier release) derived in order, once:
   * their ranges made ready at the last.
   */
  async function deriveHistory(): Promise<void> {
    const changed = await db.transaction(async (tx) => {
      await lockKey(tx, 'analytics-rollup');
      const days = await repo.selectUnderivedDays(tx);
      for (const day of days) await repo.deriveDay(tx, day, { buckets: false });
      // each week's and month's players counted once, at its last day derived
      for (const [n, day] of days.entries()) {
        const next = days[n + 1];
        if (
          next === undefined ||
          bucketOf(next, 'week') !== bucketOf(day, 'week') ||
          next.slice(0, 7) !== day.slice(0, 7)
        ) {
          await repo.deriveBuckets(tx, day, { wholeBucket: true });
        }
      }
      const last = days[days.length - 1];
      return last === undefined ? [] : repo.refreshRanges(tx, last, { everyStudio: true });
    });
    deps.events?.emit('analyticsRolledUp', { ownerIds: changed });
  }
  let derived = false;

  /** The days of a range the web offers that ends at `to`, or none: a range kept ready when it ends at the last day. */
  function readyDays(from: string, to: string): number | undefined {
    const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
    return (ANALYTICS_RANGE_DAYS as readonly number[]).includes(days) ? days : undefined;
  }

  /** The studio's stages' impressions over a range, by stage: as kept ready where they are, else summed. */
  async function impressionsByStage(ownerId: string, from: string, to: string) {
    const days = readyDays(from, to);
    const ready = days === undefined ? undefined : await repo.selectReadyStageTotals(db, ownerId, days, to);
    return ready ?? repo.selectStageTotals(db, ownerId, from, to);
  }

  /** An answer of the studio's kept in analyticsAnswers (group: the studio), or made by `make` and kept. */
  async function answered<A extends AnalyticsSummary | AnalyticsItem>(
    ownerId: string,
    key: string,
    make: () => Promise<A>,
  ): Promise<A> {
    if (!answers) return make();
    return (await answers.readIn(ownerId, `${ownerId}:${key}`, make)) as A;
  }

  /**
   * The studio's public figures over a range of Hong Kong days: each item played, with its plays, unique players,
   * minutes and views, and its stages' impressions; a player figure of fewer than ANALYTICS_MIN_PLAYERS players
   * reads `"< N"`.
   */
  async function summaryOf(ownerId: string, { From, To }: AnalyticsRangeQuery): Promise<AnalyticsSummary> {
    const min = config.analytics.minPlayers;
    const [kept, sales] = await Promise.all([
      repo.selectSummaryFigures(db, ownerId, From, To, readyDays(From, To) ?? 0),
      income.salesByItem(ownerId, From, To),
    ]);
    // a range not kept ready (any the web does not offer) is counted from the daily rollups: the same answer, slower
    const [ranged, stageTotals] = await Promise.all([
      kept.ranges ?? repo.countRange(db, ownerId, From, To),
      kept.stages ?? repo.selectStageTotals(db, ownerId, From, To),
    ]);
    const studioDays = kept.days;
    const total = ranged.get(EVERY_ITEM) ?? noFigures();
    const byItem = new Map([...ranged].filter(([itemId]) => itemId !== EVERY_ITEM));
    const salesOf = new Map(sales.map((row) => [row.itemId, row]));
    // an item sold but neither played nor read is listed too
    for (const sale of sales) if (!byItem.has(sale.itemId)) byItem.set(sale.itemId, noFigures());
    const [items, stageSummaries] = await Promise.all([
      itemsOf([...byItem.keys()]),
      stages.summarizeStages(stageTotals.map((stage) => stage.stageId)),
    ]);
    const figures = (sums: repo.RangeFigures) => ({
      plays: playFigure(sums.plays, sums.players, min),
      players: playFigure(sums.players, sums.players, min),
      playerMinutes: playFigure(Math.floor(sums.playerMs / 60_000), sums.players, min),
      views: sums.views,
    });
    const byDay = new Map(studioDays.map((row) => [row.day, row]));
    return {
      from: From,
      to: To,
      minPlayers: min,
      totals: {
        ...figures(total),
        impressions: stageTotals.reduce((sum, stage) => sum + stage.impressions, 0),
      },
      // the most played first, then the most read and sold; a deleted item's figures stay in the totals only
      items: [...byItem]
        .map(([itemId, sums]) => ({ itemId, sums, sold: salesOf.get(itemId) }))
        .sort(
          (a, b) =>
            b.sums.plays - a.sums.plays ||
            b.sums.views - a.sums.views ||
            (b.sold?.sales ?? 0) - (a.sold?.sales ?? 0) ||
            (a.itemId < b.itemId ? -1 : 1),
        )
        .flatMap(({ itemId, sums, sold }) => {
          const item = items.get(itemId);
          if (!item || item.ownerId !== ownerId) return [];
          return [
            {
              itemId,
              itemType: item.itemType,
              name: item.name,
              ...figures(sums),
              sales: sold?.sales ?? 0,
              income: centsToDollars(sold?.incomeCents ?? 0),
            },
          ];
        }),
      days: dayRange(From, To).map((day) => {
        const row = byDay.get(day);
        return { day, ...figures(row ?? noFigures()), impressions: row?.impressions ?? 0 };
      }),
      // a deleted stage's impressions stay in the totals, not in the list
      stages: stageTotals
        .sort((a, b) => b.impressions - a.impressions)
        .flatMap((stage) => {
          const summary = stageSummaries.get(stage.stageId);
          return summary ? [{ ...stage, name: summary.name }] : [];
        }),
    };
  }

  /**
   * One game's public figures over a range: its totals, a point a day, week or month (every one of the range, empty
   * ones too), retention by first-play cohort and each version's plays. Another studio's game, or none: 404.
   */
  async function itemOf(ownerId: string, itemId: string, query: AnalyticsItemQuery, now: Date): Promise<AnalyticsItem> {
    const summary = (await itemsOf([itemId])).get(itemId);
    if (!summary || summary.ownerId !== ownerId) throw new AppError('ProductNotFound');
    const { From, To, Granularity } = query;
    const min = config.analytics.minPlayers;
    const [kept, wider, [sold], placing, stageTotals] = await Promise.all([
      repo.selectItemFigures(db, ownerId, itemId, From, To, readyDays(From, To) ?? 0),
      Granularity === 'day' ? undefined : repo.selectBucketPlayers(db, ownerId, itemId, From, To, Granularity),
      income.salesByItem(ownerId, From, To, itemId),
      summary.itemType === 'Model' ? stages.stagesPlacing(ownerId, itemId) : [],
      summary.itemType === 'Model' ? impressionsByStage(ownerId, From, To) : [],
    ]);
    const { days, cohorts: retention, versions } = kept;
    const ranged = kept.ranges ?? (await repo.countRange(db, ownerId, From, To, itemId));
    const impressionsOf = new Map(stageTotals.map((stage) => [stage.stageId, stage.impressions]));
    const placedOn = placing
      .map((stage) => ({ stageId: stage.id, name: stage.name, impressions: impressionsOf.get(stage.id) ?? 0 }))
      .sort((a, b) => b.impressions - a.impressions || a.name.localeCompare(b.name));
    const buckets = new Map<string, ItemDay[]>(bucketStarts(From, To, Granularity).map((start) => [start, []]));
    for (const day of days) buckets.get(bucketOf(day.day, Granularity))?.push(day);
    // a day's players are its row's; a week's or a month's, each once
    const playersIn = wider ?? new Map(days.map((day) => [day.day, day.players]));
    const everyone = ranged.get(itemId)?.players ?? 0;
    const sum = (rows: ItemDay[], pick: (row: ItemDay) => number) => rows.reduce((total, row) => total + pick(row), 0);
    const points = [...buckets].map(([start, rows]): PlayPoint => {
      const people = playersIn.get(start) ?? 0;
      const figure = (value: number) => playFigure(value, people, min);
      const medians = rows.flatMap((row) => (row.medianSessionMs === null ? [] : [row.medianSessionMs]));
      const median = medianOf(medians);
      return {
        start,
        plays: figure(sum(rows, (row) => row.plays)),
        players: figure(people),
        playerMinutes: figure(Math.floor(sum(rows, (row) => row.playerMs) / 60_000)),
        views: sum(rows, (row) => row.views),
        newPlayers: figure(sum(rows, (row) => row.newPlayers)),
        returningPlayers: figure(sum(rows, (row) => row.returningPlayers)),
        medianSessionSeconds: median === null ? null : figure(Math.round(median / 1000)),
        peakConcurrent: figure(Math.max(0, ...rows.map((row) => row.peakConcurrent))),
      };
    });
    const today = payoutZoneDate(now);
    const share = (part: number, whole: number, dayOffset: number, cohort: string): PlayPoint['plays'] | null =>
      addDays(cohort, dayOffset) > today ? null : playFigure(Math.round((part * 100) / whole), whole, min);
    const all = (value: number) => playFigure(value, everyone, min);
    const plays = all(sum(days, (row) => row.plays));
    const views = sum(days, (row) => row.views);
    return {
      itemId,
      itemType: summary.itemType,
      name: summary.name,
      from: From,
      to: To,
      granularity: Granularity,
      minPlayers: min,
      totals: {
        plays,
        players: all(everyone),
        playerMinutes: all(Math.floor(sum(days, (row) => row.playerMs) / 60_000)),
        views,
      },
      points,
      retention: retention.map((cohort) => ({
        cohort: cohort.cohort,
        players: playFigure(cohort.players, cohort.players, min),
        day1: share(cohort.day1, cohort.players, 1, cohort.cohort),
        day7: share(cohort.day7, cohort.players, 7, cohort.cohort),
      })),
      versions: versions.map((version) => ({
        version: version.version,
        plays: all(version.plays),
        playerMinutes: all(Math.floor(version.playerMs / 60_000)),
      })),
      funnel: {
        impressions: placedOn.reduce((total, stage) => total + stage.impressions, 0),
        views,
        sales: sold?.sales ?? 0,
        plays,
      },
      income: centsToDollars(sold?.incomeCents ?? 0),
      stages: placedOn,
    };
  }

  return {
    rollUp,
    deriveHistory,

    /**
     * The rollup job (each minute, on one node): this node's waiting events written, today's figures rolled up anew,
     * yesterday's too in the first hour of a day (the batches written after midnight), and raw events older than
     * ANALYTICS_RAW_DAYS removed.
     */
    async runRollups(now = new Date()): Promise<void> {
      await queue.flush();
      if (!derived) {
        await deriveHistory();
        derived = true;
      }
      const today = payoutZoneDate(now);
      if (now.getTime() - payoutZoneDayStart(today).getTime() < LATE_BATCHES_MS) {
        await rollUp(payoutZoneDate(new Date(now.getTime() - DAY_MS)));
      }
      await rollUp(today);
      await repo.deletePlayEventsBefore(db, new Date(now.getTime() - config.analytics.rawDays * DAY_MS));
    },

    /**
     * The studio's public figures over a range of Hong Kong days (`summaryOf`), kept until its figures change: the
     * minute's rollup, a sale, an item changed (analyticsAnswers).
     */
    summary: (ownerId: string, query: AnalyticsRangeQuery): Promise<AnalyticsSummary> =>
      answered(ownerId, `summary:${query.From}:${query.To}`, () => summaryOf(ownerId, query)),

    /** One game's or 3D model's public figures over a range (`itemOf`), kept as the summary is. Another studio's: 404. */
    item: (ownerId: string, itemId: string, query: AnalyticsItemQuery, now = new Date()): Promise<AnalyticsItem> =>
      answered(
        ownerId,
        // a cohort's share is told once its day has come: today is part of the answer
        `item:${itemId}:${query.From}:${query.To}:${query.Granularity}:${payoutZoneDate(now)}`,
        () => itemOf(ownerId, itemId, query, now),
      ),

    /**
     * One stage's impressions over a range, a point each day (days without any too), its viewers a figure about
     * people. Another studio's stage, or none: 404.
     */
    async stage(ownerId: string, stageId: string, { From, To }: AnalyticsRangeQuery): Promise<AnalyticsStage> {
      const summary = (await stages.summarizeStages([stageId])).get(stageId);
      if (!summary || summary.ownerId !== ownerId) throw new AppError('StageNotFound');
      const min = config.analytics.minPlayers;
      const days = new Map((await repo.selectStageDays(db, ownerId, stageId, From, To)).map((row) => [row.day, row]));
      const points = dayRange(From, To).map((day) => {
        const viewers = days.get(day)?.viewers ?? 0;
        return { day, impressions: days.get(day)?.impressions ?? 0, viewers: playFigure(viewers, viewers, min) };
      });
      return {
        stageId,
        name: summary.name,
        from: From,
        to: To,
        minPlayers: min,
        totals: { impressions: points.reduce((total, point) => total + point.impressions, 0) },
        points,
      };
    },

    /**
     * The studio's public figures as CSV: a row per game and Hong Kong day played, in the order of the games' ids
     * then days, read a game at a time; a day of fewer than ANALYTICS_MIN_PLAYERS players reads `"< N"` as the API
     * does. `ItemId` another studio's game, or none: 404 before any line.
     */
    async exportCsv(ownerId: string, { From, To, ItemId }: AnalyticsExportQuery): Promise<AsyncGenerator<string>> {
      const itemIds = ItemId === undefined ? await repo.selectPlayedItems(db, ownerId, From, To) : [ItemId];
      const summaries = new Map((await catalog.summarizeItems('Product', itemIds)).map((item) => [item.id, item]));
      // a deleted game's figures stay in the summary's totals, not in the export's rows
      const names = new Map(
        itemIds.flatMap((id) => {
          const summary = summaries.get(id);
          return summary?.ownerId === ownerId ? [[id, summary.name] as const] : [];
        }),
      );
      if (ItemId !== undefined && !names.has(ItemId)) throw new AppError('ProductNotFound');
      const min = config.analytics.minPlayers;
      return (async function* lines() {
        yield `${ANALYTICS_CSV_HEADER.map(csvField).join(',')}\r\n`;
        for (const [itemId, name] of names) {
          const days = await repo.selectItemDays(db, ownerId, itemId, From, To);
          if (days.length === 0) continue;
          yield days
            .map((row) => {
              const figure = (value: number) => playFigure(value, row.players, min);
              const median = row.medianSessionMs === null ? '' : figure(Math.round(row.medianSessionMs / 1000));
              return `${[
                row.day,
                name,
                itemId,
                figure(row.plays),
                figure(row.players),
                figure(row.newPlayers),
                figure(row.returningPlayers),
                figure(Math.floor(row.playerMs / 60_000)),
                median,
                figure(row.peakConcurrent),
                row.views,
              ]
                // counts are whole: not csvField's amounts of money
                .map((value) => csvField(typeof value === 'number' ? String(value) : value))
                .join(',')}\r\n`;
            })
            .join('');
        }
      })();
    },

    /** A change in a game (gaming's registry): the observation as it is, the game's studio found later. */
    recordGame(game: GameObservation): void {
      queue.push({ kind: 'game', game });
    },

    /** A person's connection to the game hub, from its handshake to its close. */
    recordHubSession(userId: string, startedAt: number, endedAt: number): void {
      queue.push({ kind: 'hub-session', at: endedAt, userId, durationMs: endedAt - startedAt });
    },

    /** The stages of one of the AR app's nearby answers, seen from `address` (only its hash is kept). */
    recordImpressions(stages: ReadonlyArray<{ id: string }>, address: string): void {
      if (stages.length === 0) return;
      const at = Date.now();
      const viewer = hashOf('address', address);
      for (const stage of stages) queue.push({ kind: 'impression', at, stageId: stage.id, viewer });
    },

    /** A live item's page read on the game host, by a signed-in person or from an address. */
    recordView(itemId: string, ownerId: string, viewer: { userId: string | undefined; address: string }): void {
      queue.push({
        kind: 'view',
        at: Date.now(),
        itemId,
        ownerId,
        userId: viewer.userId,
        viewer: viewer.userId ? hashOf('player', viewer.userId) : hashOf('address', viewer.address),
      });
    },

    /** This node's game host tells its players now, by game (every ANALYTICS_LIVE_EVERY_MS). */
    reportLive: live.report,

    /** The studio's players online now per game, every node's together, each game named. */
    async liveCounts(ownerId: string): Promise<AnalyticsLive> {
      const counts = await live.countsOf(ownerId);
      const names = await liveNamesOf(counts.items.map((item) => item.itemId));
      return {
        ...counts,
        items: counts.items.map((item) => {
          const name = names.get(item.itemId);
          return name === undefined ? item : { ...item, name };
        }),
      };
    },

    /** Writes what waits now (tests, and a node stopping). */
    flush: () => queue.flush(),
    /** What waits, what was written, what was let go. */
    recordingStats: (): WriteBehindStats => queue.stats(),
    /** Writes what waits and takes nothing more, and leaves the live counts: when the node stops. */
    close: async () => {
      await live.close();
      await queue.close();
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
