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
 * - Seeds with generate_series, straight into the tables: 500 partners with 20 games and 20 3D models each (10,000
 *   of each), every game with a history and a release version and two reviewer messages, 1,000 3D models waiting
 *   for review, one live session per partner and one admin session.
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
 * - For the two lists, also a straightforward Fastify + pg handler of the same list (bench/lib/straightforward-server.ts),
 *   for scale: what a plain build of the read answers on this machine, in the same run; and the floor
 *   (bench/lib/floor-server.ts): the leanest correct build of the list on the portal's stack, cold (one statement a
 *   request, the page written as JSON by PostgreSQL and answered untouched) and warm (the session and the page kept in
 *   Maps), with the portal's headers, CORS, compression, zod querystring and logger: what any build of these reads
 *   can reach on this machine.
 *
 * Prints, per target: req/s, p50/p99, the ratio to the bare route and the CPU the server and PostgreSQL spent per
 * request, cold and warm, with the verdicts of issue 11: cold >= 0.3 x bare with p99 <= 25 ms, server JavaScript
 * <= 250 µs and PostgreSQL <= 300 µs per request; warm >= 0.8 x bare with p99 <= 25 ms. A run with non-2xx
 * answers or errors never meets a target.
 */
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type BareRoute, startBareRoute, startBareServer } from './lib/bare-route.ts';
import { type LoadRequest, type LoadResult, runLoad } from './lib/load.ts';
import { isEntryPoint } from './lib/paths.ts';
import { backendPids, createBenchDatabase } from './lib/postgres.ts';
import {
  CpuMeter,
  describeMachineLoad,
  LoopDelayMeter,
  MachineCpuMeter,
  type MachineLoad,
  sampleMachineLoad,
} from './lib/proc-stats.ts';
import { startPortalServer } from './lib/server.ts';
import { median } from './lib/stats.ts';
import { formatVerdict, printTable } from './lib/table.ts';

export const PARTNERS = 500;
export const ITEMS_PER_PARTNER = 20;
export const WAITING_VERSIONS = 1000;
export const PAGE_SIZE = 8;
export const CONNECTIONS = 64;
export const WARMUP_SECONDS = 2;
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Each connection cycles through this many requests, each of another partner (or page). */
export const REQUESTS_PER_CONNECTION = 24;

export const COLD_RATIO_TARGET = 0.3;
export const WARM_RATIO_TARGET = 0.8;
export const P99_TARGET_MS = 25;
export const SERVER_CPU_TARGET_US = 250;
export const POSTGRES_CPU_TARGET_US = 300;

export const SCALE_NOTE =
  'the straightforward rows are a Fastify + pg handler of the same list (bench/lib/straightforward-server.ts: the ' +
  'session, the count and the page, unprepared, no cache); issue 11 measured a headless CMS at about 0.02';

/** What the seed made that requests need. */
export interface Estate {
  partners: Array<{ token: string; productIds: string[] }>;
  adminToken: string;
  postgresVersion: string;
}

interface Target {
  key: string;
  name: string;
  /** The bare route's path pattern. */
  route: string;
  /** Request k of connection c. */
  request(estate: Estate, connection: number, k: number): LoadRequest;
  /** Throws unless one answer is what the page needs. */
  check(body: unknown): void;
  /** The list a straightforward Fastify + pg handler reads for scale beside this target, where there is one. */
  straightforward?: 'products' | 'models';
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** Connection c's k-th partner: 64 x 24 requests cover all 500 partners. */
const partnerOf = (estate: Estate, connection: number, k: number) => {
  const partner = estate.partners[(connection + CONNECTIONS * k) % estate.partners.length];
  if (!partner) throw new Error('no partners were seeded');
  return partner;
};
const expectPage = (body: unknown, what: string) => {
  const page = body as { data?: unknown[]; totalCount?: number };
  if (page.data?.length !== PAGE_SIZE || page.totalCount !== ITEMS_PER_PARTNER) {
    throw new Error(`${what} answered ${page.data?.length} items of ${page.totalCount}`);
  }
};

export const TARGETS: Target[] = [
  {
    key: 'products',
    name: 'GET /api/Product',
    route: '/api/Product',
    request: (estate, c, k) => ({
      path: `/api/Product?PageIndex=${(k % 3) + 1}&PageSize=${PAGE_SIZE}`,
      headers: bearer(partnerOf(estate, c, k).token),
    }),
    check: (body) => expectPage(body, 'GET /api/Product'),
    straightforward: 'products',
  },
  {
    key: 'models',
    name: 'GET /api/Model',
    route: '/api/Model',
    request: (estate, c, k) => ({
      path: `/api/Model?PageIndex=${(k % 3) + 1}&PageSize=${PAGE_SIZE}`,
      headers: bearer(partnerOf(estate, c, k).token),
    }),
    check: (body) => expectPage(body, 'GET /api/Model'),
    straightforward: 'models',
  },
  {
    key: 'product',
    name: 'GET /api/Product/{id}',
    route: '/api/Product/:id',
    request: (estate, c, k) => {
      const partner = partnerOf(estate, c, k);
      return { path: `/api/Product/${partner.productIds[k % ITEMS_PER_PARTNER]}`, headers: bearer(partner.token) };
    },
    check: (body) => {
      if (typeof (body as { id?: unknown }).id !== 'string') throw new Error('GET /api/Product/{id} answered no game');
    },
  },
  {
    key: 'versions',
    name: 'GET /api/Product/Versions/{id}',
    route: '/api/Product/Versions/:id',
    request: (estate, c, k) => {
      const partner = partnerOf(estate, c, k);
      return {
        path: `/api/Product/Versions/${partner.productIds[k % ITEMS_PER_PARTNER]}`,
        headers: bearer(partner.token),
      };
    },
    check: (body) => {
      const versions = body as { releaseVersion?: { unreadMessageCount?: number }; historyVersions?: unknown[] };
      if (versions.releaseVersion?.unreadMessageCount !== 2 || versions.historyVersions?.length !== 1) {
        throw new Error('GET /api/Product/Versions/{id} answered other versions than seeded');
      }
    },
  },
  {
    key: 'profile',
    name: 'GET /api/Access/Profile',
    route: '/api/Access/Profile',
    request: (estate, c, k) => ({ path: '/api/Access/Profile', headers: bearer(partnerOf(estate, c, k).token) }),
    check: (body) => {
      if (!(body as { email?: string }).email?.endsWith('@bench.example')) throw new Error('no profile');
    },
  },
  {
    key: 'queue',
    name: `GET /api/Admin/Review/Query (pages of 20, ${WAITING_VERSIONS} waiting)`,
    route: '/api/Admin/Review/Query',
    request: (estate, c, k) => ({
      path: `/api/Admin/Review/Query?PageIndex=${((c + CONNECTIONS * k) % (WAITING_VERSIONS / 20)) + 1}&PageSize=20`,
      headers: bearer(estate.adminToken),
    }),
    check: (body) => {
      const queue = body as { data?: unknown[]; totalCount?: number };
      if (queue.data?.length !== 20 || queue.totalCount !== WAITING_VERSIONS) {
        throw new Error(`the queue answered ${queue.data?.length} of ${queue.totalCount} versions`);
      }
    },
  },
];

/** CPU seconds used during a measured window, from /proc. */
export interface CpuUse {
  wallSeconds: number;
  server: number;
  /** With several nodes: each node's part of `server`, in the order they were given. */
  serverByNode?: number[];
  /** The Redis the nodes share, when it was given. */
  redis?: number;
  postgres: number;
  loadGenerator: number;
  /** The whole machine (null without /proc/stat). */
  machine: number | null;
}

export interface Run {
  load: LoadResult;
  cpu: CpuUse;
  /** The load generator's own event-loop delay in the measured window (ms): latency it adds to what it measures. */
  generatorDelayMs: { p99: number; max: number };
}

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
  /** The same list read by a straightforward Fastify + pg handler (`bench/lib/straightforward-server.ts`). */
  straightforward?: Run;
  /** The same list read by the leanest correct build on the portal's stack (`bench/lib/floor-server.ts`). */
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

const cleanly = (run: Run) => run.load.non2xx === 0 && run.load.errors === 0 && run.load.timeouts === 0;
export const ratio = (run: Run, bare: Run) => run.load.requestsPerSecond / bare.load.requestsPerSecond;
export const perRequestUs = (run: Run, seconds: number) => (seconds / Math.max(run.load.totalRequests, 1)) * 1e6;

/** Each verdict of issue 11 for one target. */
export function verdicts(target: TargetResult) {
  const { cold, warm, ratios } = target;
  return {
    cold: cleanly(cold) && ratios.cold >= COLD_RATIO_TARGET && cold.load.latencyMs.p99 <= P99_TARGET_MS,
    serverCpu: cleanly(cold) && perRequestUs(cold, cold.cpu.server) <= SERVER_CPU_TARGET_US,
    postgresCpu: cleanly(cold) && perRequestUs(cold, cold.cpu.postgres) <= POSTGRES_CPU_TARGET_US,
    warm: cleanly(warm) && ratios.warm >= WARM_RATIO_TARGET && warm.load.latencyMs.p99 <= P99_TARGET_MS,
  };
}

const rate = (run: Run) => run.load.totalRequests / Math.max(run.load.durationSeconds, 1e-9);

/** The median over the rounds of one mode's req/s over another's in the same round. */
const pairedRatio = (runs: Run[], base: Run[]) =>
  median(runs.map((run, index) => rate(run) / rate(base[index] ?? run)));

/** The rounds a target's servers are loaded in turn for: slices of about 2 s. */
export const ROUNDS = Math.max(1, Math.round(DURATION_SECONDS / 2));

/** One run made of several slices: counts and CPU summed, latency percentiles the median of the slices'. */
export function combineRuns(slices: Run[]): Run {
  const sum = (pick: (run: Run) => number) => slices.reduce((total, run) => total + pick(run), 0);
  const middle = (pick: (run: Run) => number) => median(slices.map(pick));
  const durationSeconds = sum((run) => run.load.durationSeconds);
  const totalRequests = sum((run) => run.load.totalRequests);
  const machine = slices.every((run) => run.cpu.machine !== null) ? sum((run) => run.cpu.machine ?? 0) : null;
  return {
    load: {
      connections: slices[0]?.load.connections ?? 0,
      durationSeconds,
      requestsPerSecond: totalRequests / Math.max(durationSeconds, 1e-9),
      totalRequests,
      latencyMs: {
        mean: middle((run) => run.load.latencyMs.mean),
        p50: middle((run) => run.load.latencyMs.p50),
        p90: middle((run) => run.load.latencyMs.p90),
        p99: middle((run) => run.load.latencyMs.p99),
        max: Math.max(...slices.map((run) => run.load.latencyMs.max)),
      },
      non2xx: sum((run) => run.load.non2xx),
      errors: sum((run) => run.load.errors),
      timeouts: sum((run) => run.load.timeouts),
      bytesPerSecond:
        sum((run) => run.load.bytesPerSecond * run.load.durationSeconds) / Math.max(durationSeconds, 1e-9),
    },
    cpu: {
      wallSeconds: sum((run) => run.cpu.wallSeconds),
      server: sum((run) => run.cpu.server),
      postgres: sum((run) => run.cpu.postgres),
      loadGenerator: sum((run) => run.cpu.loadGenerator),
      machine,
    },
    generatorDelayMs: {
      p99: middle((run) => run.generatorDelayMs.p99),
      max: Math.max(...slices.map((run) => run.generatorDelayMs.max)),
    },
  };
}

/** A server a target is loaded on. */
export interface Contender<M extends string> {
  mode: M;
  url: string;
  pid: number;
}

/**
 * Warms each server up, then loads them in turn for `ROUNDS` slices, the order rotating every round. Answers each
 * mode's combined run, its req/s over `baseline`'s as the median of the rounds' ratios, and its slices.
 */
export async function loadInTurns<M extends string>(
  name: string,
  contenders: Array<Contender<M>>,
  baseline: M,
  requestsFor: (connection: number) => LoadRequest[],
  postgresPids: () => Promise<number[]>,
): Promise<Map<M, { run: Run; ratio: number; slices: Run[] }>> {
  const seconds = DURATION_SECONDS / ROUNDS;
  for (const contender of contenders) {
    console.log(`Loading ${name}, ${contender.mode}: ${WARMUP_SECONDS} s warm-up`);
    await runLoad(contender.url, { connections: CONNECTIONS, requestsFor, durationSeconds: WARMUP_SECONDS });
  }
  console.log(`Loading ${name}: ${ROUNDS} rounds of ${seconds} s each on ${contenders.map((c) => c.mode).join(', ')}`);
  const slices = new Map<M, Run[]>(contenders.map((contender) => [contender.mode, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = contenders.map((_, index) => contenders[(index + round) % contenders.length] as Contender<M>);
    for (const contender of order) {
      const run = await measureLoad(contender.url, requestsFor, contender.pid, postgresPids, CONNECTIONS, seconds);
      slices.get(contender.mode)?.push(run);
    }
  }
  const base = slices.get(baseline) ?? [];
  return new Map(
    [...slices].map(([mode, runs]) => [
      mode,
      {
        run: combineRuns(runs),
        ratio: pairedRatio(runs, base),
        slices: runs,
      },
    ]),
  );
}

/** The server of these reads: production mode, no demo data, the caches kept `cacheSeconds` ('0': off). */
export const hotReadsServerEnv = (databaseUrl: string, cacheSeconds: string) => ({
  DATABASE_URL: databaseUrl,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  PAYMENTS: 'sandbox',
  SEED_DEMO: 'false',
  CACHE_SECONDS: cacheSeconds,
});

export async function measureHotReads(keys: string[] = TARGETS.map((t) => t.key)): Promise<HotReadsResult> {
  const targets = TARGETS.filter((target) => keys.includes(target.key));
  const machineLoad = await sampleMachineLoad();
  const database = await createBenchDatabase('portal_bench');
  console.log(`Created database ${database.name}`);
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
      try {
        const bare = await startBareRoute(target.route, sample.body, sample.contentType);
        opened.push(bare);
        const bareWithHeaders = await startBareRoute(
          target.route,
          sample.body,
          sample.contentType,
          undefined,
          sample.headers,
        );
        opened.push(bareWithHeaders);
        type Mode = 'cold' | 'warm' | 'bare' | 'bareWithHeaders' | 'straightforward' | 'floorCold' | 'floorWarm';
        const contenders: Array<Contender<Mode>> = [
          { mode: 'cold', url: cold.url, pid: cold.pid },
          { mode: 'warm', url: warm.url, pid: warm.pid },
          { mode: 'bare', url: bare.url, pid: bare.pid },
          { mode: 'bareWithHeaders', url: bareWithHeaders.url, pid: bareWithHeaders.pid },
        ];
        if (target.straightforward) {
          const server = await startStraightforwardList(database.url, target.route, target.straightforward);
          opened.push(server);
          await checkTarget(server.url, target, estate);
          contenders.push({ mode: 'straightforward', url: server.url, pid: server.pid });
          for (const [mode, cache] of [
            ['floorCold', 'off'],
            ['floorWarm', 'on'],
          ] as const) {
            const floor = await startFloorList(database.url, target, target.straightforward, sample.headers, cache);
            opened.push(floor);
            await checkTarget(floor.url, target, estate);
            contenders.push({ mode, url: floor.url, pid: floor.pid });
          }
        }
        const measured = await loadInTurns(
          target.name,
          contenders,
          'bare',
          (c) => Array.from({ length: REQUESTS_PER_CONNECTION }, (_, k) => target.request(estate, c, k)),
          postgresPids,
        );
        const of = (mode: Mode) => {
          const found = measured.get(mode);
          if (!found) throw new Error(`${target.name} was not measured ${mode}`);
          return found;
        };
        const straightforward = measured.get('straightforward');
        const floorCold = measured.get('floorCold');
        const floorWarm = measured.get('floorWarm');
        results.push({
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
        });
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
    await database.drop();
    console.log(`Dropped database ${database.name}`);
  }
}

const STRAIGHTFORWARD_SCRIPT = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'lib',
  'straightforward-server.ts',
);

/** A straightforward Fastify + pg handler of a partner's list, in its own process, on the bench's database. */
function startStraightforwardList(databaseUrl: string, route: string, table: 'products' | 'models') {
  return startBareServer(STRAIGHTFORWARD_SCRIPT, () => ({
    DATABASE_URL: databaseUrl,
    BARE_ROUTE: route,
    STRAIGHTFORWARD_TABLE: table,
  }));
}

const FLOOR_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib', 'floor-server.ts');

/**
 * The leanest correct build of a partner's list on the portal's stack, in its own process: cold (`cache` off) one
 * statement per request; warm, the session and the page kept in Maps.
 */
function startFloorList(
  databaseUrl: string,
  target: Target,
  table: 'products' | 'models',
  headers: Record<string, string>,
  cache: 'on' | 'off',
) {
  return startBareServer(FLOOR_SCRIPT, (dir) => {
    const headersFile = path.join(dir, 'headers.json');
    writeFileSync(headersFile, JSON.stringify(headers));
    return {
      DATABASE_URL: databaseUrl,
      BARE_ROUTE: target.route,
      FLOOR_TABLE: table,
      FLOOR_HEADERS_FILE: headersFile,
      FLOOR_CACHE: cache,
    };
  });
}

/** Headers Node writes itself, or that say how the body travels rather than what the portal adds. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * Throws unless the target's first request answers what the page needs; answers its bytes, content type and the
 * other headers the portal sent with them.
 */
export async function checkTarget(baseUrl: string, target: Target, estate: Estate) {
  const request = target.request(estate, 0, 0);
  // autocannon sends no accept-encoding either: the portal answers uncompressed
  const response = await fetch(`${baseUrl}${request.path}`, {
    headers: { ...request.headers, 'accept-encoding': 'identity' },
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) {
    throw new Error(`${request.path} answered ${response.status}: ${body.toString('utf8').slice(0, 300)}`);
  }
  target.check(JSON.parse(body.toString('utf8')));
  const contentType = response.headers.get('content-type') ?? '';
  console.log(`Check: ${target.name} answered 200, ${body.length} bytes of ${contentType}`);
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name) && name !== 'content-type'),
  );
  return { body, contentType, headers };
}

/**
 * A warm-up, then a measured load with the CPU the server, PostgreSQL and this process spent meanwhile. Several
 * `url`s (nodes of one deployment) take the connections in turn, `servers` naming their pids; `redisPid` is the
 * Redis they share, when it runs on this machine.
 */
export async function loadTarget(
  name: string,
  url: string | string[],
  requestsFor: (connection: number) => LoadRequest[],
  servers: number | number[],
  postgresPids: () => Promise<number[]>,
  connections = CONNECTIONS,
  redisPid: number | null = null,
): Promise<Run> {
  console.log(`Loading ${name}: ${WARMUP_SECONDS} s warm-up, then ${DURATION_SECONDS} s at ${connections} connections`);
  await runLoad(url, { connections, requestsFor, durationSeconds: WARMUP_SECONDS });
  return measureLoad(url, requestsFor, servers, postgresPids, connections, DURATION_SECONDS, redisPid);
}

/** A measured load with the CPU the server, PostgreSQL and this process spent meanwhile (no warm-up). */
async function measureLoad(
  url: string | string[],
  requestsFor: (connection: number) => LoadRequest[],
  servers: number | number[],
  postgresPids: () => Promise<number[]>,
  connections: number,
  durationSeconds: number,
  redisPid: number | null = null,
): Promise<Run> {
  const serverPids = typeof servers === 'number' ? [servers] : servers;
  // a backend that a pool opens during the load (after closing an idle one) counts from zero
  let backends = await postgresPids();
  const serverMeter = new CpuMeter(() => serverPids);
  const nodeMeters = serverPids.length > 1 ? serverPids.map((pid) => new CpuMeter(() => [pid])) : [];
  const redisMeter = redisPid === null ? null : new CpuMeter(() => [redisPid]);
  const postgresMeter = new CpuMeter(() => backends);
  const machineMeter = new MachineCpuMeter();
  const ownStart = process.cpuUsage();
  const loopDelay = new LoopDelayMeter();
  const load = await runLoad(url, { connections, requestsFor, durationSeconds });
  const generatorDelayMs = loopDelay.read();
  const own = process.cpuUsage(ownStart);
  const server = serverMeter.read();
  const nodes = nodeMeters.map((meter) => meter.read().cpuSeconds);
  const redis = redisMeter?.read().cpuSeconds;
  const busyCores = machineMeter.read();
  backends = [...new Set([...backends, ...(await postgresPids())])];
  return {
    load,
    cpu: {
      wallSeconds: server.wallSeconds,
      server: server.cpuSeconds,
      ...(nodes.length > 0 ? { serverByNode: nodes } : {}),
      ...(redis === undefined ? {} : { redis }),
      postgres: postgresMeter.read().cpuSeconds,
      loadGenerator: (own.user + own.system) / 1e6,
      machine: busyCores === null ? null : busyCores * server.wallSeconds,
    },
    generatorDelayMs,
  };
}

/** The estate, straight into the tables; answers the bearer tokens and the ids requests need. */
export async function seedHotReads(databaseUrl: string): Promise<Estate> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    await client.query('begin');
    await client.query('select setseed(0.2026)');
    await client.query(SEED_USERS_SQL, [PARTNERS]);
    await client.query(SEED_ITEMS_SQL('products'), [ITEMS_PER_PARTNER]);
    await client.query(SEED_ITEMS_SQL('models'), [ITEMS_PER_PARTNER]);
    await client.query(SEED_PRODUCT_VERSIONS_SQL);
    await client.query(SEED_WAITING_SQL, [WAITING_VERSIONS]);
    const { rows } = await client.query<{ id: string; role: string; product_ids: string[] }>(
      `select u.id, u.role, coalesce(array_agg(p.id order by p.created_at desc, p.id desc)
                filter (where p.id is not null), '{}') as product_ids
       from users u left join products p on p.owner_id = u.id
       where u.email like '%@bench.example' group by u.id order by u.email`,
    );
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    await client.query(
      `insert into sessions (user_id, token_hash, expires_at)
       select user_id, token_hash, now() + interval '1 day' from unnest($1::uuid[], $2::text[]) as s(user_id, token_hash)`,
      [rows.map((row) => row.id), tokens.map((token) => createHash('sha256').update(token).digest('hex'))],
    );
    await client.query('commit');
    // as autovacuum leaves a table a minute after a bulk load: statistics, and the visibility map index-only scans read
    await client.query('vacuum analyze');
    const version = await client.query<{ server_version: string }>('show server_version');
    const partners = rows.flatMap((row, i) =>
      row.role === 'Partner' ? [{ token: tokens[i] as string, productIds: row.product_ids }] : [],
    );
    const adminIndex = rows.findIndex((row) => row.role === 'Admin');
    if (partners.length !== PARTNERS || adminIndex < 0) throw new Error('the seed did not produce the expected rows');
    console.log(
      `Seeded ${PARTNERS} partners with ${PARTNERS * ITEMS_PER_PARTNER} games and as many 3D models, ` +
        `${WAITING_VERSIONS} versions waiting for review, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return {
      partners,
      adminToken: tokens[adminIndex] as string,
      postgresVersion: version.rows[0]?.server_version ?? '',
    };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

const SEED_USERS_SQL = `
insert into users (email, password_hash, first_name, last_name, introduce, registered_business_name,
                   registered_address, role, created_at, updated_at)
select case when i = 0 then 'reviewer@bench.example' else format('partner%s@bench.example', lpad(i::text, 4, '0')) end,
       'bench-only: this account never signs in with a password',
       (array['Avery','Jordan','Mina','Kenji','Sofia','Luca','Priya','Omar','Hana','Noah'])[1 + i % 10],
       (array['Chan','Okafor','Silva','Tanaka','Novak','Haddad','Kim','Rossi','Patel','Larsen'])[1 + (i / 10) % 10],
       'We build location-based AR games for phones and headsets.',
       format('%s %s Ltd', (array['Lumen','Harbor','Pixel','Orbit','Quartz','Maple','Nimbus','Vertex'])[1 + i % 8],
              (array['Forge','Studio','Interactive','Games','Labs','Works'])[1 + i % 6]),
       format('%s Harbour Road, Wan Chai, Hong Kong', i),
       case when i = 0 then 'Admin' else 'Partner' end,
       now() - make_interval(days => 900 - i), now() - make_interval(days => 900 - i)
from generate_series(0, $1::int) as i`;

/** Games or 3D models, ITEMS_PER_PARTNER per partner, with random but repeatable words, prices and dates. */
const SEED_ITEMS_SQL = (table: 'products' | 'models') => `
with words as (
  select array['Neon','Hidden','Lost','Crystal','Midnight','Solar','Pocket','Echo','Shadow','Wild','Floating','Tiny',
               'Ancient','Electric','Silent','Golden'] as adjectives,
         array['Garden','Dragon','Maze','Orbit','Harbor','Treasure','Rally','Tower','Puzzle','Arena','Forest','Robot',
               'Comet','Lantern','Kingdom','Voyage'] as nouns,
         array['Quest','Hunt','Run','Party','Escape','Tactics','Builders','Legends','Rush','Odyssey'] as suffixes,
         array['puzzle','multiplayer','outdoor','family','strategy','racing','casual','location-based','co-op',
               'educational','adventure','arcade','party','sports'] as tags,
         array['Track glowing creatures across your street and trap them before the timer runs out.',
               'Build a tower on any table top and defend it against waves of paper invaders.',
               'Solve spatial riddles hidden in the room around you, one floating glyph at a time.',
               'Race miniature hover cars over your living-room floor and unlock new tracks as you win.',
               'Team up with friends nearby to grow a shared garden that changes with the weather.',
               'Collect lanterns scattered across your neighbourhood and light the way home.'] as pitches,
         array['Plays in ten-minute rounds and needs about two square metres of free floor.',
               'Supports shared anchors, so everyone in the room sees the same board.',
               'Works indoors and outdoors; the difficulty adapts to the space it finds.',
               'Includes a practice mode and an accessibility option for one-handed play.',
               'New levels arrive every season, with leaderboards per city.'] as details
)
insert into ${table} (owner_id, name, description, price_cents, tags, icon_url, thumbnail_url, small_thumbnail_url,
                      cover_thumbnail_url, status, created_at, updated_at,
                      ${table === 'products' ? 'introduce, tokens_to_play, min_players, max_players' : 'category_id'})
select u.id,
       w.adjectives[1 + floor(r.a * 16)::int] || ' ' || w.nouns[1 + floor(r.b * 16)::int] || ' '
         || w.suffixes[1 + floor(r.c * 10)::int],
       w.pitches[1 + floor(r.d * 6)::int] || ' ' || w.details[1 + floor(r.e * 5)::int],
       (array[0, 99, 199, 299, 499, 999, 1499])[1 + floor(r.b * 7)::int],
       w.tags[1 + floor(r.c * 11)::int : 2 + floor(r.c * 11)::int + floor(r.d * 3)::int],
       '/files/' || gen_random_uuid() || '/origin.png',
       '/files/' || gen_random_uuid() || '/medium.png',
       '/files/' || gen_random_uuid() || '/small.png',
       '/files/' || gen_random_uuid() || '/origin.jpg',
       'Released',
       r.created_at, r.created_at,
       ${
         table === 'products'
           ? `w.pitches[1 + floor(r.e * 6)::int] || ' ' || w.details[1 + floor(r.d * 5)::int],
              1 + floor(r.e * 10)::int, 1 + floor(r.a * 2)::int, 2 + floor(r.a * 2)::int + floor(r.b * 6)::int`
           : '1 + floor(r.e * 10)::int'
       }
from users u
cross join generate_series(1, $1::int) as g(n)
cross join words w
-- lateral and tied to the row, so that random() is drawn again for every item
cross join lateral (
  select random() as a, random() as b, random() as c, random() as d, random() as e,
         now() - random() * interval '730 days' - make_interval(secs => g.n) as created_at
  where u.id is not null
) as r
where u.email like 'partner%@bench.example'`;

/** Every game: version 1 in the history, version 2 released, and two reviewer messages the partner has not read. */
const SEED_PRODUCT_VERSIONS_SQL = `
with v as (
  insert into versions (item_type, item_id, owner_id, number, slot, review_status, status, update_log,
                        ios_asset_url, android_asset_url, submitted_at, reviewed_at, created_at, updated_at)
  select 'Product', p.id, p.owner_id, n, case when n = 1 then 'history' else 'release' end, 'AcceptedAndReleased',
         'Active', format('Version %s: new levels and fixes.', n),
         '/files/' || gen_random_uuid() || '/ios.ab', '/files/' || gen_random_uuid() || '/android.ab',
         p.created_at + make_interval(days => n), p.created_at + make_interval(days => n + 1),
         p.created_at + make_interval(days => n), p.created_at + make_interval(days => n + 1)
  from products p cross join generate_series(1, 2) as n
  returning id, number
)
insert into review_messages (version_id, author_id, author, body, created_at)
select v.id, (select id from users where role = 'Admin' limit 1), 'Reviewer',
       'Thanks! Please add a screenshot of the lobby to the update log next time.', now() - make_interval(mins => m)
from v cross join generate_series(1, 2) as m
where v.number = 2`;

/** The review queue: 3D models whose version 1 was submitted, oldest first, one with a partner's note each. */
const SEED_WAITING_SQL = `
with v as (
  insert into versions (item_type, item_id, owner_id, number, slot, review_status, status, update_log,
                        ios_asset_url, android_asset_url, submitted_at, created_at, updated_at)
  select 'Model', m.id, m.owner_id, 1, 'release', 'SubmitedWaitingReview', 'Active', 'First version, ready for review.',
         '/files/' || gen_random_uuid() || '/model.glb', '/files/' || gen_random_uuid() || '/model.glb',
         now() - make_interval(mins => row_number() over (order by m.id)::int), now(), now()
  from (select id, owner_id from models order by id limit $1::int) m
  returning id, owner_id
)
insert into review_messages (version_id, author_id, author, body)
select id, owner_id, 'Partner', 'The scale is 1 unit = 1 metre.' from v`;

const formatMs = (ms: number) => `${Number.isInteger(ms) ? ms : ms.toFixed(1)} ms`;

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
        const row = [
          mode === 'cold' ? target.name : '',
          MODE_LABELS[mode],
          run.load.requestsPerSecond.toFixed(0),
          formatMs(run.load.latencyMs.p50),
          formatMs(run.load.latencyMs.p99),
          (target.ratios[mode] ?? 0).toFixed(2),
          `${perRequestUs(run, run.cpu.server).toFixed(0)} µs`,
          mode === 'bare' || mode === 'bareWithHeaders' ? '–' : `${perRequestUs(run, run.cpu.postgres).toFixed(0)} µs`,
          String(run.load.non2xx + run.load.errors + run.load.timeouts),
        ];
        return [row];
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
    [
      { header: 'read' },
      { header: 'mode' },
      { header: 'req/s', align: 'right' },
      { header: 'p50', align: 'right' },
      { header: 'p99', align: 'right' },
      { header: 'ratio to bare', align: 'right' },
      { header: 'server CPU / req', align: 'right' },
      { header: 'PostgreSQL CPU / req', align: 'right' },
      { header: 'failed', align: 'right' },
    ],
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

async function main(): Promise<void> {
  const keys = process.argv.slice(2);
  printHotReads(await measureHotReads(keys.length ? keys : undefined));
}

if (isEntryPoint(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
