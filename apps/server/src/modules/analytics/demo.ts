import {
  ANALYTICS_BATCH_EVENTS,
  DEFAULT_ANALYTICS_RAW_DAYS,
  payoutZoneDate,
  payoutZoneDayStart,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { playDays, playEvents } from '../../db/schema/analytics.ts';
import { seededRandom } from '../../lib/seeded-random.ts';
import { insertPlayEvents, type PlayEventRow } from './repository.ts';

/** A released game of the demo studio: the version the store plays, and the one its testers try, if any. */
export interface DemoPlayedGame {
  id: string;
  version: number;
  testingVersion: number | null;
  maxPlayers: number;
}

/** What the demo's play analytics are about: the studio, its released games and items, its published stages. */
export interface DemoPlaysPlan {
  ownerId: string;
  games: DemoPlayedGame[];
  /** Every released item read on the game host, games and 3D models. */
  items: string[];
  stages: string[];
}

export interface DemoPlaysDeps {
  db: Db;
  /** The analytics service's `rollUp`: one Hong Kong day's figures from its raw events. */
  rollUp: (day: string) => Promise<void>;
  now?: Date;
}

export interface DemoPlaysReport {
  days: number;
  events: number;
  ms: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The days seeded, today's included: the raw events' retention, so every seeded event is kept as a live one is. */
const DEMO_DAYS = DEFAULT_ANALYTICS_RAW_DAYS;
/** Monday first: quiet early in the week, busy from Friday evening, the busiest on Saturday. */
const WEEKDAY_LEVEL = [0.85, 0.8, 0.9, 0.95, 1.15, 1.6, 1.45];
/** How much of a Hong Kong day's play falls in each hour: a lunch bump and an evening peak. */
const HOUR_WEIGHTS = [
  2, 1, 0.6, 0.4, 0.3, 0.4, 0.8, 1.5, 2.5, 3, 3, 4, 6, 5.5, 4, 4, 4.5, 5.5, 7.5, 10, 12, 11, 8, 4.5,
];
/** New players of a game on a day of level 1; the days grow to 1.6 times busier by today. */
const NEWCOMERS = 6;
const GROWTH = 0.6;
/** How long a player keeps coming back, in days (their chance falls to a third in it). */
const LOYALTY_DAYS = 28;
/**
 * The weeks the games were played before the days seeded: their players are in the pool from the first day (and come
 * back), so that the first weeks show a game already played, not one just launched.
 */
const EARLIER_DAYS = 8 * 7;
/** Reads of a game's page on a day of level 1 besides its players', and of a 3D model's. */
const BROWSERS = 14;
const MODEL_VIEWS = 20;
/** Impressions of a published stage in the AR app's nearby answers on a day of level 1. */
const IMPRESSIONS = 90;
/** The days before today testers try a game's testing version. */
const TESTING_DAYS = 21;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whether the studio has any play analytics, rolled up or raw: the demo's are seeded once, and never over real ones. */
async function hasPlays(db: Db, ownerId: string): Promise<boolean> {
  const [day] = await db.select({ day: playDays.day }).from(playDays).where(eq(playDays.ownerId, ownerId)).limit(1);
  if (day) return true;
  const [event] = await db
    .select({ at: playEvents.at })
    .from(playEvents)
    .where(eq(playEvents.ownerId, ownerId))
    .limit(1);
  return event !== undefined;
}

/**
 * The demo studio's play analytics of the last DEMO_DAYS Hong Kong days (today's up to `now`), as the game host and
 * the AR app would have recorded them, the same every time for the same days: each released game's players (a pool
 * that grows with newcomers every day, some of whom come back over the following weeks) meeting in games of two to
 * six for a few minutes, busier at weekends and in the evenings and growing slowly; its testers trying its testing
 * version now and then; the released items' pages read; the published stages seen in the AR app. Oldest first.
 */
export function demoPlayEvents(plan: DemoPlaysPlan, now: Date): { days: string[]; events: PlayEventRow[] } {
  const random = seededRandom(35_090);
  const chance = (p: number) => random() < p;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const hex = () =>
    Math.floor(random() * 4_294_967_296)
      .toString(16)
      .padStart(8, '0');
  /** A keyed hash's form: 16 bytes, as the service writes them (32 hex characters). */
  const hash = () => `${hex()}${hex()}${hex()}${hex()}`;
  const uuid = () => {
    const h = hash();
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
  };
  const shuffled = <T>(list: T[]) => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  const hourTotal = HOUR_WEIGHTS.reduce((sum, weight) => sum + weight, 0);
  /** An instant of the day starting at `start`, by the hours' weights. */
  const timeOfDay = (start: number) => {
    let left = random() * hourTotal;
    let hour = 0;
    while (hour < 23 && left >= (HOUR_WEIGHTS[hour] ?? 0)) {
      left -= HOUR_WEIGHTS[hour] ?? 0;
      hour += 1;
    }
    return start + hour * HOUR_MS + Math.floor(random() * HOUR_MS);
  };

  const { ownerId } = plan;
  const nowMs = now.getTime();
  const today = payoutZoneDate(now);
  const days = Array.from({ length: DEMO_DAYS }, (_, index) => addDays(today, index - DEMO_DAYS + 1));
  const events: PlayEventRow[] = [];
  const push = (row: PlayEventRow) => {
    if ((row.at as Date).getTime() <= nowMs) events.push(row);
  };
  /** Addresses and signed-out readers (their hashes), shared by the pages and the stages. */
  const passersBy = Array.from({ length: 1500 }, hash);
  const passerBy = (reach: number) => passersBy[Math.floor(random() * reach)] as string;
  const games = plan.games.map((game, index) => ({
    ...game,
    // the first game is the studio's best known, the others draw fewer
    share: 1 / (1 + index),
    pool: [] as Array<{ player: string; first: number; loyalty: number }>,
    testers: Array.from({ length: 3 }, hash),
  }));

  /** One game on the host: created, joined, started, left and ended. */
  const playGame = (
    game: (typeof games)[number],
    start: number,
    players: string[],
    audience: 'public' | 'testing',
    version: number,
  ) => {
    const gameId = uuid();
    const base = { ownerId, itemId: game.id, version, gameId, audience } as const;
    const counted = audience === 'public' ? players.length : 0;
    const joins: number[] = [];
    let at = start;
    for (const _ of players) {
      joins.push(at);
      at += between(4_000, 40_000);
    }
    const startedAt = at + between(5_000, 20_000);
    // a few minutes: mostly three to eight, now and then a quarter of an hour
    const length = 150_000 + Math.floor(random() * random() * 720_000) + between(0, 120_000);
    const endedAt = startedAt + length;
    if (endedAt > nowMs) return;
    const leaves = players.map(() =>
      chance(0.15) ? startedAt + Math.floor(length * (0.3 + random() * 0.6)) : endedAt,
    );
    const staying = leaves.filter((leave) => leave === endedAt).length;
    push({ ...base, at: new Date(start), kind: 'game-created', players: audience === 'public' ? 1 : 0 });
    players.forEach((player, index) => {
      push({ ...base, at: new Date(joins[index] ?? start), kind: 'player-joined', player });
    });
    push({ ...base, at: new Date(startedAt), kind: 'game-started', players: counted });
    players.forEach((player, index) => {
      const left = leaves[index] ?? endedAt;
      push({ ...base, at: new Date(left), kind: 'player-left', player, durationMs: left - (joins[index] ?? start) });
    });
    push({
      ...base,
      at: new Date(endedAt),
      kind: 'game-ended',
      players: audience === 'public' ? staying : 0,
      durationMs: length,
    });
  };

  const view = (itemId: string, at: number, viewer: string, audience: 'public' | 'testing' = 'public') =>
    push({ at: new Date(at), kind: 'view', audience, ownerId, itemId, player: viewer });

  const growth = (index: number) => 1 + (GROWTH * index) / (DEMO_DAYS - 1);
  /** Players who first played on day `first` (of the days seeded; before them, below 0): a third never come back. */
  const newcomers = (count: number, first: number) =>
    Array.from({ length: count }, () => ({
      player: hash(),
      first,
      loyalty: chance(0.35) ? 0 : 0.08 + random() * 0.35,
    }));
  for (const game of games) {
    for (let index = -EARLIER_DAYS; index < 0; index++) {
      game.pool.push(...newcomers(Math.round(NEWCOMERS * growth(index) * game.share), index));
    }
  }

  days.forEach((day, index) => {
    const dayStart = payoutZoneDayStart(day).getTime();
    const weekday = (new Date(`${day}T00:00:00.000Z`).getUTCDay() + 6) % 7;
    const level = (WEEKDAY_LEVEL[weekday] ?? 1) * growth(index) * (0.85 + random() * 0.3);
    // the stages and the pages reach further as the weeks go
    const reach = Math.floor(passersBy.length * (0.4 + (0.6 * index) / (DEMO_DAYS - 1)));
    const viewed = new Set<string>();

    for (const game of games) {
      // who comes back: a loyal player often in their first weeks, less and less after
      const returning = game.pool.filter((one) =>
        chance(
          Math.min(0.9, one.loyalty * Math.exp(-(index - one.first) / LOYALTY_DAYS) * (WEEKDAY_LEVEL[weekday] ?? 1)),
        ),
      );
      const arriving = newcomers(Math.round(NEWCOMERS * level * game.share), index);
      game.pool.push(...arriving);
      const players = [...returning, ...arriving].map((one) => one.player);
      // everyone plays a game, a third of them a second, a few a third; in games of two to six
      const rounds = [players, players.filter(() => chance(0.35)), players.filter(() => chance(0.1))];
      const most = Math.max(2, Math.min(6, game.maxPlayers));
      for (const round of rounds) {
        const seats = shuffled(round);
        while (seats.length >= 2) {
          const size = Math.min(seats.length, between(2, most));
          // one left over joins this game when there is room, else stays out
          const take = seats.length - size === 1 && size < most ? size + 1 : size;
          playGame(game, timeOfDay(dayStart), seats.splice(0, take), 'public', game.version);
        }
      }
      // most players read the game's page first, and people browsing the store too
      for (const player of players) if (chance(0.8)) view(game.id, timeOfDay(dayStart), player);
      for (let n = Math.round(BROWSERS * level * game.share); n > 0; n--) {
        view(game.id, timeOfDay(dayStart), passerBy(reach));
      }
      // the studio's testers try the testing version every few days
      if (game.testingVersion !== null && index >= DEMO_DAYS - TESTING_DAYS && chance(0.4)) {
        const testers = shuffled(game.testers).slice(0, between(2, 3));
        const at = timeOfDay(dayStart);
        for (const tester of testers) view(game.id, at - between(60_000, 600_000), tester, 'testing');
        playGame(game, at, testers, 'testing', game.testingVersion);
      }
      viewed.add(game.id);
    }

    for (const itemId of plan.items) {
      if (viewed.has(itemId)) continue;
      for (let n = Math.round(MODEL_VIEWS * level * (0.8 + random() * 0.4)); n > 0; n--) {
        view(itemId, timeOfDay(dayStart), passerBy(reach));
      }
    }

    // a stage is in each nearby answer while someone stands near it: a passer-by sees it once to a few times
    for (const stageId of plan.stages) {
      let left = Math.round(IMPRESSIONS * level);
      while (left > 0) {
        const viewer = passerBy(reach);
        const at = timeOfDay(dayStart);
        for (let seen = Math.min(left, between(1, 3)); seen > 0; seen--, left--) {
          push({
            at: new Date(at + seen * between(5_000, 60_000)),
            kind: 'impression',
            audience: 'public',
            ownerId,
            stageId,
            player: viewer,
          });
        }
      }
    }
  });

  events.sort((a, b) => (a.at as Date).getTime() - (b.at as Date).getTime());
  return { days, events };
}

/**
 * Seeds the demo studio's last three months of play analytics (`demoPlayEvents`) and rolls up each of their days, so
 * that the Analytics pages are alive on the first start: appended in batches as the recording writes them, then
 * rolled up by the service, oldest day first. Once: nothing when the studio has any play analytics already (a second
 * start, or real plays). Answers what it seeded, or undefined.
 */
export async function seedDemoPlays(deps: DemoPlaysDeps, plan: DemoPlaysPlan): Promise<DemoPlaysReport | undefined> {
  const { db, rollUp } = deps;
  if (plan.items.length === 0 && plan.stages.length === 0) return undefined;
  if (await hasPlays(db, plan.ownerId)) return undefined;
  const started = performance.now();
  const { days, events } = demoPlayEvents(plan, deps.now ?? new Date());
  for (let from = 0; from < events.length; from += ANALYTICS_BATCH_EVENTS) {
    await insertPlayEvents(db, events.slice(from, from + ANALYTICS_BATCH_EVENTS));
  }
  for (const day of days) await rollUp(day);
  return { days: days.length, events: events.length, ms: Math.round(performance.now() - started) };
}
