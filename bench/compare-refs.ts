/**
 * Whether a change made a read or the hub's fan-out cheaper: this checkout's server and another commit's, measured
 * side by side on one seeded estate, in paired slices.
 *
 *   npx tsx bench/compare-refs.ts <ref> [what] [rounds] [seconds]
 *
 * `what` is a hot read of bench/hot-reads.ts (products, models, product, versions, profile, queue; default
 * products), `nearby` (the AR app's `GET /game/api/Stage/Nearby`, as bench/stages.ts loads it) or `hub` (the realtime
 * hub's fan-out, with the clients of bench/hub.ts).
 *
 * Checks `ref` out into a temporary worktree that uses this checkout's installed packages (its own workspace
 * packages, such as @portal/contracts, are its own), and starts its server through its own
 * `apps/server/src/server.ts`, configured by environment variables alone: nothing of the other commit's bench/ runs,
 * so the commit may be older than this bench. Both servers run on one fresh bench database (each start migrates it;
 * the newer one's migrations win), pinned to one core with this process (the load) on the others. The estate is
 * seeded once by this checkout's bench, after both have started. Then both are warmed up and loaded in turn for
 * `rounds` slices of `seconds` each, the order swapped every round. This machine's speed drifts by a third within
 * seconds, so one run of each cannot tell a 10% change; the median of the paired slices' ratios (this checkout's
 * figure over the other's, measured next to each other in time) can. Compared with itself a ratio lands within about
 * ±10% of 1.
 *
 * - A hot read (default 16 rounds of 2 s): the hot-reads estate, caches as CACHE_SECONDS says (default 30: warm);
 *   64 connections each cycling through 24 requests of 24 partners. Figures: the server's CPU per request (the
 *   verdict), the server's and PostgreSQL's together, and the p99.
 * - `nearby` (default 8 rounds of 4 s): the stages estate of bench/stages.ts (100,000 stages); 64 connections over
 *   the same 5,000 places. Each server's answers to every tenth place are checked against the expected ones first,
 *   then it answers every place once (its index and caches filled). Figures as for a hot read.
 * - `hub` (default 6 rounds of 5 s): COMPARE_HUB_CLIENTS clients (default 1,000, a multiple of 8) connected to each
 *   server at once, in games of 8 of the demo's released game (SEED_DEMO=true); in each slice the games of one server
 *   send one message every COMPARE_HUB_INTERVAL_MS (default 200) after a 1 s warm-up, and every delivery is awaited
 *   (a drain of up to 20 s) before the next slice. Figures: the server's CPU per message out (the verdict), the
 *   fan-out p99, and messages out per second. A slice with refused or missing messages is flagged.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pinProcess, pinServerApart } from './lib/cpus.ts';
import { formatFineMs, formatRate } from './lib/format.ts';
import { checkTarget, HOT_READS, hotReadRequests, hotReadsServerEnv, seedHotReads } from './lib/hot-reads-estate.ts';
import {
  hubServerEnv,
  type PhaseResult,
  PLAYERS_PER_GAME,
  Players,
  phaseValid,
  seedHubPlayers,
  setUpGames,
} from './lib/hub-clients.ts';
import { type LoadRequest, runLoad } from './lib/load.ts';
import { REPO_ROOT } from './lib/paths.ts';
import { backendPids, withBenchDatabase } from './lib/postgres.ts';
import { CONNECTIONS, failedRequests, measureLoad, perRequestUs } from './lib/runs.ts';
import { runScript } from './lib/script.ts';
import { type PortalServer, startPortalServer } from './lib/server.ts';
import {
  checkAnswers,
  NEARBY_CONNECTIONS,
  NEARBY_ROUTE,
  nearbyRequests,
  QUERIES,
  seedNearbyEstate,
  stagesServerEnv,
} from './lib/stages-estate.ts';
import { median, quartiles } from './lib/stats.ts';
import { printTable } from './lib/table.ts';

const WARMUP_SECONDS = 3;
const HUB_CLIENTS = Math.floor(Number(process.env.COMPARE_HUB_CLIENTS ?? 1000) / PLAYERS_PER_GAME) * PLAYERS_PER_GAME;
const HUB_INTERVAL_MS = Number(process.env.COMPARE_HUB_INTERVAL_MS ?? 200);
const HUB_WARMUP_SECONDS = 1;
const DEFAULTS = {
  read: { rounds: 16, seconds: 2 },
  nearby: { rounds: 8, seconds: 4 },
  hub: { rounds: 6, seconds: 5 },
};

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

/**
 * A worktree of `ref` on this checkout's installed packages: every package of this checkout's node_modules is linked
 * into it, except the workspace packages (@portal/*), which are the worktree's own; the workspaces' own
 * node_modules folders are linked as they are.
 */
function checkOut(ref: string): { root: string; remove(): void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-ref-'));
  execFileSync('git', ['worktree', 'add', '--detach', '--force', root, ref], { cwd: REPO_ROOT, stdio: 'ignore' });
  const remove = () => {
    execFileSync('git', ['worktree', 'remove', '--force', root], { cwd: REPO_ROOT, stdio: 'ignore' });
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const modules = path.join(REPO_ROOT, 'node_modules');
    mkdirSync(path.join(root, 'node_modules'));
    for (const entry of readdirSync(modules)) {
      if (entry !== '@portal') {
        symlinkSync(path.join(modules, entry), path.join(root, 'node_modules', entry));
        continue;
      }
      // relative links (../../packages/contracts): in the worktree they name its own packages
      mkdirSync(path.join(root, 'node_modules', entry));
      for (const name of readdirSync(path.join(modules, entry))) {
        const target = readlinkSync(path.join(modules, entry, name));
        if (existsSync(path.resolve(root, 'node_modules', entry, target))) {
          symlinkSync(target, path.join(root, 'node_modules', entry, name));
        }
      }
    }
    const workspaces = ['apps', 'packages'].flatMap((folder) =>
      readdirSync(path.join(REPO_ROOT, folder)).map((name) => path.join(folder, name)),
    );
    for (const workspace of ['bench', ...workspaces]) {
      const own = path.join(REPO_ROOT, workspace, 'node_modules');
      const link = path.join(root, workspace, 'node_modules');
      if (existsSync(own) && existsSync(path.dirname(link)) && !existsSync(link)) symlinkSync(own, link);
    }
  } catch (err) {
    remove();
    throw err;
  }
  return { root, remove };
}

/**
 * This checkout's server and `ref`'s, started one after the other on the same environment (on every CPU: a start,
 * migrations and demo data included, is not held to one core), then both moved onto one CPU and this process onto
 * the others; `stop` stops them and gives this process its CPUs back.
 */
async function startBoth(ref: string, root: string, env: Record<string, string>) {
  const here = await startPortalServer({ env });
  const there = await startPortalServer({ env, root }).catch(async (err: unknown) => {
    await here.stop();
    throw err;
  });
  const pinned = pinServerApart();
  if (pinned) {
    for (const { pid } of [here, there]) pinProcess(pid, pinned.serverCpus);
    console.log(`The servers run on CPU ${pinned.serverCpus}, the load generator on the others`);
  }
  return {
    servers: [
      { name: 'this', server: here },
      { name: ref, server: there },
    ],
    stop: async () => {
      await Promise.all([here.stop(), there.stop()]);
      pinned?.release();
    },
  };
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
  await withBenchDatabase('portal_compare', async (database) => {
    const { servers, stop } = await startBoth(ref, root, hotReadsServerEnv(database.url, cacheSeconds));
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
      await stop();
    }
  });
}

async function compareNearby(ref: string, root: string, rounds: number, seconds: number) {
  await withBenchDatabase('portal_compare_nearby', async (database) => {
    const { servers, stop } = await startBoth(ref, root, stagesServerEnv(database.url));
    try {
      const { live, queries, expected } = await seedNearbyEstate(database.url);
      for (const { server } of servers) await checkAnswers(server.url, queries, expected, live);
      const requestsFor = nearbyRequests(queries);
      for (const { name, server } of servers) {
        console.log(`${name}: every place once, at ${NEARBY_CONNECTIONS} connections`);
        await runLoad(server.url, {
          connections: NEARBY_CONNECTIONS,
          requestsFor,
          durationSeconds: 600,
          amount: QUERIES,
        });
      }
      const postgresPids = () => backendPids(database.name);
      const sides = servers.map((side) => httpSide(side, requestsFor, postgresPids, NEARBY_CONNECTIONS));
      await warmUp(sides, requestsFor, NEARBY_CONNECTIONS);
      console.log(`Loading ${NEARBY_ROUTE}: ${rounds} rounds of ${seconds} s each on both`);
      const slices = await alternate(sides, rounds, seconds);
      printComparison(
        `GET ${NEARBY_ROUTE}, ${QUERIES.toLocaleString('en')} places: this checkout beside ${ref}, ` +
          `${NEARBY_CONNECTIONS} connections (cells: req/s, server + PostgreSQL CPU per request, p99)`,
        servers.map((side) => side.name),
        HTTP_FIGURES,
        slices,
      );
    } finally {
      await stop();
    }
  });
}

// the hub

const HUB_FIGURES: Figure[] = [
  { name: 'server CPU per message out', format: (us) => `${us.toFixed(2)} µs` },
  { name: 'fan-out p99', format: formatFineMs },
  { name: 'messages out per second', format: formatRate },
];

function hubSlice(phase: PhaseResult): Slice {
  const refused = Object.values(phase.refused).reduce((sum, n) => sum + n, 0);
  return {
    cell:
      `${formatRate(phase.messagesPerSecond)} out/s, ${phase.serverUsPerMessage.toFixed(2)} µs, ` +
      `p99 ${formatFineMs(phase.latencyMs.p99)}${phaseValid(phase) ? '' : `, ${refused} refused, ${phase.missing} missing`}`,
    values: [phase.serverUsPerMessage, phase.latencyMs.p99, phase.messagesPerSecond],
  };
}

async function compareHub(ref: string, root: string, rounds: number, seconds: number) {
  await withBenchDatabase('portal_compare_hub', async (database) => {
    const { servers, stop } = await startBoth(ref, root, hubServerEnv(database.url));
    const fleets: Players[] = [];
    try {
      const { tokens, product } = await seedHubPlayers(database.url, HUB_CLIENTS);
      const sides: Side[] = [];
      for (const side of servers) {
        const players = new Players('hub', side.server.url.replace(/^http/, 'ws'));
        fleets.push(players);
        const connected = await players.connectAll(
          HUB_CLIENTS,
          (index) => players.openHub(index, side.server.url, tokens[index] as string),
          side.name,
        );
        if (connected.failed > 0) {
          throw new Error(`${connected.failed} clients of ${side.name} failed to connect: ${connected.firstError}`);
        }
        await setUpGames(players, product);
        sides.push({
          ...side,
          measure: async (sliceSeconds) =>
            hubSlice(
              await players.runPhase(HUB_INTERVAL_MS, side.server.pid, null, {
                warmupSeconds: HUB_WARMUP_SECONDS,
                seconds: sliceSeconds,
              }),
            ),
        });
      }
      const slices = await alternate(sides, rounds, seconds);
      const dropped = fleets.map((players) => players.dropped);
      printComparison(
        `Hub fan-out, ${HUB_CLIENTS.toLocaleString('en')} clients per server in games of ${PLAYERS_PER_GAME}, each game ` +
          `sending every ${HUB_INTERVAL_MS} ms: this checkout beside ${ref} (cells: messages out per second, server ` +
          'CPU per message out, fan-out p99)',
        servers.map((side) => side.name),
        HUB_FIGURES,
        slices,
      );
      if (dropped.some((n) => n > 0)) console.log(`WARNING: clients dropped during the run: ${dropped.join(' / ')}.`);
    } finally {
      for (const players of fleets) players.isClosing = true;
      await stop();
      await Promise.all(fleets.map((players) => players.closeAll()));
    }
  });
}

runScript(import.meta.url, async () => {
  const [ref, what = 'products', roundsArg, secondsArg] = process.argv.slice(2);
  if (!ref) {
    throw new Error(
      `usage: npx tsx bench/compare-refs.ts <ref> [${HOT_READS.map((t) => t.key).join('|')}|nearby|hub] [rounds] [seconds]`,
    );
  }
  const kind = what === 'nearby' || what === 'hub' ? what : 'read';
  const rounds = Number(roundsArg ?? DEFAULTS[kind].rounds);
  const seconds = Number(secondsArg ?? DEFAULTS[kind].seconds);
  if (!(rounds >= 1 && seconds > 0)) throw new Error('rounds and seconds must be positive numbers');
  const other = checkOut(ref);
  try {
    if (kind === 'nearby') await compareNearby(ref, other.root, rounds, seconds);
    else if (kind === 'hub') await compareHub(ref, other.root, rounds, seconds);
    else await compareRead(ref, other.root, what, rounds, seconds);
  } finally {
    other.remove();
  }
});
