/**
 * The realtime game server under load: 5,000 SignalR clients in 625 games of 8 on one server process, the fan-out
 * of their game information (latency and messages per second), beside a raw `ws` server carrying the same traffic
 * in the same run.
 *
 *   npx tsx bench/hub.ts      (also part of `npm run bench`; BENCH_SECONDS sets each measured phase, default 10)
 *
 * - The hub: a portal server in production mode (LOG_LEVEL=warn, JOBS=false, PAYMENTS=sandbox; one node, without
 *   REDIS_URL and so without the backplane) on a fresh database `portal_hub_<timestamp>` on the local PostgreSQL
 *   server (127.0.0.1:5432, user postgres, trust auth; BENCH_POSTGRES_URL overrides the admin URL), dropped at the
 *   end, with the demo data (SEED_DEMO=true), whose released game (its live version, which anyone may play) the
 *   games are created for. 5,000 players (`hub-player-00001@bench.example` …) and one live session each go straight
 *   into `users` and `sessions`, the session keyed by the sha256 of a random bearer token as a login stores it
 *   (5,000 logins through argon2 would take minutes); the clients use those tokens as the game host's login hands
 *   them out.
 * - Clients (bench/lib/hub-clients.ts): this process, one `ws` socket each, 200 connecting at a time. A client of the hub negotiates
 *   (`POST /game/socket/Gaming/negotiate?negotiateVersion=1` with its bearer token), opens
 *   `/game/socket/Gaming?id=<connectionToken>&access_token=<token>` and sends the JSON protocol's handshake, as the
 *   official client does in a browser; it pings when it has sent nothing for 10 s (the hub drops a client silent
 *   for 30 s). Reported: the time to connect all of them, the server's RSS before and after (VmRSS, /proc), its
 *   growth per connection, and how many were still open at the end of the run (a close or an error from the server
 *   counts against it).
 * - Games: clients 8g … 8g + 7 play game g. Player 0 creates it (CreateGame for the demo game's live version),
 *   the 7 others join it (JoinGame), the host starts it (StartGame); 25 games are set up at a time.
 * - Fan-out: a player invokes SetMyGameInfo(gameId, "hb:<game>:<seq>:<send time>"); every player of the game,
 *   the sender included, receives the `infoSet` EventMessage carrying that text, and the sender its result
 *   (ReceiveMessage). Invocations go as the official client's `send` sends them (no invocationId, so no Completion):
 *   each message in costs the hub 9 messages out. Latency = the time this process reads an event − the time it
 *   sent the invocation (one clock, performance.now()), over every delivery of every message sent in the measured
 *   window. The players of a game take turns in order. Each phase is a 2 s warm-up, then BENCH_SECONDS measured,
 *   then a drain of up to 20 s until every delivery owed has come:
 *   - steady, three rates: every game sends one message every 800, 400 and 200 ms (BENCH_HUB_INTERVALS overrides;
 *     the games' start times spread over the interval): 781, 1,563 and 3,125 messages in per second (7,031, 14,063
 *     and 28,125 out), each player sending every 6.4, 3.2 and 1.6 s. Reports the latency percentiles and how late
 *     this process sent against the schedule (its own lag, which the latency includes).
 *   - closed loop: every game keeps one message in flight, the next player sending as soon as all 8 got the last
 *     one (never sooner than 55 ms after that player's previous send, under the hub's limit of
 *     ACTIONS_PER_SECOND = 20 per connection). Reports messages delivered per second: events and results, every
 *     message the clients read in the window but pings.
 *   A refused invocation (RateLimited, …) and a delivery still missing after the drain are counted and printed; a
 *   phase with any meets no target.
 * - Baseline: a raw `ws` server in its own process (bench/lib/servers/bare-ws.ts), the same 5,000 clients connecting
 *   200 at a time to `/?group=<g>`, in the same groups of 8; each text message a client sends is answered to it
 *   with `ok` and sent as it came to each member of its group: 9 messages out for each message in, as on the hub.
 *   The same phases with the same client code, minus SignalR's negotiate, handshake and framing.
 * - CPU, in cores, during each measured window: the server, this process (the clients), the kernel's softirq time
 *   (the loopback network's receive path mostly, charged to no process) and the rest of the machine (other work: a
 *   warning is printed above 0.2 cores, as the figures then suffer). The server's CPU time per message out is
 *   printed too. The clients share the machine's cores with the server: on 2 cores, where both are near one core
 *   busy in the closed loop, the messages per second are the machine's, and the server's CPU per message is the
 *   fairer comparison of the two servers (printed beside the ratio).
 * - BENCH_HUB_PROFILE=1 runs the hub under `node --cpu-prof` and prints where its time went during the closed
 *   loop's window (self time by package and by function; the raw profile stays in bench/results/profiles/).
 * - BENCH_HUB_CLIENTS runs fewer clients (a multiple of 8) for a quick look; the targets ask for 5,000.
 *
 * Verdicts (the hub issue): 5,000 connections held on one process (all connected, none closed or dropped by the
 * end); fan-out p99 < 50 ms in the fastest steady phase (every 200 ms per game); the hub's closed-loop messages per
 * second >= 0.5 x the raw `ws` server's. A phase with refusals or missing deliveries meets no target.
 */
import { startBareWsServer } from './lib/bare-servers.ts';
import { makeProfileDir, readProfileIn } from './lib/cpu-profile.ts';
import { formatMiB, formatFineMs as formatMs, formatRate } from './lib/format.ts';
import {
  type Client,
  CONNECT_CONCURRENCY,
  hubServerEnv,
  type PhaseResult,
  PLAYERS_PER_GAME,
  type PlayableVersion,
  Players,
  phaseValid,
  seedHubPlayers,
  setUpGames,
} from './lib/hub-clients.ts';
import { withBenchDatabase } from './lib/postgres.ts';
import { describeMachineLoad, type MachineLoad, readStatusKb, sampleMachineLoad } from './lib/proc-stats.ts';
import { DURATION_SECONDS } from './lib/runs.ts';
import { runScript } from './lib/script.ts';
import { startPortalServer } from './lib/server.ts';
import { formatVerdict, printTable } from './lib/table.ts';
import { sleep } from './lib/time.ts';

/** BENCH_HUB_CLIENTS runs fewer (a multiple of 8) for a quick look; the targets ask for 5,000. */
export const CLIENTS = Math.floor(Number(process.env.BENCH_HUB_CLIENTS ?? 5000) / PLAYERS_PER_GAME) * PLAYERS_PER_GAME;
/**
 * The steady phases, slowest first: every game sends one message this often (BENCH_HUB_INTERVALS, comma-separated,
 * overrides). The latency target is judged on the fastest.
 */
export const STEADY_INTERVALS_MS = (process.env.BENCH_HUB_INTERVALS ?? '800,400,200')
  .split(',')
  .map(Number)
  .filter((ms) => ms > 0)
  .sort((a, b) => b - a);
export const CONNECTIONS_TARGET = 5000;
export const FANOUT_P99_TARGET_MS = 50;
export const RAW_RATIO_TARGET = 0.5;

/** Cores busy beyond the server, the clients and softirq in a window: other work was going on. */
const OTHER_CORES_WARNING = 0.2;

export interface ServerRun {
  name: string;
  pid: number;
  connect: {
    opened: number;
    failed: number;
    firstError: string | null;
    seconds: number;
    rssBeforeKb: number;
    rssAfterKb: number;
    perConnectionKb: number;
  };
  games: number;
  /** Seconds to create, join and start every game (the hub only). */
  gamesSeconds: number | null;
  rssWithGamesKb: number | null;
  /** Slowest first; the last is the one the latency target is judged on. */
  steady: PhaseResult[];
  closedLoop: PhaseResult;
  /** Clients still open at the end of the run, before anything was closed on purpose. */
  heldAtEnd: number;
  /** Clients the server closed or lost during the run, and the first reason. */
  droppedDuringRun: number;
  firstDropReason: string | null;
}

export interface HubResult {
  postgresVersion: string;
  clients: number;
  games: number;
  playersPerGame: number;
  steadyIntervalsMs: number[];
  durationSeconds: number;
  product: PlayableVersion;
  machineLoad: MachineLoad;
  hub: ServerRun;
  raw: ServerRun;
  /** The hub's closed-loop messages per second ÷ the raw server's. */
  ratio: number;
  met: { connections: boolean; latency: boolean; ratio: boolean };
  /** The hub's CPU profile over the closed loop's window (BENCH_HUB_PROFILE=1). */
  profile: HubProfile | null;
}

export interface HubProfile {
  file: string;
  windowMs: number;
  /** Sampled time that was not idle. */
  busyMs: number;
  owners: Array<[string, number]>;
  functions: Array<[string, number]>;
}

export const meetsConnectionsTarget = (run: ServerRun) =>
  run.connect.opened >= CONNECTIONS_TARGET && run.heldAtEnd >= CONNECTIONS_TARGET && run.droppedDuringRun === 0;
/** The steady phase the latency target is judged on: the fastest. */
export const targetPhase = (run: ServerRun): PhaseResult | undefined => run.steady[run.steady.length - 1];
export const meetsLatencyTarget = (run: ServerRun) => {
  const phase = targetPhase(run);
  return (
    phase !== undefined && phaseValid(phase) && phase.latencySamples > 0 && phase.latencyMs.p99 < FANOUT_P99_TARGET_MS
  );
};
export const hubRatio = (hub: ServerRun, raw: ServerRun) =>
  raw.closedLoop.messagesPerSecond > 0 ? hub.closedLoop.messagesPerSecond / raw.closedLoop.messagesPerSecond : 0;
export const meetsRatioTarget = (hub: ServerRun, raw: ServerRun) =>
  phaseValid(hub.closedLoop) && phaseValid(raw.closedLoop) && hubRatio(hub, raw) >= RAW_RATIO_TARGET;

// the runs

const rssKb = (pid: number) => readStatusKb(pid, 'VmRSS') ?? 0;

async function connectRun(
  players: Players,
  pid: number,
  open: (index: number) => Promise<Client>,
): Promise<ServerRun['connect']> {
  const rssBeforeKb = rssKb(pid);
  const connected = await players.connectAll(CLIENTS, open);
  await sleep(1000);
  const rssAfterKb = rssKb(pid);
  console.log(`  server RSS ${formatMiB(rssBeforeKb)} → ${formatMiB(rssAfterKb)}`);
  return {
    ...connected,
    rssBeforeKb,
    rssAfterKb,
    perConnectionKb: connected.opened > 0 ? (rssAfterKb - rssBeforeKb) / connected.opened : 0,
  };
}

/** The steady phases and the closed loop, then what the run holds at its end. */
async function runPhases(
  players: Players,
  pid: number,
  run: Pick<ServerRun, 'name' | 'connect' | 'gamesSeconds' | 'rssWithGamesKb'>,
): Promise<ServerRun> {
  const steady: PhaseResult[] = [];
  for (const intervalMs of STEADY_INTERVALS_MS) steady.push(await players.runPhase(intervalMs, pid));
  const closedLoop = await players.runPhase(null, pid);
  return {
    name: run.name,
    pid,
    connect: run.connect,
    games: players.games.length,
    gamesSeconds: run.gamesSeconds,
    rssWithGamesKb: run.rssWithGamesKb,
    steady,
    closedLoop,
    heldAtEnd: players.heldOpen(),
    droppedDuringRun: players.dropped,
    firstDropReason: players.firstDropReason,
  };
}

/** The hub's run, on a fresh server of the database at `databaseUrl`. */
async function runHub(databaseUrl: string) {
  const profile = process.env.BENCH_HUB_PROFILE ? makeProfileDir('hub-') : null;
  const server = await startPortalServer({ env: hubServerEnv(databaseUrl), nodeArgs: profile?.nodeArgs ?? [] });
  const players = new Players('hub', server.url.replace(/^http/, 'ws'));
  try {
    const { tokens, postgresVersion, product } = await seedHubPlayers(databaseUrl, CLIENTS);
    const connect = await connectRun(players, server.pid, (index) =>
      players.openHub(index, server.url, tokens[index] as string),
    );
    const gamesSeconds = await setUpGames(players, product);
    await sleep(1000);
    const rssWithGamesKb = rssKb(server.pid);
    console.log(`  server RSS with the games ${formatMiB(rssWithGamesKb)}`);
    const run = await runPhases(players, server.pid, {
      name: 'game hub (SignalR)',
      connect,
      gamesSeconds,
      rssWithGamesKb,
    });
    return { run, product, postgresVersion, profileDir: profile?.dir ?? null };
  } finally {
    players.isClosing = true;
    await server.stop();
    await players.closeAll();
  }
}

async function runRaw(): Promise<ServerRun> {
  const server = await startBareWsServer();
  console.log(`Raw ws server up at ${server.url} (pid ${server.pid})`);
  const players = new Players('raw', server.url.replace(/^http/, 'ws'));
  try {
    const connect = await connectRun(players, server.pid, (index) => players.openRaw(index));
    players.formGames((g) => String(g));
    return await runPhases(players, server.pid, { name: 'raw ws', connect, gamesSeconds: null, rssWithGamesKb: null });
  } finally {
    await players.closeAll();
    await server.close();
  }
}

/** Where the hub's time went during the closed loop's window: self time by owner and by function. */
function readProfile(profileDir: string, window: { startUs: number; endUs: number }): HubProfile {
  const { file, summary } = readProfileIn(profileDir, window);
  const idleMs = summary.functions.find(([fn]) => fn.startsWith('(idle) '))?.[1] ?? 0;
  const sampledMs = summary.owners.reduce((sum, [, ms]) => sum + ms, 0);
  return {
    file,
    windowMs: summary.totalMs,
    busyMs: sampledMs - idleMs,
    // the idle time is the one part of '(native or idle)' that is not work
    owners: summary.owners
      .map(([owner, ms]): [string, number] =>
        owner === '(native or idle)' ? ['(native: system calls, GC, …)', ms - idleMs] : [owner, ms],
      )
      .sort((x, y) => y[1] - x[1])
      .slice(0, 12),
    functions: summary.functions.filter(([fn]) => !fn.startsWith('(idle) ')).slice(0, 25),
  };
}

export async function measureHub(): Promise<HubResult> {
  const machineLoad = await sampleMachineLoad();
  const hubRun = await withBenchDatabase('portal_hub', (database) => runHub(database.url));
  const raw = await runRaw();
  const { run: hub, product, postgresVersion, profileDir } = hubRun;
  return {
    postgresVersion,
    clients: CLIENTS,
    games: hub.games,
    playersPerGame: PLAYERS_PER_GAME,
    steadyIntervalsMs: STEADY_INTERVALS_MS,
    durationSeconds: DURATION_SECONDS,
    product,
    machineLoad,
    hub,
    raw,
    ratio: hubRatio(hub, raw),
    met: {
      connections: meetsConnectionsTarget(hub),
      latency: meetsLatencyTarget(hub),
      ratio: meetsRatioTarget(hub, raw),
    },
    profile: profileDir ? readProfile(profileDir, hub.closedLoop.monotonicWindowUs) : null,
  };
}

// the tables

const formatRefused = (phase: PhaseResult) =>
  Object.keys(phase.refused).length === 0
    ? '0'
    : Object.entries(phase.refused)
        .map(([code, n]) => `${n} ${code}`)
        .join(', ');

export function printHub(result: HubResult): void {
  const { hub, raw } = result;
  printTable(
    `Game hub connections: ${result.clients.toLocaleString('en')} clients from one process, ` +
      `${CONNECT_CONCURRENCY} connecting at a time; server RSS (VmRSS) before and after`,
    [
      { header: 'server' },
      { header: 'connected', align: 'right' },
      { header: 'open at the end', align: 'right' },
      { header: 'connect time', align: 'right' },
      { header: 'RSS before', align: 'right' },
      { header: 'RSS after', align: 'right' },
      { header: 'per connection', align: 'right' },
      { header: `target (${CONNECTIONS_TARGET.toLocaleString('en')} held)` },
    ],
    [hub, raw].map((run) => [
      run.name,
      `${run.connect.opened.toLocaleString('en')}${run.connect.failed > 0 ? ` (${run.connect.failed} failed)` : ''}`,
      `${run.heldAtEnd.toLocaleString('en')}${run.droppedDuringRun > 0 ? ` (${run.droppedDuringRun} dropped)` : ''}`,
      `${run.connect.seconds.toFixed(1)} s`,
      formatMiB(run.connect.rssBeforeKb),
      formatMiB(run.connect.rssAfterKb),
      `${run.connect.perConnectionKb.toFixed(1)} KB`,
      run === hub ? formatVerdict(result.met.connections) : '–',
    ]),
  );
  if (hub.connect.firstError) console.log(`First hub connection failure: ${hub.connect.firstError}`);
  if (raw.connect.firstError) console.log(`First raw connection failure: ${raw.connect.firstError}`);
  if (hub.firstDropReason) console.log(`First hub drop: ${hub.firstDropReason}`);
  if (raw.firstDropReason) console.log(`First raw drop: ${raw.firstDropReason}`);
  if (hub.gamesSeconds !== null) {
    console.log(
      `${hub.games} games of ${result.playersPerGame} (${result.product.name}, version ` +
        `${result.product.productVersion}) created, joined and started in ${hub.gamesSeconds.toFixed(1)} s; the hub's ` +
        `RSS with them ${formatMiB(hub.rssWithGamesKb ?? 0)}.`,
    );
  }

  const latencyPhase = targetPhase(hub);
  const verdictOf = (run: ServerRun, phase: PhaseResult) => {
    if (run !== hub) return '–';
    if (phase === latencyPhase) return `p99 < ${FANOUT_P99_TARGET_MS} ms: ${formatVerdict(result.met.latency)}`;
    if (phase === hub.closedLoop) {
      return `>= ${RAW_RATIO_TARGET} x raw: ${result.ratio.toFixed(2)} x, ${formatVerdict(result.met.ratio)}`;
    }
    return '–';
  };
  const rows = [hub, raw].flatMap((run) =>
    [...run.steady, run.closedLoop].map((phase) => [
      `${run.name}, ${phase.name}`,
      phase.offeredPerSecond === null ? 'all it takes' : formatRate(phase.offeredPerSecond),
      formatRate(phase.sentPerSecond),
      formatRate(phase.messagesPerSecond),
      formatMs(phase.latencyMs.p50),
      formatMs(phase.latencyMs.p95),
      formatMs(phase.latencyMs.p99),
      formatMs(phase.latencyMs.max),
      `${formatRefused(phase)} / ${phase.missing}`,
      `${phase.serverUsPerMessage.toFixed(1)} µs`,
      [phase.cpu.serverCores, phase.cpu.clientCores, phase.cpu.softirqCores, phase.cpu.otherCores]
        .map((cores) => (cores === null ? 'n/a' : cores.toFixed(2)))
        .join(' / '),
      verdictOf(run, phase),
    ]),
  );
  printTable(
    `Fan-out in ${hub.games} games of ${result.playersPerGame}: each message in brings an event to each of the ` +
      `${result.playersPerGame} players and a result to its sender; steady: each game sends one message every ` +
      `${result.steadyIntervalsMs.join(', ')} ms; closed loop: each game keeps one message in flight; ` +
      `${result.durationSeconds} s measured each`,
    [
      { header: 'server, phase' },
      { header: 'offered in/s', align: 'right' },
      { header: 'in/s', align: 'right' },
      { header: 'out/s', align: 'right' },
      { header: 'p50', align: 'right' },
      { header: 'p95', align: 'right' },
      { header: 'p99', align: 'right' },
      { header: 'max', align: 'right' },
      { header: 'refused / missing', align: 'right' },
      { header: 'server CPU / out', align: 'right' },
      { header: 'cores: server / clients / softirq / other', align: 'right' },
      { header: 'target' },
    ],
    rows,
  );
  const efficiency =
    hub.closedLoop.serverUsPerMessage > 0 ? raw.closedLoop.serverUsPerMessage / hub.closedLoop.serverUsPerMessage : 0;
  console.log(
    `Closed loop: the hub delivers ${result.ratio.toFixed(2)} x the raw server's messages per second on this ` +
      `machine, whose ${result.machineLoad.cores} cores the clients share; per CPU second of the server alone it ` +
      `delivers ${efficiency.toFixed(2)} x as many (${hub.closedLoop.serverUsPerMessage.toFixed(1)} vs ` +
      `${raw.closedLoop.serverUsPerMessage.toFixed(1)} µs per message out).`,
  );
  for (const run of [hub, raw]) {
    const phases = [...run.steady, run.closedLoop];
    console.log(
      `${run.name}: this process's event-loop delay p99 ` +
        `${phases.map((phase) => formatMs(phase.clientLoopDelayP99Ms)).join(' / ')} (each phase in turn); its ` +
        `sends behind the steady schedule p99 ${run.steady.map((phase) => formatMs(phase.sendLagP99Ms ?? 0)).join(' / ')}.`,
    );
  }
  const busiest = Math.max(
    ...[hub, raw].flatMap((run) => [...run.steady, run.closedLoop].map((phase) => phase.cpu.otherCores ?? 0)),
  );
  if (busiest > OTHER_CORES_WARNING) {
    console.log(
      `WARNING: other processes kept up to ${busiest.toFixed(2)} cores busy during a measured window; the figures ` +
        'of that phase may be worse than on a quiet machine.',
    );
  }
  console.log(`Before the load: ${describeMachineLoad(result.machineLoad)}.`);
  const { profile } = result;
  if (profile) {
    const share = (ms: number) => `${((ms / Math.max(profile.busyMs, 1)) * 100).toFixed(1)}%`;
    const columns = [
      { header: '' },
      { header: 'self', align: 'right' as const },
      { header: 'share of busy', align: 'right' as const },
    ];
    const title =
      `The hub under node --cpu-prof during the closed loop's ${(profile.windowMs / 1000).toFixed(1)} s: ` +
      `${(profile.busyMs / 1000).toFixed(1)} s busy (${profile.file})`;
    printTable(
      `${title}; self time by package or portal folder`,
      columns,
      profile.owners.map(([name, ms]) => [name, `${ms.toFixed(0)} ms`, share(ms)]),
    );
    printTable(
      'The functions with the most self time (writev: the socket writes, their time in the kernel included)',
      columns,
      profile.functions.map(([name, ms]) => [name, `${ms.toFixed(0)} ms`, share(ms)]),
    );
  }
}

runScript(import.meta.url, async () => printHub(await measureHub()));
