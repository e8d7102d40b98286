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
 * - Clients: this process, one `ws` socket each, 200 connecting at a time. A client of the hub negotiates
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
 * - Baseline: a raw `ws` server in its own process (bench/lib/bare-ws-server.ts), the same 5,000 clients connecting
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
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ACTIONS_PER_SECOND, type ConsoleMessage } from '@portal/contracts';
import pg from 'pg';
import { type RawData, WebSocket } from 'ws';
import { startBareServer } from './lib/bare-route.ts';
import { isEntryPoint, REPO_ROOT } from './lib/paths.ts';
import { createBenchDatabase } from './lib/postgres.ts';
import {
  CpuMeter,
  describeMachineLoad,
  LoopDelayMeter,
  type MachineLoad,
  readStatusKb,
  sampleMachineLoad,
} from './lib/proc-stats.ts';
import { startPortalServer } from './lib/server.ts';
import { formatVerdict, printTable } from './lib/table.ts';
import { type CpuProfile, summarize } from './profile-reads.ts';

export const PLAYERS_PER_GAME = 8;
/** BENCH_HUB_CLIENTS runs fewer (a multiple of 8) for a quick look; the targets ask for 5,000. */
export const CLIENTS = Math.floor(Number(process.env.BENCH_HUB_CLIENTS ?? 5000) / PLAYERS_PER_GAME) * PLAYERS_PER_GAME;
export const GAMES = CLIENTS / PLAYERS_PER_GAME;
export const CONNECT_CONCURRENCY = 200;
export const GAME_SETUP_CONCURRENCY = 25;
/**
 * The steady phases, slowest first: every game sends one message this often (BENCH_HUB_INTERVALS, comma-separated,
 * overrides). The latency target is judged on the fastest.
 */
export const STEADY_INTERVALS_MS = (process.env.BENCH_HUB_INTERVALS ?? '800,400,200')
  .split(',')
  .map(Number)
  .filter((ms) => ms > 0)
  .sort((a, b) => b - a);
export const WARMUP_SECONDS = 2;
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The closed loop never lets one connection send more often than this: 10% under the hub's action limit. */
export const MIN_SEND_SPACING_MS = (1000 / ACTIONS_PER_SECOND) * 1.1;

export const CONNECTIONS_TARGET = 5000;
export const FANOUT_P99_TARGET_MS = 50;
export const RAW_RATIO_TARGET = 0.5;

const HUB_PATH = '/game/socket/Gaming';
const RECORD_SEPARATOR = '\x1e';
const HANDSHAKE = `{"protocol":"json","version":1}${RECORD_SEPARATOR}`;
const PING = `{"type":6}${RECORD_SEPARATOR}`;
/** How the hub frames its calls of the client methods (formatInvocation: JSON.stringify keeps the key order). */
const EVENT_PREFIX = '{"type":1,"target":"EventMessage",';
const RESULT_PREFIX = '{"type":1,"target":"ReceiveMessage",';
const MARKER = 'hb:';
const KEEP_ALIVE_MS = 10_000;
const CONNECT_TIMEOUT_MS = 30_000;
const DRAIN_TIMEOUT_MS = 20_000;
/** The clients trust what they read (no UTF-8 check) and offer no compression: the servers do none either. */
const CLIENT_OPTIONS = { perMessageDeflate: false, skipUTF8Validation: true, handshakeTimeout: CONNECT_TIMEOUT_MS };
/** Cores busy beyond the server, the clients and softirq in a window: other work was going on. */
const OTHER_CORES_WARNING = 0.2;
const BARE_WS_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib/bare-ws-server.ts');

/** The hub's server: production mode, the demo data, no jobs; one node unless REDIS_URL is set over it. */
export const hubServerEnv = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  PAYMENTS: 'sandbox',
  SEED_DEMO: 'true',
  JOBS: 'false',
  // one process: no Redis backplane (an inherited REDIS_URL would put every game behind it), no shutdown drain
  REDIS_URL: '',
  SHUTDOWN_DRAIN_SECONDS: '0',
});

export interface LatencyMs {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export interface PhaseResult {
  name: string;
  /** Steady: every game sends one message this often; null: the closed loop. */
  intervalMs: number | null;
  seconds: number;
  /** Messages in per second the schedule offered (steady), or null (closed loop). */
  offeredPerSecond: number | null;
  /** Messages the clients sent in the window, per second. */
  sentPerSecond: number;
  /** Events (the fan-out) the clients read in the window, per second. */
  deliveriesPerSecond: number;
  /** Every message the clients read in the window but pings (events and results), per second. */
  messagesPerSecond: number;
  /** Over every delivery of every message sent in the window. */
  latencyMs: LatencyMs;
  latencySamples: number;
  /** Steady: how late this process sent against the schedule, p99. */
  sendLagP99Ms: number | null;
  /** The window in µs of the machine's monotonic clock (process.hrtime, the clock of V8's CPU profiles). */
  monotonicWindowUs: { startUs: number; endUs: number };
  /** This process's event-loop delay in the window, p99. */
  clientLoopDelayP99Ms: number;
  /** Refused invocations by error code (the hub) or none (raw). */
  refused: Record<string, number>;
  /** Deliveries owed to the messages of the phase that had not arrived 20 s after its window. */
  missing: number;
  /**
   * Cores busy in the window: the server, this process (the clients), the kernel's softirq time (mostly the
   * loopback network's receive path, which no process is charged for) and everything else on the machine.
   */
  cpu: CpuShares;
  /** The server's CPU time per message out (events and results), in µs. */
  serverUsPerMessage: number;
}

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
  product: { productId: string; productVersion: number; name: string };
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

/** A phase without refusals or missing deliveries: one that may meet a target. */
export const phaseValid = (phase: PhaseResult) => phase.missing === 0 && Object.keys(phase.refused).length === 0;
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

// the clients

type Kind = 'hub' | 'raw';
type Mode = 'idle' | 'steady' | 'closed';

class Client {
  isOpen = false;
  isHandshaken = false;
  game: Game | undefined;
  /** When this client last invoked an action (performance.now()); pings do not count. */
  lastSentAt = Number.NEGATIVE_INFINITY;
  lastWriteAt = 0;
  /** Results awaited during set-up, in order: the hub answers one connection's invocations in turn. */
  readonly awaiting: Array<(message: ConsoleMessage) => void> = [];
  onHandshake: ((error?: Error) => void) | undefined;
  /** The error of the hub's Close message, if it sent one. */
  closeError: string | undefined;

  constructor(
    readonly index: number,
    readonly socket: WebSocket,
  ) {}

  write(text: string): void {
    this.socket.send(text);
    this.lastWriteAt = performance.now();
  }
}

interface Game {
  index: number;
  /** The hub's game id (raw: the group). */
  id: string;
  players: Client[];
  turn: number;
  seq: number;
  /** Deliveries of message `seq` so far (closed loop). */
  received: number;
  sender: Client | undefined;
  nextAt: number;
  timer: NodeJS.Timeout | undefined;
}

/** One run of the clients against one server (or, for the hub, several nodes of it): the hub or the raw one. */
export class Bench {
  readonly clients: Array<Client | undefined> = [];
  readonly games: Game[] = [];
  mode: Mode = 'idle';
  /** Set before closing on purpose: closes after it are not drops. */
  isClosing = false;
  dropped = 0;
  firstDropReason: string | null = null;
  // the current phase
  sent = 0;
  refusedCount = 0;
  delivered = 0;
  refused = new Map<string, number>();
  windowStart = Number.POSITIVE_INFINITY;
  windowEnd = Number.POSITIVE_INFINITY;
  windowSent = 0;
  windowMessages = 0;
  windowEvents = 0;
  latencies = new Samples();
  sendLags = new Samples();
  private keepAlive: NodeJS.Timeout | undefined;

  constructor(
    readonly kind: Kind,
    /** Where raw clients connect; a hub client connects to the node it negotiated with. */
    readonly wsBase: string,
  ) {}

  // receiving

  private countMessage(at: number): void {
    if (at >= this.windowStart && at < this.windowEnd) this.windowMessages += 1;
  }

  private onMarker(text: string, from: number, at: number): void {
    const start = from + MARKER.length;
    const a = text.indexOf(':', start);
    const b = text.indexOf(':', a + 1);
    let end = b + 1;
    for (; end < text.length; end += 1) {
      const c = text.charCodeAt(end);
      if ((c < 48 || c > 57) && c !== 46) break;
    }
    const gameIndex = Number(text.slice(start, a));
    const seq = Number(text.slice(a + 1, b));
    const sentAt = Number(text.slice(b + 1, end));
    this.delivered += 1;
    if (at >= this.windowStart && at < this.windowEnd) this.windowEvents += 1;
    if (sentAt >= this.windowStart && sentAt < this.windowEnd) this.latencies.push(at - sentAt);
    if (this.mode !== 'closed') return;
    const game = this.games[gameIndex];
    if (game && game.seq === seq) {
      game.received += 1;
      if (game.received === game.players.length) this.sendClosed(game);
    }
  }

  private onHubRecord(client: Client, record: string, at: number): void {
    if (record.startsWith(EVENT_PREFIX)) {
      this.countMessage(at);
      const marker = record.indexOf(MARKER);
      if (marker >= 0) this.onMarker(record, marker, at);
      return;
    }
    if (record.startsWith(RESULT_PREFIX)) {
      this.countMessage(at);
      const waiting = client.awaiting.shift();
      if (waiting) {
        waiting((JSON.parse(record) as { arguments: [ConsoleMessage] }).arguments[0]);
        return;
      }
      if (record.includes('"succeeded":true', RESULT_PREFIX.length)) return;
      const message = (JSON.parse(record) as { arguments: [ConsoleMessage] }).arguments[0];
      this.onRefused(client, message.error?.errorCode ?? 'unknown');
      return;
    }
    if (!client.isHandshaken) {
      const handshake = client.onHandshake;
      client.onHandshake = undefined;
      if (record === '{}') {
        client.isHandshaken = true;
        handshake?.();
      } else {
        handshake?.(new Error(`the hub refused the handshake: ${record}`));
      }
      return;
    }
    const message = JSON.parse(record) as { type?: number; error?: string };
    if (message.type === 7) client.closeError = message.error ?? 'a Close without an error';
  }

  private onRefused(client: Client, code: string): void {
    this.refusedCount += 1;
    this.refused.set(code, (this.refused.get(code) ?? 0) + 1);
    const game = client.game;
    // the refused message brings no events: the game goes on with its next player
    if (this.mode === 'closed' && game && game.sender === client) this.sendClosed(game);
  }

  private onData(client: Client, data: RawData): void {
    const at = performance.now();
    const text = data.toString();
    if (this.kind === 'raw') {
      this.countMessage(at);
      if (text.startsWith(MARKER)) this.onMarker(text, 0, at);
      return;
    }
    let start = 0;
    for (let end = text.indexOf(RECORD_SEPARATOR); end !== -1; end = text.indexOf(RECORD_SEPARATOR, start)) {
      this.onHubRecord(client, text.slice(start, end), at);
      start = end + 1;
    }
  }

  private onDrop(reason: string): void {
    if (this.isClosing) return;
    this.dropped += 1;
    this.firstDropReason ??= reason;
  }

  // connecting

  private attach(client: Client): Promise<void> {
    const { socket } = client;
    socket.on('message', (data) => this.onData(client, data));
    socket.on('close', (code, reason) => {
      const wasOpen = client.isOpen;
      client.isOpen = false;
      if (wasOpen) this.onDrop(`closed ${code} ${client.closeError ?? reason.toString()}`.trim());
    });
    return new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        client.isOpen = true;
        resolve();
      });
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`the upgrade answered ${response.statusCode}`)),
      );
    }).then(() => {
      socket.on('error', (error) => this.onDrop(`socket error: ${error.message}`));
    });
  }

  async openHub(index: number, baseUrl: string, token: string): Promise<Client> {
    const response = await fetch(`${baseUrl}${HUB_PATH}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS),
    });
    const body = (await response.json()) as { connectionToken?: string };
    if (response.status !== 200 || !body.connectionToken) {
      throw new Error(`negotiate answered ${response.status}: ${JSON.stringify(body)}`);
    }
    // the connection token is the negotiating node's: the socket goes to the same node
    const url = `${baseUrl.replace(/^http/, 'ws')}${HUB_PATH}?id=${encodeURIComponent(body.connectionToken)}&access_token=${encodeURIComponent(token)}`;
    const client = new Client(index, new WebSocket(url, CLIENT_OPTIONS));
    await this.attach(client);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no handshake answer')), CONNECT_TIMEOUT_MS);
      client.onHandshake = (error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      client.write(HANDSHAKE);
    });
    return client;
  }

  async openRaw(index: number): Promise<Client> {
    const group = Math.floor(index / PLAYERS_PER_GAME);
    const client = new Client(index, new WebSocket(`${this.wsBase}/?group=${group}`, CLIENT_OPTIONS));
    await this.attach(client);
    return client;
  }

  /** Opens `count` clients, CONNECT_CONCURRENCY at a time. */
  async connectAll(
    count: number,
    open: (index: number) => Promise<Client>,
  ): Promise<{ opened: number; failed: number; firstError: string | null; seconds: number }> {
    if (this.kind === 'hub') {
      // the hub drops a client silent for 30 s: those connected first wait for the last ones
      this.keepAlive = setInterval(() => {
        const now = performance.now();
        for (const client of this.clients) {
          if (client?.isOpen && client.isHandshaken && now - client.lastWriteAt > KEEP_ALIVE_MS) client.write(PING);
        }
      }, KEEP_ALIVE_MS / 2);
    }
    const started = performance.now();
    let next = 0;
    let failed = 0;
    let firstError: string | null = null;
    const worker = async () => {
      for (let index = next++; index < count; index = next++) {
        try {
          this.clients[index] = await open(index);
        } catch (error) {
          failed += 1;
          firstError ??= (error as Error).message;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, count) }, worker));
    const seconds = (performance.now() - started) / 1000;
    return { opened: count - failed, failed, firstError, seconds };
  }

  /** The games: clients 8g … 8g + 7, every one of them connected. */
  formGames(ids: (index: number) => string): void {
    for (let g = 0; g * PLAYERS_PER_GAME < this.clients.length; g += 1) {
      const players = this.clients.slice(g * PLAYERS_PER_GAME, (g + 1) * PLAYERS_PER_GAME);
      if (players.length < PLAYERS_PER_GAME || players.some((player) => !player)) continue;
      const game: Game = {
        index: this.games.length,
        id: ids(g),
        players: players as Client[],
        turn: 0,
        seq: 0,
        received: 0,
        sender: undefined,
        nextAt: 0,
        timer: undefined,
      };
      for (const player of game.players) player.game = game;
      this.games.push(game);
    }
  }

  /** Invokes a hub action and answers its result (set-up only: fan-out results are counted, not awaited). */
  invoke(client: Client, action: string, args: unknown[]): Promise<ConsoleMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${action} got no result`)), CONNECT_TIMEOUT_MS);
      client.awaiting.push((message) => {
        clearTimeout(timer);
        if (message.succeeded) resolve(message);
        else reject(new Error(`${action} failed: ${JSON.stringify(message.error)}`));
      });
      client.write(`${JSON.stringify({ type: 1, target: action, arguments: args })}${RECORD_SEPARATOR}`);
    });
  }

  // sending

  private send(game: Game): void {
    const sender = game.players[game.turn % game.players.length] as Client;
    game.turn += 1;
    game.seq += 1;
    game.received = 0;
    game.sender = sender;
    const now = performance.now();
    const marker = `${MARKER}${game.index}:${game.seq}:${now.toFixed(3)}`;
    sender.write(
      this.kind === 'hub'
        ? `{"type":1,"target":"SetMyGameInfo","arguments":[${JSON.stringify(game.id)},"${marker}"]}${RECORD_SEPARATOR}`
        : marker,
    );
    sender.lastSentAt = now;
    this.sent += 1;
    if (now >= this.windowStart && now < this.windowEnd) this.windowSent += 1;
  }

  private sendClosed(game: Game): void {
    if (this.mode !== 'closed') return;
    clearTimeout(game.timer);
    const sender = game.players[game.turn % game.players.length] as Client;
    const wait = sender.lastSentAt + MIN_SEND_SPACING_MS - performance.now();
    if (wait > 0) {
      game.timer = setTimeout(() => this.sendClosed(game), wait);
      return;
    }
    this.send(game);
  }

  private scheduleSteady(game: Game, intervalMs: number): void {
    const tick = () => {
      if (this.mode !== 'steady') return;
      const now = performance.now();
      if (game.nextAt >= this.windowStart && game.nextAt < this.windowEnd) this.sendLags.push(now - game.nextAt);
      this.send(game);
      game.nextAt += intervalMs;
      game.timer = setTimeout(tick, Math.max(0, game.nextAt - performance.now()));
    };
    const offset = (game.index / this.games.length) * intervalMs;
    game.nextAt = performance.now() + offset;
    game.timer = setTimeout(tick, offset);
  }

  /**
   * One phase, steady (every game sends every `intervalMs`) or the closed loop (`intervalMs` null): a warm-up, the
   * measured window, then a drain until every delivery owed has come (or 20 s). `servers`: the server's pid, or each
   * node's; `redisPid`: the Redis the nodes share, when it runs on this machine.
   */
  async runPhase(
    intervalMs: number | null,
    servers: number | number[],
    redisPid: number | null = null,
  ): Promise<PhaseResult> {
    const serverPids = typeof servers === 'number' ? [servers] : servers;
    const mode: Mode = intervalMs === null ? 'closed' : 'steady';
    this.sent = 0;
    this.refusedCount = 0;
    this.delivered = 0;
    this.refused = new Map();
    this.windowSent = 0;
    this.windowMessages = 0;
    this.windowEvents = 0;
    this.latencies = new Samples();
    this.sendLags = new Samples();
    this.windowStart = Number.POSITIVE_INFINITY;
    this.windowEnd = Number.POSITIVE_INFINITY;
    const name = intervalMs === null ? 'closed loop' : `steady, every ${intervalMs} ms`;
    console.log(
      `${this.kind === 'hub' ? 'Hub' : 'Raw ws'}, ${name}: ${WARMUP_SECONDS} s warm-up, then ${DURATION_SECONDS} s ` +
        `measured, ${this.games.length} games`,
    );
    this.mode = mode;
    for (const game of this.games) {
      if (intervalMs !== null) this.scheduleSteady(game, intervalMs);
      else this.sendClosed(game);
    }
    await sleep(WARMUP_SECONDS * 1000);
    const serverMeter = new CpuMeter(() => serverPids);
    const nodeMeters = serverPids.length > 1 ? serverPids.map((pid) => new CpuMeter(() => [pid])) : [];
    const redisMeter = redisPid === null ? null : new CpuMeter(() => [redisPid]);
    const clientMeter = new CpuMeter(() => [process.pid]);
    const machineStart = readMachineTicks();
    const loopDelay = new LoopDelayMeter();
    this.windowStart = performance.now();
    this.windowEnd = this.windowStart + DURATION_SECONDS * 1000;
    const monotonicStartUs = monotonicUs();
    await sleep(DURATION_SECONDS * 1000);
    const monotonicWindowUs = { startUs: monotonicStartUs, endUs: monotonicUs() };
    const server = serverMeter.read();
    const nodeCores = nodeMeters.map((meter) => meter.read().coreShare);
    const redisCores = redisMeter?.read().coreShare;
    const client = clientMeter.read();
    const machine = machineShares(machineStart, readMachineTicks());
    const clientLoopDelay = loopDelay.read();
    this.mode = 'idle';
    for (const game of this.games) clearTimeout(game.timer);
    const owed = () => (this.sent - this.refusedCount) * PLAYERS_PER_GAME;
    const drainEnd = performance.now() + DRAIN_TIMEOUT_MS;
    while (this.delivered < owed() && performance.now() < drainEnd) await sleep(50);
    const seconds = (this.windowEnd - this.windowStart) / 1000;
    const result: PhaseResult = {
      name,
      intervalMs,
      seconds,
      offeredPerSecond: intervalMs === null ? null : (this.games.length * 1000) / intervalMs,
      sentPerSecond: this.windowSent / seconds,
      deliveriesPerSecond: this.windowEvents / seconds,
      messagesPerSecond: this.windowMessages / seconds,
      latencyMs: this.latencies.percentiles(),
      latencySamples: this.latencies.length,
      sendLagP99Ms: intervalMs === null ? null : this.sendLags.percentiles().p99,
      monotonicWindowUs,
      clientLoopDelayP99Ms: clientLoopDelay.p99,
      refused: Object.fromEntries(this.refused),
      missing: Math.max(0, owed() - this.delivered),
      serverUsPerMessage: this.windowMessages > 0 ? (server.cpuSeconds / this.windowMessages) * 1e6 : 0,
      cpu: {
        serverCores: server.coreShare,
        ...(nodeCores.length > 0 ? { serverCoresByNode: nodeCores } : {}),
        ...(redisCores === undefined ? {} : { redisCores }),
        clientCores: client.coreShare,
        softirqCores: machine?.softirqCores ?? null,
        otherCores: machine
          ? Math.max(0, machine.busyCores - server.coreShare - client.coreShare - (redisCores ?? 0))
          : null,
      },
    };
    console.log(
      `  ${result.messagesPerSecond.toFixed(0)} messages/s out (${result.sentPerSecond.toFixed(0)} in), fan-out ` +
        `p50 ${formatMs(result.latencyMs.p50)}, p99 ${formatMs(result.latencyMs.p99)}; ` +
        `server ${result.cpu.serverCores.toFixed(2)} cores, clients ${result.cpu.clientCores.toFixed(2)}` +
        (this.refusedCount > 0 ? `; ${this.refusedCount} refused` : '') +
        (result.missing > 0 ? `; ${result.missing} deliveries missing` : ''),
    );
    this.latencies = new Samples();
    this.sendLags = new Samples();
    return result;
  }

  heldOpen(): number {
    return this.clients.filter((client) => client?.isOpen).length;
  }

  /** Closes every client on purpose (after the server was told to stop, or to end the baseline). */
  async closeAll(): Promise<void> {
    this.isClosing = true;
    clearInterval(this.keepAlive);
    const closing: Array<Promise<void>> = [];
    for (const client of this.clients) {
      if (!client) continue;
      if (client.socket.readyState === WebSocket.CLOSED) continue;
      closing.push(new Promise((resolve) => client.socket.once('close', () => resolve())));
      client.socket.terminate();
    }
    await Promise.all(closing);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Numbers in a Float64Array that doubles when full: hundreds of thousands of latencies a phase, kept off the
 * JavaScript heap so that the garbage collector does not copy them (its pauses would be the clients' latency).
 */
class Samples {
  private values = new Float64Array(1 << 16);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length] = value;
    this.length += 1;
  }

  percentiles(): LatencyMs {
    if (this.length === 0) return { p50: 0, p95: 0, p99: 0, max: 0, mean: 0 };
    const sorted = this.values.slice(0, this.length).sort();
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
    let sum = 0;
    for (const value of sorted) sum += value;
    return { p50: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1] ?? 0, mean: sum / sorted.length };
  }
}

export interface CpuShares {
  serverCores: number;
  /** With several nodes: each node's part of serverCores, in the order they were given. */
  serverCoresByNode?: number[];
  /** The Redis the nodes share, when it was given (it then counts apart from otherCores). */
  redisCores?: number;
  clientCores: number;
  /** Null without /proc/stat. */
  softirqCores: number | null;
  otherCores: number | null;
}

/** Busy (softirq apart), softirq and total ticks of the whole machine so far (first line of /proc/stat). */
function readMachineTicks(): { busy: number; softirq: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = user + nice + system + irq + steal;
    return { busy, softirq, total: busy + softirq + idle + iowait };
  } catch {
    return null;
  }
}

function machineShares(
  start: ReturnType<typeof readMachineTicks>,
  end: ReturnType<typeof readMachineTicks>,
): { busyCores: number; softirqCores: number } | null {
  if (!start || !end || end.total <= start.total) return null;
  const cores = os.availableParallelism();
  const total = end.total - start.total;
  return {
    busyCores: ((end.busy - start.busy) / total) * cores,
    softirqCores: ((end.softirq - start.softirq) / total) * cores,
  };
}

// the players

/** `count` players and one live session each, straight into the tables; answers their bearer tokens in order. */
export async function seedPlayers(
  databaseUrl: string,
  count = CLIENTS,
): Promise<{ tokens: string[]; postgresVersion: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    await client.query('begin');
    const { rows } = await client.query<{ id: string; email: string }>(
      `insert into users (email, password_hash, first_name, last_name, registered_address)
       select format('hub-player-%s@bench.example', lpad(i::text, 5, '0')),
              'bench-only: this account never signs in with a password',
              'Player', i::text, format('%s Harbour Road, Wan Chai, Hong Kong', i)
       from generate_series(1, $1::int) as i
       returning id, email`,
      [count],
    );
    rows.sort((a, b) => (a.email < b.email ? -1 : 1));
    // as a login makes them: 256 random bits, stored as their sha256
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    await client.query(
      `insert into sessions (user_id, token_hash, expires_at)
       select user_id, token_hash, now() + interval '1 day'
       from unnest($1::uuid[], $2::text[]) as s(user_id, token_hash)`,
      [rows.map((row) => row.id), tokens.map((token) => createHash('sha256').update(token).digest('hex'))],
    );
    await client.query('commit');
    await client.query('vacuum analyze users, sessions');
    const version = await client.query<{ server_version: string }>('show server_version');
    console.log(
      `Seeded ${rows.length.toLocaleString('en')} players with a live session each in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return { tokens, postgresVersion: version.rows[0]?.server_version ?? '' };
  } finally {
    await client.end();
  }
}

/** The demo data's released game: its live version, which anyone may play. */
export async function findPlayableVersion(
  databaseUrl: string,
): Promise<{ productId: string; productVersion: number; name: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ product_id: string; number: number; name: string }>(
      `select v.item_id as product_id, v.number, p.name
       from versions v join products p on p.id = v.item_id and p.deleted_at is null
       where v.item_type = 'Product' and v.slot = 'release' and v.review_status = 'AcceptedAndReleased'
         and v.status = 'Active'
       order by v.reviewed_at desc limit 1`,
    );
    const row = rows[0];
    if (!row) throw new Error('the demo data holds no released game: is SEED_DEMO on, with its projects?');
    return { productId: row.product_id, productVersion: row.number, name: row.name };
  } finally {
    await client.end();
  }
}

// the runs

const rssKb = (pid: number) => readStatusKb(pid, 'VmRSS') ?? 0;

async function connectRun(
  bench: Bench,
  pid: number,
  open: (index: number) => Promise<Client>,
): Promise<ServerRun['connect']> {
  const rssBeforeKb = rssKb(pid);
  console.log(`Connecting ${CLIENTS.toLocaleString('en')} clients, ${CONNECT_CONCURRENCY} at a time`);
  const connected = await bench.connectAll(CLIENTS, open);
  await sleep(1000);
  const rssAfterKb = rssKb(pid);
  console.log(
    `  ${connected.opened.toLocaleString('en')} connected in ${connected.seconds.toFixed(1)} s` +
      (connected.failed > 0 ? `, ${connected.failed} failed (first: ${connected.firstError})` : '') +
      `; server RSS ${toMiB(rssBeforeKb)} → ${toMiB(rssAfterKb)}`,
  );
  return {
    ...connected,
    rssBeforeKb,
    rssAfterKb,
    perConnectionKb: connected.opened > 0 ? (rssAfterKb - rssBeforeKb) / connected.opened : 0,
  };
}

/** Creates, fills and starts every game, GAME_SETUP_CONCURRENCY at a time; answers the seconds it took. */
export async function setUpGames(
  bench: Bench,
  product: { productId: string; productVersion: number },
): Promise<number> {
  const started = performance.now();
  bench.formGames(() => '');
  let next = 0;
  const worker = async () => {
    for (let g = next++; g < bench.games.length; g = next++) {
      const game = bench.games[g] as Game;
      const [host, ...others] = game.players as [Client, ...Client[]];
      const created = await bench.invoke(host, 'CreateGame', [
        `hub-bench-${g}`,
        { ProductId: product.productId, ProductVersion: product.productVersion },
      ]);
      game.id = (JSON.parse(created.jsonData ?? '{}') as { id: string }).id;
      await Promise.all(others.map((player) => bench.invoke(player, 'JoinGame', [game.id])));
      await bench.invoke(host, 'StartGame', [game.id]);
    }
  };
  await Promise.all(Array.from({ length: GAME_SETUP_CONCURRENCY }, worker));
  return (performance.now() - started) / 1000;
}

/** The hub's run, on a fresh server of the database at `databaseUrl`. */
async function runHub(databaseUrl: string) {
  const profileDir = process.env.BENCH_HUB_PROFILE
    ? path.join(REPO_ROOT, 'bench', 'results', 'profiles', `hub-${new Date().toISOString().replace(/:/g, '-')}`)
    : null;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const server = await startPortalServer({
    env: hubServerEnv(databaseUrl),
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  let run: ServerRun;
  let product: { productId: string; productVersion: number; name: string };
  let postgresVersion: string;
  const bench = new Bench('hub', server.url.replace(/^http/, 'ws'));
  try {
    const seeded = await seedPlayers(databaseUrl);
    const { tokens } = seeded;
    postgresVersion = seeded.postgresVersion;
    product = await findPlayableVersion(databaseUrl);
    console.log(`Games are created for ${product.name}, version ${product.productVersion} (live)`);
    const connect = await connectRun(bench, server.pid, (index) =>
      bench.openHub(index, server.url, tokens[index] as string),
    );
    const gamesSeconds = await setUpGames(bench, product);
    await sleep(1000);
    const rssWithGamesKb = rssKb(server.pid);
    console.log(
      `  ${bench.games.length} games created, joined and started in ${gamesSeconds.toFixed(1)} s; ` +
        `server RSS ${toMiB(rssWithGamesKb)}`,
    );
    const steady: PhaseResult[] = [];
    for (const intervalMs of STEADY_INTERVALS_MS) steady.push(await bench.runPhase(intervalMs, server.pid));
    const closedLoop = await bench.runPhase(null, server.pid);
    run = {
      name: 'game hub (SignalR)',
      pid: server.pid,
      connect,
      games: bench.games.length,
      gamesSeconds,
      rssWithGamesKb,
      steady,
      closedLoop,
      heldAtEnd: bench.heldOpen(),
      droppedDuringRun: bench.dropped,
      firstDropReason: bench.firstDropReason,
    };
  } finally {
    bench.isClosing = true;
    await server.stop();
    await bench.closeAll();
  }
  return { run, product, postgresVersion, profileDir };
}

async function runRaw(): Promise<ServerRun> {
  const server = await startBareServer(BARE_WS_SCRIPT, () => ({}));
  console.log(`Raw ws server up at ${server.url} (pid ${server.pid})`);
  const bench = new Bench('raw', server.url.replace(/^http/, 'ws'));
  try {
    const connect = await connectRun(bench, server.pid, (index) => bench.openRaw(index));
    bench.formGames((g) => String(g));
    const steady: PhaseResult[] = [];
    for (const intervalMs of STEADY_INTERVALS_MS) steady.push(await bench.runPhase(intervalMs, server.pid));
    const closedLoop = await bench.runPhase(null, server.pid);
    return {
      name: 'raw ws',
      pid: server.pid,
      connect,
      games: bench.games.length,
      gamesSeconds: null,
      rssWithGamesKb: null,
      steady,
      closedLoop,
      heldAtEnd: bench.heldOpen(),
      droppedDuringRun: bench.dropped,
      firstDropReason: bench.firstDropReason,
    };
  } finally {
    await bench.closeAll();
    await server.close();
  }
}

/** Where the hub's time went during the closed loop's window: self time by owner and by function. */
function readProfile(profileDir: string, window: { startUs: number; endUs: number }): HubProfile {
  const name = readdirSync(profileDir).find((file) => file.endsWith('.cpuprofile'));
  if (!name) throw new Error(`no profile was written to ${profileDir}`);
  const file = path.relative(REPO_ROOT, path.join(profileDir, name));
  const summary = summarize(JSON.parse(readFileSync(path.join(profileDir, name), 'utf8')) as CpuProfile, window);
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
  const database = await createBenchDatabase('portal_hub');
  console.log(`Created database ${database.name}`);
  let hubRun: Awaited<ReturnType<typeof runHub>>;
  try {
    hubRun = await runHub(database.url);
  } finally {
    await database.drop();
    console.log(`Dropped database ${database.name}`);
  }
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

const toMiB = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;
const formatMs = (ms: number) => `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms`;
const formatRate = (perSecond: number) => Math.round(perSecond).toLocaleString('en');
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
      toMiB(run.connect.rssBeforeKb),
      toMiB(run.connect.rssAfterKb),
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
        `RSS with them ${toMiB(hub.rssWithGamesKb ?? 0)}.`,
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

async function main(): Promise<void> {
  printHub(await measureHub());
}

if (isEntryPoint(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
