/**
 * Whether a change made a hot read cheaper: this checkout's server and another commit's, measured side by side on
 * one seeded estate, in paired slices.
 *
 *   npx tsx bench/compare-refs.ts <ref> [target] [rounds] [seconds]
 *
 * Checks `ref` (default target `products`, one of bench/hot-reads.ts's) out into a temporary worktree sharing this
 * checkout's node_modules, and starts its server through its own `apps/server/src/server.ts`, configured by
 * environment variables alone. Both servers run on
 * one bench database (caches as CACHE_SECONDS says, default 30: warm), pinned to one core with this process (the
 * load) on the others; the estate is seeded once by this checkout's bench. Both are warmed up, then loaded in turn
 * for `rounds` (default 16) slices of `seconds` (default 2) each, the order swapped every round. This machine's speed
 * drifts by a third within seconds, so one run of each, as hot-reads.ts makes, cannot tell a 10% change; the median
 * of the paired slices (this checkout's CPU per request over the other's, next to each other in time) can.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pinServerApart } from './lib/cpus.ts';
import { checkTarget, HOT_READS, hotReadRequests, hotReadsServerEnv, seedHotReads } from './lib/hot-reads-estate.ts';
import { type LoadRequest, runLoad } from './lib/load.ts';
import { REPO_ROOT } from './lib/paths.ts';
import { backendPids, withBenchDatabase } from './lib/postgres.ts';
import { CONNECTIONS, failedRequests, measureLoad, perRequestUs } from './lib/runs.ts';
import { runScript } from './lib/script.ts';
import { type PortalServer, startPortalServer } from './lib/server.ts';
import { median, quartiles } from './lib/stats.ts';
import { printTable } from './lib/table.ts';

const WARMUP_SECONDS = 3;
const DEFAULTS = { rounds: 16, seconds: 2 };
/** A figure compared: the first of a comparison's is its verdict. */
interface Figure {
  name: string;
  format: (value: number) => string;
}

/** One slice of one server: its row's cell and its figures, in the comparison's order. */
interface Slice {
  cell: string;
  values: number[];
}

/** One side of a comparison: its server, and how to measure a slice of it. */
interface Side {
  name: string;
  server: PortalServer;
  measure(seconds: number): Promise<Slice>;
}

/** A worktree of `ref` whose node_modules folders are this checkout's (the workspace links point back here). */
function checkOut(ref: string): { root: string; remove(): void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-ref-'));
  execFileSync('git', ['worktree', 'add', '--detach', '--force', root, ref], { cwd: REPO_ROOT, stdio: 'ignore' });
  const workspaces = ['.', 'apps', 'packages'].flatMap((folder) =>
    folder === '.' ? ['.', 'bench'] : readdirSync(path.join(REPO_ROOT, folder)).map((name) => path.join(folder, name)),
  );
  for (const workspace of workspaces) {
    const modules = path.join(REPO_ROOT, workspace, 'node_modules');
    const link = path.join(root, workspace, 'node_modules');
    if (existsSync(modules) && existsSync(path.dirname(link)) && !existsSync(link)) symlinkSync(modules, link);
  }
  return {
    root,
    remove: () => {
      execFileSync('git', ['worktree', 'remove', '--force', root], { cwd: REPO_ROOT, stdio: 'ignore' });
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** This checkout's server and `ref`'s, started one after the other on the same environment and CPUs. */
async function startBoth(ref: string, root: string, env: Record<string, string>, cpus?: string) {
  const here = await startPortalServer({ env, cpus });
  const there = await startPortalServer({ env, cpus, root }).catch(async (err: unknown) => {
    await here.stop();
    throw err;
  });
  return [
    { name: 'this', server: here },
    { name: ref, server: there },
  ];
}

/** Each side measured once per round, the order swapped every round; answers each side's slices. */
async function alternate(sides: Side[], rounds: number, seconds: number): Promise<Slice[][]> {
  const slices = sides.map((): Slice[] => []);
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 ? [...sides.keys()].reverse() : [...sides.keys()];
    for (const index of order) slices[index]?.push(await (sides[index] as Side).measure(seconds));
  }
  return slices;
}

function printComparison(title: string, names: string[], figures: Figure[], slices: Slice[][]): void {
  const [here = [], there = []] = slices;
  const ratiosOf = (figure: number) =>
    here.map((slice, round) => (slice.values[figure] ?? 0) / (there[round]?.values[figure] ?? Number.NaN));
  const headline = ratiosOf(0);
  printTable(
    title,
    [
      { header: 'round', align: 'right' },
      { header: names[0] ?? 'this' },
      { header: names[1] ?? 'ref' },
      { header: `${figures[0]?.name ?? ''}, this / ref`, align: 'right' },
    ],
    here.map((slice, round) => [
      String(round + 1),
      slice.cell,
      there[round]?.cell ?? '',
      (headline[round] ?? Number.NaN).toFixed(3),
    ]),
  );
  figures.forEach((figure, index) => {
    const ratios = ratiosOf(index);
    const medianOf = (side: Slice[]) => figure.format(median(side.map((slice) => slice.values[index] ?? 0)));
    console.log(
      `Median ${figure.name}: this ${medianOf(here)}, ${names[1]} ${medianOf(there)}; median of the paired ratios ` +
        `${median(ratios).toFixed(3)} (quartiles ${quartiles(ratios)
          .map((q) => q.toFixed(3))
          .join('–')})`,
    );
  });
}

// the HTTP reads

const HTTP_FIGURES: Figure[] = [
  { name: 'server CPU per request', format: (us) => `${us.toFixed(1)} µs` },
  { name: 'server + PostgreSQL CPU per request', format: (us) => `${us.toFixed(1)} µs` },
  { name: 'p99', format: (ms) => `${ms} ms` },
];

/** A side loaded by autocannon: `requestsFor` at `connections`, with the CPU of its server and the database's backends. */
function httpSide(
  side: { name: string; server: PortalServer },
  requestsFor: (connection: number) => LoadRequest[],
  postgresPids: () => Promise<number[]>,
  connections: number,
): Side {
  return {
    ...side,
    measure: async (seconds) => {
      const { url, pid } = side.server;
      const run = await measureLoad(url, requestsFor, pid, postgresPids, connections, seconds);
      const serverUs = perRequestUs(run, run.cpu.server);
      const totalUs = perRequestUs(run, run.cpu.server + run.cpu.postgres);
      const failed = failedRequests(run);
      return {
        cell:
          `${run.load.requestsPerSecond.toFixed(0)} req/s, ${serverUs.toFixed(1)} µs + ` +
          `${(totalUs - serverUs).toFixed(1)} µs, p99 ${run.load.latencyMs.p99} ms${failed ? `, ${failed} failed` : ''}`,
        values: [serverUs, totalUs, run.load.latencyMs.p99],
      };
    },
  };
}

async function warmUp(sides: Side[], requestsFor: (connection: number) => LoadRequest[], connections: number) {
  for (const { server } of sides) {
    await runLoad(server.url, { connections, requestsFor, durationSeconds: WARMUP_SECONDS });
  }
}

async function compareRead(ref: string, root: string, key: string, rounds: number, seconds: number) {
  const target = HOT_READS.find((candidate) => candidate.key === key);
  if (!target) throw new Error(`no such target; one of ${HOT_READS.map((candidate) => candidate.key).join(', ')}`);
  const cacheSeconds = process.env.CACHE_SECONDS ?? '30';
  await withPinnedDatabase('portal_compare', async (database, cpus) => {
    const servers = await startBoth(ref, root, hotReadsServerEnv(database.url, cacheSeconds), cpus);
    try {
      const estate = await seedHotReads(database.url);
      for (const { server } of servers) await checkTarget(server.url, target, estate);
      const requestsFor = hotReadRequests(target, estate);
      const postgresPids = () => backendPids(database.name);
      const sides = servers.map((side) => httpSide(side, requestsFor, postgresPids, CONNECTIONS));
      await warmUp(sides, requestsFor, CONNECTIONS);
      console.log(`Loading ${target.name}: ${rounds} rounds of ${seconds} s each on both, caches ${cacheSeconds} s`);
      const slices = await alternate(sides, rounds, seconds);
      printComparison(
        `${target.name}: this checkout beside ${ref}, ${CONNECTIONS} connections (cells: req/s, server + PostgreSQL ` +
          'CPU per request, p99)',
        servers.map((side) => side.name),
        HTTP_FIGURES,
        slices,
      );
    } finally {
      await Promise.all(servers.map(({ server }) => server.stop()));
    }
  });
}

/** A fresh bench database, and the servers' CPUs: one core for them, the others for this process. */
async function withPinnedDatabase(
  prefix: string,
  work: (database: { url: string; name: string }, cpus?: string) => Promise<void>,
) {
  await withBenchDatabase(prefix, async (database) => {
    const pinned = pinServerApart();
    if (pinned) console.log(`The servers run on CPU ${pinned.serverCpus}, the load generator on the others`);
    try {
      await work(database, pinned?.serverCpus);
    } finally {
      pinned?.release();
    }
  });
}

runScript(import.meta.url, async () => {
  const [ref, key = 'products', roundsArg, secondsArg] = process.argv.slice(2);
  if (!ref) throw new Error('usage: npx tsx bench/compare-refs.ts <ref> [target] [rounds] [seconds]');
  const rounds = Number(roundsArg ?? DEFAULTS.rounds);
  const seconds = Number(secondsArg ?? DEFAULTS.seconds);
  if (!(rounds >= 1 && seconds > 0)) throw new Error('rounds and seconds must be positive numbers');
  const other = checkOut(ref);
  try {
    await compareRead(ref, other.root, key, rounds, seconds);
  } finally {
    other.remove();
  }
});
