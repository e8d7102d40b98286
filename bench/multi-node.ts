/**
 * What running past one node costs: the product list and the game hub on one node, then on two nodes of one
 * deployment (REDIS_URL + DATABASE_URL, a shared REDIS_PREFIX), in the same run on the same data.
 *
 *   npx tsx bench/multi-node.ts      (also part of `npm run bench`; BENCH_SECONDS sets each measured window,
 *                                     default 10; BENCH_MULTI_CLIENTS the hub's clients, default 2,000)
 *
 * - Services: the local PostgreSQL server (127.0.0.1:5432, user postgres, trust auth; BENCH_POSTGRES_URL overrides
 *   the admin URL), a fresh database for each part, dropped at the end; the local Redis (redis://127.0.0.1:6379;
 *   BENCH_REDIS_URL overrides), the two-node servers' keys under the prefix `bench-multi-<timestamp>`, deleted at the
 *   end. One node runs with REDIS_URL empty; two nodes with REDIS_URL and that prefix, started at once as a
 *   deployment's are. Servers as in bench/hot-reads.ts and bench/hub.ts (production mode, LOG_LEVEL=warn).
 * - The product list, `GET /api/Product` (8 per page), on a database seeded as bench/hot-reads.ts seeds it (500
 *   partners with 20 games each, …; bench/lib/hot-reads-estate.ts), cold: the caches off (CACHE_SECONDS=0 on one node; multi-node mode has none),
 *   every request another partner and page, so every request reads its session and its page from PostgreSQL. One
 *   autocannon from this process, 64 connections (each cycling through 24 requests of 24 partners), a 2 s warm-up,
 *   then BENCH_SECONDS measured: on one node all 64 connections go to it; on two nodes autocannon takes both URLs and
 *   gives them the connections in turn, 32 each, with the same requests as on one node. One autocannon rather than
 *   two keeps the load generator's cost the same as on one node and puts every request in one latency histogram, so
 *   p50 and p99 are those of the deployment, not an average of two percentiles. Reported: req/s, p50/p99, the CPU
 *   of each node (cores), of the nodes, PostgreSQL and Redis per request.
 * - The game hub with the clients of bench/hub.ts (bench/lib/hub-clients.ts), on a database with the demo data and
 *   BENCH_MULTI_CLIENTS players (a multiple of 8) with a live session each: 2,000 SignalR clients from this process in 250 games of 8, 200
 *   connecting at a time. On two nodes client i connects to node i mod 2: every game's host (player 0) is on node A,
 *   where CreateGame makes the game, and players 1, 3, 5 and 7 are on node B, so half the invocations reach the
 *   game through Redis and every event to a player on B crosses it. The phases of bench/hub.ts: steady, every game
 *   sending one message every 400 ms (625 in/s, 5,625 out/s), with the fan-out latency p50/p99, then the closed
 *   loop (one message in flight per game) with the messages delivered per second; each a 2 s warm-up, BENCH_SECONDS
 *   measured and a drain. Reported: the time to connect every client, each phase's figures, the CPU of each node,
 *   of Redis and of the clients, and the servers' CPU per message out.
 * - Each part ends with two nodes ÷ one node. This machine's cores are shared by the nodes, PostgreSQL, Redis and
 *   the clients: on 2 cores two nodes compete for the cores one node had, so the ratios are the cost of coordination
 *   (Redis round trips, no caches, a second process), not what a second machine would add.
 */
import { Redis } from 'ioredis';
import { formatFineMs as formatMs, formatRate } from './lib/format.ts';
import {
  checkTarget,
  type Estate,
  HOT_READS,
  hotReadRequests,
  hotReadsServerEnv,
  seedHotReads,
} from './lib/hot-reads-estate.ts';
import {
  hubServerEnv,
  type PhaseResult,
  PLAYERS_PER_GAME,
  type PlayableVersion,
  Players,
  phaseValid,
  seedHubPlayers,
  setUpGames,
} from './lib/hub-clients.ts';
import { backendPids, withBenchDatabase } from './lib/postgres.ts';
import { describeMachineLoad, type MachineLoad, readCpuSeconds, sampleMachineLoad } from './lib/proc-stats.ts';
import { CONNECTIONS, DURATION_SECONDS, failedRequests, loadTarget, perRequestUs, type Run } from './lib/runs.ts';
import { runScript } from './lib/script.ts';
import { type PortalServer, startPortalServer } from './lib/server.ts';
import { printTable } from './lib/table.ts';
import { stamp } from './lib/time.ts';

export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const NODES = 2;
/** BENCH_MULTI_CLIENTS runs another number of hub clients (a multiple of 8). */
export const HUB_CLIENTS =
  Math.floor(Number(process.env.BENCH_MULTI_CLIENTS ?? 2000) / PLAYERS_PER_GAME) * PLAYERS_PER_GAME;
/** The one steady rate: every game sends one message this often. */
export const HUB_INTERVAL_MS = 400;
const PRODUCT_LIST = HOT_READS.find((target) => target.key === 'products');

export interface Deployment {
  /** 1: one node without Redis; 2: two nodes on one Redis. */
  nodes: number;
  name: string;
}

export interface ProductListRun extends Deployment {
  run: Run;
}

export interface HubNodesRun extends Deployment {
  connect: { opened: number; failed: number; firstError: string | null; seconds: number };
  games: number;
  gamesSeconds: number;
  steady: PhaseResult;
  closedLoop: PhaseResult;
  /** Clients still open at the end of the run, and those the servers closed or lost during it. */
  heldAtEnd: number;
  droppedDuringRun: number;
  firstDropReason: string | null;
}

export interface MultiNodeResult {
  machineLoad: MachineLoad;
  postgresVersion: string;
  redisVersion: string;
  /** Null when Redis runs elsewhere (its CPU is then not measured). */
  redisPid: number | null;
  durationSeconds: number;
  productList: {
    name: string;
    connections: number;
    oneNode: ProductListRun;
    twoNodes: ProductListRun;
  };
  hub: {
    clients: number;
    games: number;
    playersPerGame: number;
    intervalMs: number;
    product: PlayableVersion;
    oneNode: HubNodesRun;
    twoNodes: HubNodesRun;
  };
}

const ONE_NODE: Deployment = { nodes: 1, name: 'one node' };
const TWO_NODES: Deployment = { nodes: NODES, name: `${NODES} nodes, Redis` };

// Redis

async function connectRedis(): Promise<Redis> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', () => {
    // a failed command throws where it was sent
  });
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(`cannot reach Redis at ${REDIS_URL} (BENCH_REDIS_URL overrides): ${(err as Error).message}`);
  }
  return redis;
}

/** Redis's version, and its pid when it runs on this machine (its /proc readable), for its CPU. */
async function describeRedis(redis: Redis): Promise<{ version: string; pid: number | null }> {
  const info = await redis.info('server');
  const field = (name: string) => new RegExp(`^${name}:(.+)$`, 'm').exec(info)?.[1]?.trim();
  const pid = Number(field('process_id'));
  const isLocal = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(REDIS_URL).hostname);
  return {
    version: field('redis_version') ?? '',
    pid: isLocal && Number.isInteger(pid) && readCpuSeconds(pid) !== null ? pid : null,
  };
}

/** Deletes every key under `prefix` (game locations are kept a day, route limits their window). */
async function deleteKeys(redis: Redis, prefix: string): Promise<number> {
  let deleted = 0;
  for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 }) as AsyncIterable<string[]>) {
    if (keys.length > 0) deleted += await redis.del(...keys);
  }
  return deleted;
}

// the nodes

/** Starts `count` nodes at once, as a deployment's start; if one does not come up, stops those that did. */
async function startNodes(count: number, env: Record<string, string>): Promise<PortalServer[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startPortalServer({ env })));
  const nodes = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failure = started.find((outcome) => outcome.status === 'rejected');
  if (failure) {
    await Promise.all(nodes.map((node) => node.stop()));
    throw failure.reason;
  }
  return nodes;
}

const stopNodes = (nodes: PortalServer[]) => Promise.all(nodes.map((node) => node.stop()));

const multiNodeEnv = (prefix: string) => ({ REDIS_URL, REDIS_PREFIX: prefix });

// the product list

async function measureProductList(prefix: string, redisPid: number | null) {
  if (!PRODUCT_LIST) throw new Error('bench/lib/hot-reads-estate.ts has no products target');
  const target = PRODUCT_LIST;
  return withBenchDatabase('portal_multi_reads', async (database) => {
    const postgresPids = () => backendPids(database.name);
    const cold = { ...hotReadsServerEnv(database.url, '0'), REDIS_URL: '' };
    let estate: Estate | undefined;
    const requestsFor = (c: number) => {
      if (!estate) throw new Error('the estate is not seeded yet');
      return hotReadRequests(target, estate)(c);
    };
    let oneNode: Run;
    const server = await startPortalServer({ env: cold });
    try {
      // the first server has migrated the database: the estate goes into its tables
      estate = await seedHotReads(database.url);
      await checkTarget(server.url, target, estate);
      oneNode = await loadTarget(
        `${target.name}, cold, one node`,
        server.url,
        requestsFor,
        server.pid,
        postgresPids,
        CONNECTIONS,
        redisPid,
      );
    } finally {
      await server.stop();
    }
    let twoNodes: Run;
    const nodes = await startNodes(NODES, { ...cold, ...multiNodeEnv(prefix) });
    try {
      for (const node of nodes) await checkTarget(node.url, target, estate);
      twoNodes = await loadTarget(
        `${target.name}, cold, ${NODES} nodes (${CONNECTIONS / NODES} connections each)`,
        nodes.map((node) => node.url),
        requestsFor,
        nodes.map((node) => node.pid),
        postgresPids,
        CONNECTIONS,
        redisPid,
      );
    } finally {
      await stopNodes(nodes);
    }
    return {
      postgresVersion: estate.postgresVersion,
      productList: {
        name: target.name,
        connections: CONNECTIONS,
        oneNode: { ...ONE_NODE, run: oneNode },
        twoNodes: { ...TWO_NODES, run: twoNodes },
      },
    };
  });
}

// the hub

/**
 * The hub's clients on `nodes`: client i on node i mod n, so that each game's host, who creates it, is on the
 * first node; then the games, the steady phase and the closed loop.
 */
async function runHubOn(
  deployment: Deployment,
  nodes: PortalServer[],
  tokens: string[],
  product: { productId: string; productVersion: number },
  redisPid: number | null,
): Promise<HubNodesRun> {
  const players = new Players('hub', '');
  const pids = nodes.map((node) => node.pid);
  const nodeOf = (index: number) => nodes[index % nodes.length] as PortalServer;
  try {
    const connect = await players.connectAll(
      HUB_CLIENTS,
      (index) => players.openHub(index, nodeOf(index).url, tokens[index] as string),
      deployment.name,
    );
    const gamesSeconds = await setUpGames(players, product);
    const steady = await players.runPhase(HUB_INTERVAL_MS, pids, redisPid);
    const closedLoop = await players.runPhase(null, pids, redisPid);
    return {
      ...deployment,
      connect,
      games: players.games.length,
      gamesSeconds,
      steady,
      closedLoop,
      heldAtEnd: players.heldOpen(),
      droppedDuringRun: players.dropped,
      firstDropReason: players.firstDropReason,
    };
  } finally {
    players.isClosing = true;
    await stopNodes(nodes);
    await players.closeAll();
  }
}

async function measureHubAcrossNodes(prefix: string, redisPid: number | null) {
  return withBenchDatabase('portal_multi_hub', async (database) => {
    const server = await startPortalServer({ env: hubServerEnv(database.url) });
    let tokens: string[];
    let product: PlayableVersion;
    try {
      // the first server has migrated the database and seeded the demo data
      ({ tokens, product } = await seedHubPlayers(database.url, HUB_CLIENTS));
    } catch (err) {
      await server.stop();
      throw err;
    }
    const oneNode = await runHubOn(ONE_NODE, [server], tokens, product, redisPid);
    const nodes = await startNodes(NODES, { ...hubServerEnv(database.url), ...multiNodeEnv(prefix) });
    const twoNodes = await runHubOn(TWO_NODES, nodes, tokens, product, redisPid);
    return {
      clients: HUB_CLIENTS,
      games: oneNode.games,
      playersPerGame: PLAYERS_PER_GAME,
      intervalMs: HUB_INTERVAL_MS,
      product,
      oneNode,
      twoNodes,
    };
  });
}

export async function measureMultiNode(): Promise<MultiNodeResult> {
  const redis = await connectRedis();
  const prefix = `bench-multi-${stamp()}`;
  try {
    const { version: redisVersion, pid: redisPid } = await describeRedis(redis);
    console.log(
      `Redis ${redisVersion} at ${new URL(REDIS_URL).host}${redisPid === null ? ' (not on this machine)' : ''}, ` +
        `prefix ${prefix}`,
    );
    const machineLoad = await sampleMachineLoad();
    const { postgresVersion, productList } = await measureProductList(prefix, redisPid);
    const hub = await measureHubAcrossNodes(prefix, redisPid);
    return {
      machineLoad,
      postgresVersion,
      redisVersion,
      redisPid,
      durationSeconds: DURATION_SECONDS,
      productList,
      hub,
    };
  } finally {
    const deleted = await deleteKeys(redis, prefix).catch(() => 0);
    if (deleted > 0) console.log(`Deleted ${deleted} Redis keys under ${prefix}`);
    redis.disconnect();
  }
}

// the tables

const formatCores = (cores: number[]) => cores.map((share) => share.toFixed(2)).join(' + ');
/** Two nodes' figure ÷ one node's, or null when one node's is 0. */
const twoOverOne = (two: number, one: number) => (one > 0 ? two / one : null);
const formatRatio = (ratio: number | null) => (ratio === null ? 'n/a' : `${ratio.toFixed(2)} x`);
/** Each node's cores during the window: one node's are all of the server's. */
const nodeCores = (run: Run) => (run.cpu.serverByNode ?? [run.cpu.server]).map((cpu) => cpu / run.cpu.wallSeconds);
const refusedCount = (phase: PhaseResult) => Object.values(phase.refused).reduce((sum, n) => sum + n, 0);
const refusedOrMissing = (phase: PhaseResult) => refusedCount(phase) + phase.missing;

/** One figure of a comparison: its name, how to read it off a run, how to print it. */
type Figure<T> = [name: string, pick: (run: T) => number, format: (value: number) => string];

/** A table of figures on one node, on two nodes and two ÷ one. */
function printComparison<T>(title: string, one: T, two: T, figures: Array<Figure<T>>): void {
  printTable(
    title,
    [
      { header: 'figure' },
      { header: 'one node', align: 'right' },
      { header: `${NODES} nodes`, align: 'right' },
      { header: `${NODES} nodes ÷ one`, align: 'right' },
    ],
    figures.map(([name, pick, format]) => [
      name,
      format(pick(one)),
      format(pick(two)),
      formatRatio(twoOverOne(pick(two), pick(one))),
    ]),
  );
}

export function printMultiNode(result: MultiNodeResult): void {
  const { productList, hub } = result;
  const shared =
    `this machine's ${result.machineLoad.cores} cores are shared by the nodes, PostgreSQL, Redis and the clients: ` +
    'two nodes compete for the cores one node had, so two nodes ÷ one node is the cost of coordination (Redis round ' +
    'trips, no caches, a second process), not a scale-out figure';
  const nodesUs = (run: Run) => perRequestUs(run, run.cpu.server);
  const redisUs = (run: Run) =>
    run.cpu.redis === undefined ? 'n/a' : `${perRequestUs(run, run.cpu.redis).toFixed(1)} µs`;
  const lists = [productList.oneNode, productList.twoNodes];
  printTable(
    `${productList.name} across nodes, cold (caches off, every request another partner and page), on PostgreSQL ` +
      `${result.postgresVersion}: one autocannon, ${productList.connections} connections (on ${NODES} nodes, ` +
      `${productList.connections / NODES} each), ${result.durationSeconds} s`,
    [
      { header: 'deployment' },
      { header: 'req/s', align: 'right' },
      { header: 'p50', align: 'right' },
      { header: 'p99', align: 'right' },
      { header: 'cores per node', align: 'right' },
      { header: 'nodes CPU / req', align: 'right' },
      { header: 'PostgreSQL CPU / req', align: 'right' },
      { header: 'Redis CPU / req', align: 'right' },
      { header: 'machine busy', align: 'right' },
      { header: 'failed', align: 'right' },
    ],
    lists.map(({ name, run }) => [
      name,
      formatRate(run.load.requestsPerSecond),
      formatMs(run.load.latencyMs.p50),
      formatMs(run.load.latencyMs.p99),
      formatCores(nodeCores(run)),
      `${nodesUs(run).toFixed(0)} µs`,
      `${perRequestUs(run, run.cpu.postgres).toFixed(0)} µs`,
      redisUs(run),
      run.cpu.machine === null ? 'n/a' : `${(run.cpu.machine / run.cpu.wallSeconds).toFixed(2)} cores`,
      String(failedRequests(run)),
    ]),
  );
  printComparison(`${productList.name}, ${NODES} nodes ÷ one node`, productList.oneNode.run, productList.twoNodes.run, [
    ['req/s', (run) => run.load.requestsPerSecond, formatRate],
    ['p50', (run) => run.load.latencyMs.p50, formatMs],
    ['p99', (run) => run.load.latencyMs.p99, formatMs],
    ['nodes CPU / req', nodesUs, (us) => `${us.toFixed(0)} µs`],
  ]);
  if (lists.some(({ run }) => failedRequests(run) > 0)) {
    console.log('WARNING: some requests failed (non-2xx, errors or timeouts): those figures are not comparable.');
  }
  console.log(
    'The product list asks Redis nothing per request (no route limit on it; its CPU here is its own housekeeping and ' +
      `the nodes' heartbeats): on ${NODES} nodes each request costs what it costs one node without caches, and the ` +
      `deployment has a second process, with its own event loop and its own pool of PostgreSQL connections; ${shared}.`,
  );

  const runs = [hub.oneNode, hub.twoNodes];
  printTable(
    `Game hub across nodes: ${hub.clients.toLocaleString('en')} clients in ${hub.games} games of ` +
      `${hub.playersPerGame} (${hub.product.name}); on ${NODES} nodes each game's host and players 2, 4, 6 on node ` +
      `A, where the game lives, players 1, 3, 5, 7 on node B; ${result.durationSeconds} s measured each`,
    [
      { header: 'deployment, phase' },
      { header: 'in/s', align: 'right' },
      { header: 'out/s', align: 'right' },
      { header: 'p50', align: 'right' },
      { header: 'p99', align: 'right' },
      { header: 'max', align: 'right' },
      { header: 'refused / missing', align: 'right' },
      { header: 'servers CPU / out', align: 'right' },
      { header: 'cores per node', align: 'right' },
      { header: 'cores: Redis / clients / softirq / other', align: 'right' },
    ],
    runs.flatMap((run) =>
      [run.steady, run.closedLoop].map((phase) => [
        `${run.name}, ${phase.name}`,
        formatRate(phase.sentPerSecond),
        formatRate(phase.messagesPerSecond),
        formatMs(phase.latencyMs.p50),
        formatMs(phase.latencyMs.p99),
        formatMs(phase.latencyMs.max),
        `${refusedCount(phase)} / ${phase.missing}`,
        `${phase.serverUsPerMessage.toFixed(1)} µs`,
        formatCores(phase.cpu.serverCoresByNode ?? [phase.cpu.serverCores]),
        [phase.cpu.redisCores ?? null, phase.cpu.clientCores, phase.cpu.softirqCores, phase.cpu.otherCores]
          .map((cores) => (cores === null ? 'n/a' : cores.toFixed(2)))
          .join(' / '),
      ]),
    ),
  );
  const steady = `steady every ${hub.intervalMs} ms`;
  printComparison(`Game hub, ${NODES} nodes ÷ one node`, hub.oneNode, hub.twoNodes, [
    [`connect ${hub.clients.toLocaleString('en')} clients`, (run) => run.connect.seconds, (s) => `${s.toFixed(1)} s`],
    [`${steady}: p50`, (run) => run.steady.latencyMs.p50, formatMs],
    [`${steady}: p99`, (run) => run.steady.latencyMs.p99, formatMs],
    [`${steady}: messages out/s`, (run) => run.steady.messagesPerSecond, formatRate],
    ['closed loop: messages out/s', (run) => run.closedLoop.messagesPerSecond, formatRate],
    [
      'closed loop: servers CPU / message out',
      (run) => run.closedLoop.serverUsPerMessage,
      (us) => `${us.toFixed(1)} µs`,
    ],
  ]);
  for (const run of runs) {
    const problems = [
      run.connect.failed > 0
        ? `${run.connect.failed} clients failed to connect (first: ${run.connect.firstError})`
        : '',
      run.droppedDuringRun > 0 ? `${run.droppedDuringRun} dropped (first: ${run.firstDropReason})` : '',
      [run.steady, run.closedLoop].some((phase) => !phaseValid(phase))
        ? `${refusedOrMissing(run.steady) + refusedOrMissing(run.closedLoop)} messages refused or deliveries missing`
        : '',
    ].filter(Boolean);
    if (problems.length > 0) console.log(`WARNING, hub on ${run.name}: ${problems.join('; ')}.`);
  }
  console.log(
    `On ${NODES} nodes each node asks Redis once where a game is, the invocations of players on node B travel to node A and back ` +
      `through it, and every event to a player on node B crosses it; ${shared}.`,
  );
  console.log(`Before the run: ${describeMachineLoad(result.machineLoad)}.`);
}

runScript(import.meta.url, async () => printMultiNode(await measureMultiNode()));
