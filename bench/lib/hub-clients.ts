/**
 * The realtime hub's clients (`bench/hub.ts`, `multi-node.ts` and `compare-refs.ts`): SignalR clients from this
 * process, one `ws` socket each, as the official client speaks the JSON protocol in a browser (negotiate with a
 * bearer token, the WebSocket, the handshake, a ping after 10 s of silence), or raw clients of the bare `ws` server;
 * games of 8 whose players fan messages out, in steady phases (each game sends on a schedule) or a closed loop (one
 * message in flight per game), with the fan-out latency, messages per second and the CPU of each side.
 */
import { performance } from 'node:perf_hooks';
import { ACTIONS_PER_SECOND, type ConsoleMessage } from '@portal/contracts';
import { type RawData, WebSocket } from 'ws';
import { formatFineMs } from './format.ts';
import { inTransaction, readServerVersion, withClient } from './postgres.ts';
import { CpuMeter, LoopDelayMeter, MachineCpuMeter } from './proc-stats.ts';
import { DURATION_SECONDS, WARMUP_SECONDS } from './runs.ts';
import { insertSessions, seedStudios } from './seed.ts';
import { postgresEnv } from './server.ts';
import { type LatencyMs, Samples } from './stats.ts';
import { sleep } from './time.ts';

export const PLAYERS_PER_GAME = 8;
export const CONNECT_CONCURRENCY = 200;
export const GAME_SETUP_CONCURRENCY = 25;
/** The closed loop never lets one connection send more often than this: 10% under the hub's action limit. */
export const MIN_SEND_SPACING_MS = (1000 / ACTIONS_PER_SECOND) * 1.1;

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
/** The hub's server: production mode, the demo data, no jobs; one node unless REDIS_URL is set over it. */
export const hubServerEnv = (databaseUrl: string) =>
  postgresEnv(databaseUrl, {
    SEED_DEMO: 'true',
    JOBS: 'false',
    // one process: no Redis backplane (an inherited REDIS_URL would put every game behind it), no shutdown drain
    REDIS_URL: '',
    SHUTDOWN_DRAIN_SECONDS: '0',
  });

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

/** A phase without refusals or missing deliveries: one that may meet a target. */
export const phaseValid = (phase: PhaseResult) => phase.missing === 0 && Object.keys(phase.refused).length === 0;

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

export interface ConnectResult {
  opened: number;
  failed: number;
  firstError: string | null;
  seconds: number;
}

// the clients

type Kind = 'hub' | 'raw';
type Mode = 'idle' | 'steady' | 'closed';

export class Client {
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

export interface Game {
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

/** The clients of one run against one server (or, for the hub, several nodes of it): the hub or the raw one. */
export class Players {
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

  /** Opens `count` clients, CONNECT_CONCURRENCY at a time, saying so (after `label`, when given) before and after. */
  async connectAll(count: number, open: (index: number) => Promise<Client>, label = ''): Promise<ConnectResult> {
    console.log(
      `${label ? `${label}: connecting` : 'Connecting'} ${count.toLocaleString('en')} clients, ` +
        `${CONNECT_CONCURRENCY} at a time`,
    );
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
    console.log(
      `  ${(count - failed).toLocaleString('en')} connected in ${seconds.toFixed(1)} s` +
        (failed > 0 ? `, ${failed} failed (first: ${firstError})` : ''),
    );
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
   * One phase, steady (every game sends every `intervalMs`) or the closed loop (`intervalMs` null): a warm-up (default
   * WARMUP_SECONDS), the measured window (default DURATION_SECONDS), then a drain until every delivery owed has come
   * (or 20 s). `servers`: the server's pid, or each
   * node's; `redisPid`: the Redis the nodes share, when it runs on this machine.
   */
  async runPhase(
    intervalMs: number | null,
    servers: number | number[],
    redisPid: number | null = null,
    { warmupSeconds = WARMUP_SECONDS, seconds: measuredSeconds = DURATION_SECONDS } = {},
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
      `${this.kind === 'hub' ? 'Hub' : 'Raw ws'}, ${name}: ${warmupSeconds} s warm-up, then ${measuredSeconds} s ` +
        `measured, ${this.games.length} games`,
    );
    this.mode = mode;
    for (const game of this.games) {
      if (intervalMs !== null) this.scheduleSteady(game, intervalMs);
      else this.sendClosed(game);
    }
    await sleep(warmupSeconds * 1000);
    const serverMeter = new CpuMeter(() => serverPids);
    const nodeMeters = serverPids.length > 1 ? serverPids.map((pid) => new CpuMeter(() => [pid])) : [];
    const redisMeter = redisPid === null ? null : new CpuMeter(() => [redisPid]);
    const clientMeter = new CpuMeter(() => [process.pid]);
    const machineMeter = new MachineCpuMeter();
    const loopDelay = new LoopDelayMeter();
    this.windowStart = performance.now();
    this.windowEnd = this.windowStart + measuredSeconds * 1000;
    const monotonicStartUs = monotonicUs();
    await sleep(measuredSeconds * 1000);
    const monotonicWindowUs = { startUs: monotonicStartUs, endUs: monotonicUs() };
    const server = serverMeter.read();
    const nodeCores = nodeMeters.map((meter) => meter.read().coreShare);
    const redisCores = redisMeter?.read().coreShare;
    const client = clientMeter.read();
    const machine = machineMeter.readShares();
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
        `p50 ${formatFineMs(result.latencyMs.p50)}, p99 ${formatFineMs(result.latencyMs.p99)}; ` +
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

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

// the players

/** `count` players and one live session each, straight into the tables; answers their bearer tokens in order. */
async function seedPlayers(databaseUrl: string, count: number): Promise<{ tokens: string[]; postgresVersion: string }> {
  return withClient(databaseUrl, async (client) => {
    const started = Date.now();
    const tokens = await inTransaction(client, async () => {
      const { rows } = await client.query<{ id: string; email: string }>(
        `insert into users (email, password_hash, first_name, last_name, registered_address)
         select format('hub-player-%s@players.example', lpad(i::text, 5, '0')),
                'bench-only: this account never signs in with a password',
                'Player', i::text, format('%s Harbour Road, Wan Chai, Hong Kong', i)
         from generate_series(1, $1::int) as i
         returning id, email`,
        [count],
      );
      rows.sort((a, b) => (a.email < b.email ? -1 : 1));
      await seedStudios(client);
      return insertSessions(
        client,
        rows.map((row) => row.id),
      );
    });
    await client.query('vacuum analyze users, sessions');
    console.log(
      `Seeded ${tokens.length.toLocaleString('en')} players with a live session each in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return { tokens, postgresVersion: await readServerVersion(client) };
  });
}

/** The demo data's released game: its live version, which anyone may play. */
function findPlayableVersion(databaseUrl: string): Promise<PlayableVersion> {
  return withClient(databaseUrl, async (client) => {
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
  });
}

/** A released game of the demo data, which anyone may play. */
export interface PlayableVersion {
  productId: string;
  productVersion: number;
  name: string;
}

/**
 * `count` players with a live session each, on a database the demo data was seeded into; answers their tokens and
 * the game their games are created for.
 */
export async function seedHubPlayers(databaseUrl: string, count: number) {
  const { tokens, postgresVersion } = await seedPlayers(databaseUrl, count);
  const product = await findPlayableVersion(databaseUrl);
  console.log(`Games are created for ${product.name}, version ${product.productVersion} (live)`);
  return { tokens, postgresVersion, product };
}

/** Creates, fills and starts every game, GAME_SETUP_CONCURRENCY at a time; answers the seconds it took. */
export async function setUpGames(
  players: Players,
  product: { productId: string; productVersion: number },
): Promise<number> {
  const started = performance.now();
  players.formGames(() => '');
  let next = 0;
  const worker = async () => {
    for (let g = next++; g < players.games.length; g = next++) {
      const game = players.games[g] as Game;
      const [host, ...others] = game.players as [Client, ...Client[]];
      const created = await players.invoke(host, 'CreateGame', [
        `hub-bench-${g}`,
        { ProductId: product.productId, ProductVersion: product.productVersion },
      ]);
      game.id = (JSON.parse(created.jsonData ?? '{}') as { id: string }).id;
      await Promise.all(others.map((player) => players.invoke(player, 'JoinGame', [game.id])));
      await players.invoke(host, 'StartGame', [game.id]);
    }
  };
  await Promise.all(Array.from({ length: GAME_SETUP_CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  console.log(`  ${players.games.length} games created, joined and started in ${seconds.toFixed(1)} s`);
  return seconds;
}
