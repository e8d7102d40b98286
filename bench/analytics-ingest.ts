/**
 * Play analytics' ingestion into PostgreSQL: how many play events a second the portal's recording writes, beside the
 * straightforward insert of the same rows, in the same run; and what a database that is down costs the recorder.
 *
 *   npx tsx bench/analytics-ingest.ts          (BENCH_ANALYTICS_EVENTS: events per figure, default 300,000)
 *
 * - Creates a fresh database `portal_analytics_<timestamp>` on the local PostgreSQL server (BENCH_POSTGRES_URL
 *   overrides the admin URL), migrated as the portal migrates it, and drops it at the end.
 * - **recorded**: the analytics service of the portal (`createAnalyticsService`) on that database: events recorded as
 *   the game host records them, as fast as the queue writes them (1,000 a turn of the event loop, the producer
 *   waiting while 25,000 wait: the sustained rate, nothing dropped; games of 4 players among 500 items; every fourth
 *   player a tester or member), then
 *   written by its queue (batches of 1,000) with their studio and audience found and people hashed; from the first
 *   record to the last row committed. The studios, members and testers are answered from memory here (on the
 *   server they are cached or asked once a batch), so the figure is the queue, the hashing and PostgreSQL's inserts.
 * - **batch insert**: the same rows through `insertPlayEvents` (one `unnest` statement a batch), 1,000 at a time.
 * - **straightforward**: the same rows through drizzle's multi-row `insert … values`, 1,000 at a time.
 * - **rollup**: the rollup of the day (or two) the recorded events fall on, as the job runs it (`rollUp`).
 * - **database down**: the service writing to a store that refuses every write, for as many events: the recorder's
 *   heap growth and what it counts as dropped (the queue holds ANALYTICS_QUEUE_EVENTS, 100,000).
 *
 * Verdict (issue 35): ≥ 50,000 events a second recorded into PostgreSQL; the queue bounded while the database is down.
 */
import { randomUUID } from 'node:crypto';
import { payoutZoneDate } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { formatRate } from './lib/format.ts';
import { withBenchDatabase } from './lib/postgres.ts';
import { runScript } from './lib/script.ts';
import {
  createAnalyticsService,
  type Db,
  type GameObservation,
  insertPlayEvents,
  openDatabase,
  type PlayEventRow,
  schema,
} from './lib/server-internals.ts';
import { formatVerdict, printTable } from './lib/table.ts';

const EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 300_000);
const ITEMS = 500;
const BATCH = 1000;
const TARGET_EVENTS_PER_SECOND = 50_000;
const QUEUE_EVENTS = 100_000;

const silentLog = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

/** The estate the events name: 500 games of 50 studios, players of whom every fourth tests. */
function estate() {
  const owners: string[] = Array.from({ length: 50 }, () => randomUUID());
  const items = Array.from({ length: ITEMS }, (_, n) => ({
    id: randomUUID() as string,
    ownerId: owners[n % owners.length] as string,
  }));
  const players: string[] = Array.from({ length: 20_000 }, () => randomUUID());
  const testing = new Set(players.filter((_, n) => n % 4 === 0));
  return { items, players, testing };
}
type Estate = ReturnType<typeof estate>;

/** `count` observations as the registry makes them: each game created, four players joining, started, ended. */
function observations(world: Estate, count: number): GameObservation[] {
  const out: GameObservation[] = [];
  const start = Date.now() - 3_600_000;
  for (let game = 0; out.length < count; game++) {
    const item = world.items[game % ITEMS];
    if (!item) throw new Error('no item');
    const gameId = randomUUID();
    const userIds = Array.from({ length: 4 }, (_, n) => world.players[(game * 4 + n) % world.players.length] ?? '');
    const at = start + game;
    const base = { gameId, productId: item.id, productVersion: 1, durationMs: null };
    out.push({ ...base, kind: 'game-created', at, userIds: userIds.slice(0, 1) });
    for (const userId of userIds) out.push({ ...base, kind: 'player-joined', at, userIds: [userId] });
    out.push({ ...base, kind: 'game-started', at, userIds });
    out.push({ ...base, kind: 'game-ended', at: at + 90_000, userIds, durationMs: 90_000 });
  }
  return out.slice(0, count);
}

function service(world: Estate, db: Db, writeRows?: (rows: PlayEventRow[]) => Promise<void>) {
  const ownerOf = new Map(world.items.map((item) => [item.id, item.ownerId ?? '']));
  return createAnalyticsService({
    db,
    config: { analytics: { minPlayers: 5, rawDays: 90, queueEvents: QUEUE_EVENTS } },
    log: silentLog,
    secretKey: 'a bench secret key of thirty-two characters or more',
    team: { roleOf: async () => undefined },
    testers: { isTesterOf: async (_owner: string, userId: string) => world.testing.has(userId) },
    catalog: {
      summarizeItems: async (_type, ids) =>
        ids.map((id) => ({
          id,
          ownerId: ownerOf.get(id) ?? '',
          name: '',
          iconUrl: '',
          status: 'Released',
          priceCents: 0,
        })),
    },
    stages: { summarizeStages: async () => new Map(), stagesPlacing: async () => [] },
    income: { salesByItem: async () => [] },
    ...(writeRows ? { writeRows } : {}),
  });
}

async function countRows(db: Db): Promise<number> {
  const result = (await db.execute('select count(*)::int as n from play_events')) as unknown as {
    rows: Array<{ n: number }>;
  };
  return result.rows[0]?.n ?? 0;
}

async function truncate(db: Db) {
  await db.execute('truncate play_events');
  await db.execute('vacuum analyze play_events');
}

/** Rows as the service writes them, for the two plain inserts. */
function rowsOf(world: Estate, events: GameObservation[]): PlayEventRow[] {
  const ownerOf = new Map(world.items.map((item) => [item.id, item.ownerId ?? null]));
  return events.map((event) => ({
    at: new Date(event.at),
    kind: event.kind,
    audience: event.userIds.some((id) => !world.testing.has(id)) ? 'public' : 'testing',
    ownerId: ownerOf.get(event.productId) ?? null,
    itemId: event.productId,
    version: event.productVersion,
    gameId: event.gameId,
    player: event.kind.startsWith('player') ? 'f'.repeat(32) : null,
    players: event.kind.startsWith('game') ? event.userIds.length : null,
    durationMs: event.durationMs,
  }));
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

async function main() {
  const world = estate();
  const events = observations(world, EVENTS);
  const rows = rowsOf(world, events);
  await withBenchDatabase('portal_analytics', async (database) => {
    const opened = await openDatabase({ databaseUrl: database.url, dataDir: '/tmp' });
    try {
      await opened.migrate();
      const db = opened.db;

      // the portal's recording, from the first record to the last row committed
      const analytics = service(world, db);
      // as fast as the queue writes them: 1,000 a turn, the producer waiting while a quarter of the bound waits
      const recorded = await timed(async () => {
        for (let n = 0; n < events.length; n += BATCH) {
          for (const event of events.slice(n, n + BATCH)) analytics.recordGame(event);
          while (analytics.recordingStats().queued > QUEUE_EVENTS / 4) {
            await new Promise((resolve) => setTimeout(resolve, 1));
          }
        }
        await analytics.flush();
      });
      const stats = analytics.recordingStats();
      await analytics.close();
      const recordedRows = await countRows(db);
      // the day's rollup over what was recorded (the events span about an hour and a half of one or two days)
      await db.execute('vacuum analyze play_events');
      const days = [...new Set(events.map((event) => payoutZoneDate(new Date(event.at))))];
      const rollup = await timed(async () => {
        for (const day of days) await analytics.rollUp(day);
      });
      await truncate(db);

      const batched = await timed(async () => {
        for (let n = 0; n < rows.length; n += BATCH) await insertPlayEvents(db, rows.slice(n, n + BATCH));
      });
      const batchedRows = await countRows(db);
      await truncate(db);

      const plain = await timed(async () => {
        for (let n = 0; n < rows.length; n += BATCH)
          await db.insert(schema.playEvents).values(rows.slice(n, n + BATCH));
      });
      const plainRows = await countRows(db);
      await truncate(db);

      // a database that refuses every write: what the recorder holds, and what it lets go
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      const down = service(world, db, async () => {
        throw new Error('connection refused');
      });
      // each event a new object, as the hub makes them: the heap holds what the queue keeps
      for (const event of events) down.recordGame({ ...event, userIds: [...event.userIds] });
      await down.flush();
      global.gc?.();
      const heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
      const downStats = down.recordingStats();
      await down.close();

      const rate = (seconds: number) => formatRate(EVENTS / seconds);
      printTable(
        `Play events into PostgreSQL (${EVENTS.toLocaleString('en')} events, batches of ${BATCH})`,
        [
          { header: 'path' },
          { header: 'seconds', align: 'right' },
          { header: 'events/s', align: 'right' },
          { header: 'rows', align: 'right' },
        ],
        [
          [
            'recorded (the portal: queue, studios, audiences, hashes, unnest insert)',
            recorded.toFixed(2),
            rate(recorded),
            String(recordedRows),
          ],
          ['batch insert (insertPlayEvents alone)', batched.toFixed(2), rate(batched), String(batchedRows)],
          ['straightforward (drizzle insert … values)', plain.toFixed(2), rate(plain), String(plainRows)],
        ],
      );
      console.log(`recorded: written ${stats.written}, dropped ${stats.dropped}`);
      console.log(
        `rollup of the recorded ${days.length === 1 ? 'day' : `${days.length} days`} (${EVENTS.toLocaleString('en')} events): ${rollup.toFixed(2)} s`,
      );
      console.log(
        `database down: queued ${downStats.queued.toLocaleString('en')} (bound ${QUEUE_EVENTS.toLocaleString('en')}), dropped ${downStats.dropped.toLocaleString('en')}, heap growth ${heapGrowthMb.toFixed(1)} MB${global.gc ? '' : ' (run with --expose-gc for a steadier figure)'}`,
      );
      const met =
        EVENTS / recorded >= TARGET_EVENTS_PER_SECOND && recordedRows === EVENTS && downStats.queued <= QUEUE_EVENTS;
      console.log(
        `\n≥ ${formatRate(TARGET_EVENTS_PER_SECOND)} events/s recorded, every row written, the queue bounded: ${formatVerdict(met)}`,
      );
    } finally {
      await opened.close();
    }
  });
}

runScript(import.meta.url, main);
