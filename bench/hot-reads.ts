/**
 * The reads every page makes, under load on PostgreSQL, each beside a bare Fastify route answering the same bytes in
 * the same run: a partner's games and 3D models (8 per page), one game, one game's versions, the profile, and the
 * admin review queue with 1,000 waiting versions.
 *
 *   npx tsx bench/hot-reads.ts [target ...]      (also part of `npm run bench`; targets: products models product
 *                                                 versions profile queue; default all)
 *
 * - Creates a fresh database `portal_bench_<timestamp>` on the local PostgreSQL server (127.0.0.1:5432, user
 *   postgres, trust auth; BENCH_POSTGRES_URL overrides the admin URL) and drops it at the end.
 * - Seeds the estate of bench/lib/hot-reads-estate.ts: 500 partners with 20 games and 20 3D models each, 1,000 3D
 *   models waiting for review, a live session for each partner and the admin.
 * - Cold: a server process with the caches off (CACHE_SECONDS=0), every request a different partner and page, so
 *   every request reads its session and its data from PostgreSQL, as a partner's first read of a page does. Warm:
 *   another with the caches on (CACHE_SECONDS=30), each connection repeating its 24 requests. Both in production
 *   mode with LOG_LEVEL=warn.
 * - Each target is loaded with autocannon from this process: 64 connections, each cycling through 24 requests of
 *   24 different partners (or the admin). Its servers (cold, warm, the bare route, for the lists the straightforward
 *   handler and the floor) run side by side: each gets a 2 s warm-up, then they are loaded in turn, in slices of
 *   about 2 s (10 s each in all), the order rotating every round. This machine's speed drifts by a third within
 *   seconds, so a ratio to the bare route is the median of the rounds' ratios (each slice's req/s over the bare
 *   route's in the same round), and the other figures sum or take the median of the slices.
 * - The bare route: Fastify with one GET route of the same path pattern, in a child process, answering the bytes of
 *   the target's checked sample. Beside it, for scale only, the same route also sending the headers the portal
 *   answered that sample with (the security headers issue 9 asks for on every response, CORS's vary).
 * - For the two lists, also a straightforward Fastify + pg handler of the same list (bench/lib/servers/straightforward.ts),
 *   for scale: what a plain build of the read answers on this machine, in the same run; and the floor
 *   (bench/lib/servers/floor.ts): the leanest correct build of the list on the portal's stack, cold (one statement a
 *   request, the page written as JSON by PostgreSQL and answered untouched) and warm (the session and the page kept in
 *   Maps), with the portal's headers, CORS, compression, zod querystring and logger: what any build of these reads
 *   can reach on this machine.
 *
 * Prints, per target: req/s, p50/p99, the ratio to the bare route and the CPU the server and PostgreSQL spent per
 * request, cold and warm, with the verdicts of issue 11: cold >= 0.3 x bare with p99 <= 25 ms, server JavaScript
 * <= 250 µs and PostgreSQL <= 300 µs per request; warm >= 0.8 x bare with p99 <= 25 ms. A run with non-2xx
 * answers or errors never meets a target.
 */
import os from 'node:os';
import { type BareRoute, startBareRoute, startFloorList, startStraightforwardList } from './lib/bare-servers.ts';
import { checkTarget, HOT_READS, hotReadRequests, hotReadsServerEnv, seedHotReads } from './lib/hot-reads-estate.ts';
import { backendPids, withBenchDatabase } from './lib/postgres.ts';
import { describeMachineLoad, type MachineLoad, sampleMachineLoad } from './lib/proc-stats.ts';
import {
  CONNECTIONS,
  type Contender,
  DURATION_SECONDS,
  isClean,
  loadInTurns,
  pairedRatio,
  perRequestUs,
  ROUNDS,
  RUN_COLUMNS,
  type Run,
  runCells,
} from './lib/runs.ts';
import { runScript } from './lib/script.ts';
import { startPortalServer } from './lib/server.ts';
import { formatVerdict, printTable } from './lib/table.ts';

export const COLD_RATIO_TARGET = 0.3;
export const WARM_RATIO_TARGET = 0.8;
export const P99_TARGET_MS = 25;
export const SERVER_CPU_TARGET_US = 250;
export const POSTGRES_CPU_TARGET_US = 300;

export const SCALE_NOTE =
  'the straightforward rows are a Fastify + pg handler of the same list (bench/lib/servers/straightforward.ts: the ' +
  'session, the count and the page, unprepared, no cache); issue 11 measured a headless CMS at about 0.02';

export interface TargetResult {
  key: string;
  name: string;
  responseBytes: number;
  cold: Run;
  warm: Run;
  bare: Run;
  /** The bare route also sending the headers the portal answers with (issue 9's security headers, CORS's vary). */
  bareWithHeaders: Run;
  /** How many headers the portal answers with, its content type included (Node's own aside). */
  headerCount: number;
  /** The same list read by a straightforward Fastify + pg handler (`bench/lib/servers/straightforward.ts`). */
  straightforward?: Run;
  /** The same list read by the leanest correct build on the portal's stack (`bench/lib/servers/floor.ts`). */
  floorCold?: Run;
  floorWarm?: Run;
  /** Each mode's req/s over the bare route's, the median of the rounds' paired ratios. */
  ratios: {
    cold: number;
    warm: number;
    bare: number;
    bareWithHeaders: number;
    /** Warm over the bare route sending the portal's headers: what the portal's own work leaves. */
    warmToBareWithHeaders: number;
    straightforward?: number;
    floorCold?: number;
    floorWarm?: number;
    /** Cold over the floor's cold, warm over the floor's warm, paired by round. */
    coldToFloor?: number;
    warmToFloor?: number;
  };
}

export interface HotReadsResult {
  machineLoad: MachineLoad;
  postgresVersion: string;
  connections: number;
  durationSeconds: number;
  targets: TargetResult[];
}

/** Each verdict of issue 11 for one target. */
export function verdicts(target: TargetResult) {
  const { cold, warm, ratios } = target;
  return {
    cold: isClean(cold) && ratios.cold >= COLD_RATIO_TARGET && cold.load.latencyMs.p99 <= P99_TARGET_MS,
    serverCpu: isClean(cold) && perRequestUs(cold, cold.cpu.server) <= SERVER_CPU_TARGET_US,
    postgresCpu: isClean(cold) && perRequestUs(cold, cold.cpu.postgres) <= POSTGRES_CPU_TARGET_US,
    warm: isClean(warm) && ratios.warm >= WARM_RATIO_TARGET && warm.load.latencyMs.p99 <= P99_TARGET_MS,
  };
}

type Mode = 'cold' | 'warm' | 'bare' | 'bareWithHeaders' | 'straightforward' | 'floorCold' | 'floorWarm';

export async function measureHotReads(keys: string[] = HOT_READS.map((t) => t.key)): Promise<HotReadsResult> {
  const targets = HOT_READS.filter((target) => keys.includes(target.key));
  const machineLoad = await sampleMachineLoad();
  return withBenchDatabase('portal_bench', async (database) => {
    const postgresPids = () => backendPids(database.name);
    const env = (cacheSeconds: string) => hotReadsServerEnv(database.url, cacheSeconds);
    const cold = await startPortalServer({ env: env('0') });
    const warm = await startPortalServer({ env: env('30') }).catch(async (err: unknown) => {
      await cold.stop();
      throw err;
    });
    try {
      const estate = await seedHotReads(database.url);
      const results: TargetResult[] = [];
      for (const target of targets) {
        const sample = await checkTarget(cold.url, target, estate);
        const opened: BareRoute[] = [];
        const open = async (started: Promise<BareRoute>) => {
          const server = await started;
          opened.push(server);
          return server;
        };
        try {
          const bare = await open(startBareRoute(target.route, sample.body, sample.contentType));
          const bareWithHeaders = await open(
            startBareRoute(target.route, sample.body, sample.contentType, undefined, sample.headers),
          );
          const contenders: Array<Contender<Mode>> = [
            { mode: 'cold', url: cold.url, pid: cold.pid },
            { mode: 'warm', url: warm.url, pid: warm.pid },
            { mode: 'bare', url: bare.url, pid: bare.pid },
            { mode: 'bareWithHeaders', url: bareWithHeaders.url, pid: bareWithHeaders.pid },
          ];
          const table = target.straightforward;
          if (table) {
            const lists: Array<[Mode, () => Promise<BareRoute>]> = [
              ['straightforward', () => startStraightforwardList(database.url, target.route, table)],
              ['floorCold', () => startFloorList(database.url, target.route, table, sample.headers, 'off')],
              ['floorWarm', () => startFloorList(database.url, target.route, table, sample.headers, 'on')],
            ];
            for (const [mode, start] of lists) {
              const server = await open(start());
              await checkTarget(server.url, target, estate);
              contenders.push({ mode, url: server.url, pid: server.pid });
            }
          }
          const measured = await loadInTurns(
            target.name,
            contenders,
            'bare',
            hotReadRequests(target, estate),
            postgresPids,
          );
          results.push(targetResult(target, sample, measured));
        } finally {
          await Promise.all(opened.map((server) => server.close()));
        }
      }
      return {
        machineLoad,
        postgresVersion: estate.postgresVersion,
        connections: CONNECTIONS,
        durationSeconds: DURATION_SECONDS,
        targets: results,
      };
    } finally {
      await Promise.all([cold.stop(), warm.stop()]);
    }
  });
}

function targetResult(
  target: { key: string; name: string },
  sample: { body: Buffer; headers: Record<string, string> },
  measured: Map<Mode, { run: Run; ratio: number; slices: Run[] }>,
): TargetResult {
  const of = (mode: Mode) => {
    const found = measured.get(mode);
    if (!found) throw new Error(`${target.name} was not measured ${mode}`);
    return found;
  };
  const straightforward = measured.get('straightforward');
  const floorCold = measured.get('floorCold');
  const floorWarm = measured.get('floorWarm');
  return {
    key: target.key,
    name: target.name,
    responseBytes: sample.body.length,
    cold: of('cold').run,
    warm: of('warm').run,
    bare: of('bare').run,
    bareWithHeaders: of('bareWithHeaders').run,
    headerCount: Object.keys(sample.headers).length + 1,
    ...(straightforward ? { straightforward: straightforward.run } : {}),
    ...(floorCold && floorWarm ? { floorCold: floorCold.run, floorWarm: floorWarm.run } : {}),
    ratios: {
      cold: of('cold').ratio,
      warm: of('warm').ratio,
      bare: 1,
      bareWithHeaders: of('bareWithHeaders').ratio,
      warmToBareWithHeaders: pairedRatio(of('warm').slices, of('bareWithHeaders').slices),
      ...(straightforward ? { straightforward: straightforward.ratio } : {}),
      ...(floorCold && floorWarm
        ? {
            floorCold: floorCold.ratio,
            floorWarm: floorWarm.ratio,
            coldToFloor: pairedRatio(of('cold').slices, floorCold.slices),
            warmToFloor: pairedRatio(of('warm').slices, floorWarm.slices),
          }
        : {}),
    },
  };
}

const MODE_LABELS = {
  cold: 'cold',
  warm: 'warm',
  bare: 'bare route',
  bareWithHeaders: 'bare + headers',
  straightforward: 'straightforward',
  floorCold: 'floor, cold',
  floorWarm: 'floor, warm',
} as const;

export function printHotReads(result: HotReadsResult): void {
  const rows = result.targets.flatMap((target) =>
    (['cold', 'warm', 'bare', 'bareWithHeaders', 'straightforward', 'floorCold', 'floorWarm'] as const).flatMap(
      (mode) => {
        const run = target[mode];
        if (!run) return [];
        const isBare = mode === 'bare' || mode === 'bareWithHeaders';
        return [
          [
            mode === 'cold' ? target.name : '',
            MODE_LABELS[mode],
            ...runCells(run, (target.ratios[mode] ?? 0).toFixed(2), isBare),
          ],
        ];
      },
    ),
  );
  const withHeaders = result.targets.map(
    (target) =>
      `${target.name}: warm ${target.ratios.warmToBareWithHeaders.toFixed(2)}x the bare route ` +
      "sending the portal's headers",
  );
  const beside = result.targets.flatMap((target) => [
    ...(target.straightforward
      ? [
          `${target.name}: cold ${(target.ratios.cold / (target.ratios.straightforward ?? Number.NaN)).toFixed(1)}x the straightforward handler's req/s`,
        ]
      : []),
    ...(target.ratios.coldToFloor !== undefined && target.ratios.warmToFloor !== undefined
      ? [
          `${target.name}: cold ${target.ratios.coldToFloor.toFixed(2)}x the floor's cold, warm ` +
            `${target.ratios.warmToFloor.toFixed(2)}x the floor's warm`,
        ]
      : []),
  ]);
  printTable(
    `Hot reads on PostgreSQL ${result.postgresVersion}, ${result.connections} connections, ${result.durationSeconds} s ` +
      `each in ${ROUNDS} slices taken in turn (ratio to bare: the median of the slices' paired ratios); ` +
      'cold: caches off, every request another partner or page; warm: caches on, each connection repeating ' +
      'its 24 requests; bare: a Fastify route answering the same bytes; bare + headers: the same route also sending ' +
      `the ${result.targets[0]?.headerCount ?? 0} headers the portal answers with (not a target's baseline)`,
    [{ header: 'read' }, { header: 'mode' }, ...RUN_COLUMNS],
    rows,
  );
  printTable(
    `Targets: cold >= ${COLD_RATIO_TARGET} x bare and p99 <= ${P99_TARGET_MS} ms; cold server CPU <= ` +
      `${SERVER_CPU_TARGET_US} µs and PostgreSQL CPU <= ${POSTGRES_CPU_TARGET_US} µs per request; warm >= ` +
      `${WARM_RATIO_TARGET} x bare and p99 <= ${P99_TARGET_MS} ms`,
    [
      { header: 'read' },
      { header: 'cold' },
      { header: 'server CPU' },
      { header: 'PostgreSQL CPU' },
      { header: 'warm' },
    ],
    result.targets.map((target) => {
      const met = verdicts(target);
      return [target.name, met.cold, met.serverCpu, met.postgresCpu, met.warm].map((cell) =>
        typeof cell === 'string' ? cell : formatVerdict(cell),
      );
    }),
  );
  console.log(`For scale: ${SCALE_NOTE}.`);
  for (const line of [...beside, ...withHeaders]) console.log(line);
  console.log(`Before the run: ${describeMachineLoad(result.machineLoad)} (${os.availableParallelism()} cores).`);
}

runScript(import.meta.url, async () => {
  const keys = process.argv.slice(2);
  printHotReads(await measureHotReads(keys.length ? keys : undefined));
});
