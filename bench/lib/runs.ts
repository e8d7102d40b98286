/**
 * Loads measured with what they cost: a `Run` is one autocannon load with the CPU the server (or nodes), PostgreSQL,
 * Redis, this process and the whole machine spent in its window. `loadInTurns` loads several servers in turn, in
 * slices, and pairs their slices round by round.
 */
import { formatMs, formatUs } from './format.ts';
import { type LoadRequest, type LoadResult, runLoad } from './load.ts';
import { CpuMeter, LoopDelayMeter, MachineCpuMeter } from './proc-stats.ts';
import { median } from './stats.ts';
import type { Column } from './table.ts';

/** Seconds each measured load lasts (BENCH_SECONDS), after WARMUP_SECONDS of warm-up. */
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const WARMUP_SECONDS = 2;
export const CONNECTIONS = 64;
/** The rounds `loadInTurns` takes by default: slices of about 2 s. */
export const ROUNDS = Math.max(1, Math.round(DURATION_SECONDS / 2));

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

/** Requests that did not answer 2xx in time. */
export const failedRequests = (run: Run) => run.load.non2xx + run.load.errors + run.load.timeouts;
/** A run every request of which answered 2xx: one that may meet a target. */
export const isClean = (run: Run) => failedRequests(run) === 0;
export const ratio = (run: Run, bare: Run) => run.load.requestsPerSecond / bare.load.requestsPerSecond;
/** `seconds` (of some CPU) per request of the run, in µs. */
export const perRequestUs = (run: Run, seconds: number) => (seconds / Math.max(run.load.totalRequests, 1)) * 1e6;

const rate = (run: Run) => run.load.totalRequests / Math.max(run.load.durationSeconds, 1e-9);

/** The median over the rounds of one mode's req/s over another's in the same round. */
export const pairedRatio = (runs: Run[], base: Run[]) =>
  median(runs.map((run, index) => rate(run) / rate(base[index] ?? run)));

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

export interface TurnOptions {
  rounds?: number;
  sliceSeconds?: number;
  warmupSeconds?: number;
  connections?: number;
}

/**
 * Warms each server up, then loads them in turn for `rounds` slices (default ROUNDS, of DURATION_SECONDS in all),
 * the order rotating every round. Answers each mode's combined run, its req/s over `baseline`'s as the median of the
 * rounds' ratios, and its slices.
 */
export async function loadInTurns<M extends string>(
  name: string,
  contenders: Array<Contender<M>>,
  baseline: M,
  requestsFor: (connection: number) => LoadRequest[],
  postgresPids: () => Promise<number[]>,
  options: TurnOptions = {},
): Promise<Map<M, { run: Run; ratio: number; slices: Run[] }>> {
  const {
    rounds = ROUNDS,
    sliceSeconds = DURATION_SECONDS / rounds,
    warmupSeconds = WARMUP_SECONDS,
    connections = CONNECTIONS,
  } = options;
  for (const contender of contenders) {
    console.log(`Loading ${name}, ${contender.mode}: ${warmupSeconds} s warm-up`);
    await runLoad(contender.url, { connections, requestsFor, durationSeconds: warmupSeconds });
  }
  console.log(
    `Loading ${name}: ${rounds} rounds of ${sliceSeconds} s each on ${contenders.map((c) => c.mode).join(', ')}`,
  );
  const slices = new Map<M, Run[]>(contenders.map((contender) => [contender.mode, []]));
  for (let round = 0; round < rounds; round += 1) {
    const order = contenders.map((_, index) => contenders[(index + round) % contenders.length] as Contender<M>);
    for (const contender of order) {
      const run = await measureLoad(contender.url, requestsFor, contender.pid, postgresPids, connections, sliceSeconds);
      slices.get(contender.mode)?.push(run);
    }
  }
  const base = slices.get(baseline) ?? [];
  return new Map(
    [...slices].map(([mode, runs]) => [mode, { run: combineRuns(runs), ratio: pairedRatio(runs, base), slices: runs }]),
  );
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
export async function measureLoad(
  url: string | string[],
  requestsFor: (connection: number) => LoadRequest[],
  servers: number | number[],
  postgresPids: () => Promise<number[]>,
  connections: number,
  durationSeconds: number,
  redisPid: number | null = null,
): Promise<Run> {
  const serverPids = typeof servers === 'number' ? [servers] : servers;
  const nodeMeters = serverPids.length > 1 ? serverPids.map((pid) => new CpuMeter(() => [pid])) : [];
  const redisMeter = redisPid === null ? null : new CpuMeter(() => [redisPid]);
  const machineMeter = new MachineCpuMeter();
  const ownStart = process.cpuUsage();
  const loopDelay = new LoopDelayMeter();
  const { result: load, cpu } = await meterCpu(serverPids, postgresPids, () =>
    runLoad(url, { connections, requestsFor, durationSeconds }),
  );
  const generatorDelayMs = loopDelay.read();
  const own = process.cpuUsage(ownStart);
  const nodes = nodeMeters.map((meter) => meter.read().cpuSeconds);
  const redis = redisMeter?.read().cpuSeconds;
  const busyCores = machineMeter.read();
  return {
    load,
    cpu: {
      wallSeconds: cpu.wallSeconds,
      server: cpu.server,
      ...(nodes.length > 0 ? { serverByNode: nodes } : {}),
      ...(redis === undefined ? {} : { redis }),
      postgres: cpu.postgres,
      loadGenerator: (own.user + own.system) / 1e6,
      machine: busyCores === null ? null : busyCores * cpu.wallSeconds,
    },
    generatorDelayMs,
  };
}

/**
 * Runs `work` and answers, with its result, the CPU seconds the server processes and the database's backends spent
 * meanwhile, and the wall time (a backend that a pool opens meanwhile, after closing an idle one, counts from zero).
 */
export async function meterCpu<T>(
  serverPids: number[],
  postgresPids: () => Promise<number[]>,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: { server: number; postgres: number; wallSeconds: number } }> {
  let backends = await postgresPids();
  const serverMeter = new CpuMeter(() => serverPids);
  const postgresMeter = new CpuMeter(() => backends);
  const result = await work();
  const server = serverMeter.read();
  backends = [...new Set([...backends, ...(await postgresPids())])];
  return {
    result,
    cpu: { server: server.cpuSeconds, postgres: postgresMeter.read().cpuSeconds, wallSeconds: server.wallSeconds },
  };
}

/** The columns of a load beside its bare route: what `runCells` fills. */
export const RUN_COLUMNS: Column[] = [
  { header: 'req/s', align: 'right' },
  { header: 'p50', align: 'right' },
  { header: 'p99', align: 'right' },
  { header: 'ratio to bare', align: 'right' },
  { header: 'server CPU / req', align: 'right' },
  { header: 'PostgreSQL CPU / req', align: 'right' },
  { header: 'failed', align: 'right' },
];

/** A run's cells under RUN_COLUMNS, its ratio to the bare route written as given; a bare route has no PostgreSQL. */
export const runCells = (run: Run, ratioToBare: string, isBare: boolean) => [
  run.load.requestsPerSecond.toFixed(0),
  formatMs(run.load.latencyMs.p50),
  formatMs(run.load.latencyMs.p99),
  ratioToBare,
  formatUs(perRequestUs(run, run.cpu.server)),
  isBare ? '–' : formatUs(perRequestUs(run, run.cpu.postgres)),
  String(failedRequests(run)),
];
