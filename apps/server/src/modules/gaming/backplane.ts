import { randomUUID } from 'node:crypto';
import type { ConsoleMessage } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type GameActionOutcome, type GameCaller, type GameDelivery, refuse } from './registry.ts';

/**
 * The realtime hub across several nodes, over Redis, the way SignalR's Redis backplane carries a hub: a game lives on
 * the node that created it, and a player connected to another node reaches it through that node. Each node listens on
 * a channel of its own; an invocation on a game held elsewhere is sent to the game's node, which runs it on its
 * registry and sends the result back, and every event goes to the nodes of the connections it names. Connection ids
 * carry their node (`<node>/<connection>`), so an event finds its way without a lookup. A node that stops beating
 * (SIGKILL, a lost machine) loses its games: the players elsewhere who were in them get a close they can reconnect
 * after, and the games answer as ended. What every node must act on at once (sessions that ended, a tester taken off a
 * whitelist) is published on a channel they all listen on.
 */

/** How often a node says it is alive, and how long its word lasts. */
const HEARTBEAT_MS = 1000;
const HEARTBEAT_TTL_MS = 3500;
/** How long an invocation waits for the game's node before it is answered as failed. */
const REMOTE_TIMEOUT_MS = 5000;
/** How long a game's location is kept: a game lasts at most a day. */
const GAME_LOCATION_TTL_S = 25 * 60 * 60;
/** Game locations a node remembers (a game never moves): past this, the oldest are asked of Redis again. */
const MAX_REMEMBERED_LOCATIONS = 50_000;
export const GAME_NODE_LOST = 'The game server that held your game stopped: your games there have ended.';

/**
 * What every node hears at once, whoever holds the connections or games concerned: sessions that ended (their
 * connections close) and a tester taken off a partner's whitelist (they leave that partner's testing games).
 */
export type HubNotice =
  | { kind: 'sessionsEnded'; sessionIds: string[] }
  | { kind: 'testerRemoved'; ownerId: string; testerId: string }
  | { kind: 'membershipChanged'; userId: string };

type Message =
  | { kind: 'invoke'; id: string; from: string; caller: GameCaller; action: string; args: unknown[] }
  | { kind: 'result'; id: string; result: ConsoleMessage }
  | { kind: 'events'; to: string[]; event: ConsoleMessage }
  | { kind: 'disconnect'; connectionId: string }
  | { kind: 'notice'; from: string; notice: HubNotice };

export interface BackplaneDeps {
  redis: Redis;
  prefix: string;
  /** Runs an action on this node's registry (or its synthetic players). */
  runLocal(action: string, caller: GameCaller, args: unknown[]): Promise<GameActionOutcome>;
  /** A connection of another node is gone: it leaves this node's games. Answers the events. */
  disconnectLocal(connectionId: string): GameDelivery[];
  /** Pushes an event to connections of this node. */
  sendLocal(connectionIds: string[], event: ConsoleMessage): void;
  /** Closes a connection of this node with a close its client reconnects after. */
  closeLocal(connectionId: string, reason: string): void;
  /** Acts on this node on a notice another node announced. */
  hearNotice(notice: HubNotice): void;
  log: FastifyBaseLogger;
}

export interface Backplane {
  readonly nodeId: string;
  /** The id a connection of this node goes by on every node. */
  globalId(localId: string): string;
  /** Runs an action wherever its game lives; events are delivered, the result answered. */
  invoke(action: string, caller: GameCaller, args: unknown[]): Promise<GameActionOutcome>;
  /** Delivers events to their connections, on this node or another. */
  deliver(deliveries: GameDelivery[]): void;
  /** A connection of this node is gone: the nodes holding its games hear so. */
  disconnect(connectionId: string): void;
  /** Tells every other node (this one has acted already); it arrives within a Redis round trip. */
  announce(notice: HubNotice): void;
  close(): Promise<void>;
}

const nodeOf = (connectionId: string) => {
  const slash = connectionId.indexOf('/');
  return slash > 0 ? connectionId.slice(0, slash) : undefined;
};

const gameIdOf = (args: unknown[]) => (typeof args[0] === 'string' ? args[0] : undefined);

/** Actions that make a game on the node they are invoked on, and those that act on every game of the caller. */
const CREATES_GAME = 'CreateGame';
const ON_EVERY_GAME = 'LeaveAllGame';

export async function startBackplane(deps: BackplaneDeps): Promise<Backplane> {
  const { redis, prefix, log } = deps;
  const nodeId = randomUUID().slice(0, 12);
  const channel = (node: string) => `${prefix}:hub:${node}`;
  const everyNode = `${prefix}:hub-all`;
  const heartbeatKey = (node: string) => `${prefix}:hub-node:${node}`;
  const gameKey = (gameId: string) => `${prefix}:hub-game:${gameId}`;
  const subscriber = redis.duplicate();
  const pending = new Map<string, { resolve: (result: ConsoleMessage) => void; timer: NodeJS.Timeout }>();
  /** The other nodes each local connection has played on, so they hear when it goes (and it when they go). */
  const touched = new Map<string, Set<string>>();
  let isClosed = false;
  /** Where games live, as this node has learnt it: one Redis read per game rather than per invocation. */
  const locations = new Map<string, string>();
  const learn = (gameId: string, node: string) => {
    locations.set(gameId, node);
    if (locations.size > MAX_REMEMBERED_LOCATIONS) {
      const oldest = locations.keys().next().value;
      if (oldest !== undefined) locations.delete(oldest);
    }
  };
  async function locate(gameId: string): Promise<string | undefined> {
    const known = locations.get(gameId);
    if (known !== undefined) return known;
    const node = await redis.get(gameKey(gameId));
    if (node !== null) learn(gameId, node);
    return node ?? undefined;
  }

  const publishOn = (to: string, message: Message) =>
    redis.publish(to, JSON.stringify(message)).catch((err: unknown) => {
      log.warn({ err, channel: to }, 'hub backplane publish failed');
    });
  const publish = (node: string, message: Message) => publishOn(channel(node), message);

  function deliver(deliveries: GameDelivery[]) {
    for (const { to, event } of deliveries) {
      const byNode = new Map<string, string[]>();
      for (const id of to) {
        const node = nodeOf(id) ?? nodeId;
        byNode.set(node, [...(byNode.get(node) ?? []), id]);
      }
      for (const [node, ids] of byNode) {
        if (node === nodeId) deps.sendLocal(ids, event);
        else void publish(node, { kind: 'events', to: ids, event });
      }
    }
  }

  async function runHere(action: string, caller: GameCaller, args: unknown[]) {
    const outcome = await deps.runLocal(action, caller, args);
    if (action === CREATES_GAME && outcome.result.succeeded) {
      const created = JSON.parse(outcome.result.jsonData ?? '{}') as { id?: string };
      if (created.id) {
        learn(created.id, nodeId);
        await redis.set(gameKey(created.id), nodeId, 'EX', GAME_LOCATION_TTL_S);
      }
    }
    return outcome;
  }

  function remember(connectionId: string, node: string) {
    let nodes = touched.get(connectionId);
    if (!nodes) {
      nodes = new Set();
      touched.set(connectionId, nodes);
    }
    nodes.add(node);
  }

  function runThere(node: string, action: string, caller: GameCaller, args: unknown[]): Promise<ConsoleMessage> {
    const id = randomUUID();
    remember(caller.connectionId, node);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve(refuse('GameEnded', GAME_NODE_LOST).result);
      }, REMOTE_TIMEOUT_MS);
      pending.set(id, { resolve, timer });
      void publish(node, { kind: 'invoke', id, from: nodeId, caller, action, args });
    });
  }

  const isAlive = async (node: string) => (await redis.exists(heartbeatKey(node))) === 1;

  async function invoke(action: string, caller: GameCaller, args: unknown[]): Promise<GameActionOutcome> {
    if (action === ON_EVERY_GAME) {
      const here = await runHere(action, caller, args);
      const elsewhere = await Promise.all(
        [...(touched.get(caller.connectionId) ?? [])].map((node) => runThere(node, action, caller, args)),
      );
      const gameIds = [here.result, ...elsewhere].flatMap((result) =>
        result.succeeded ? ((JSON.parse(result.jsonData ?? '{}') as { gameIds?: string[] }).gameIds ?? []) : [],
      );
      return here.result.succeeded
        ? { result: { ...here.result, jsonData: JSON.stringify({ gameIds }) }, events: here.events }
        : here;
    }
    const gameId = action === CREATES_GAME ? undefined : gameIdOf(args);
    const node = gameId === undefined ? undefined : await locate(gameId);
    if (node === undefined || node === nodeId) return runHere(action, caller, args);
    if (!(await isAlive(node))) return refuse('GameEnded', GAME_NODE_LOST);
    return { result: await runThere(node, action, caller, args), events: [] };
  }

  async function hear(raw: string) {
    let message: Message;
    try {
      message = JSON.parse(raw) as Message;
    } catch {
      return;
    }
    switch (message.kind) {
      case 'invoke': {
        const outcome = await runHere(message.action, message.caller, message.args);
        // the result first, then the events, as on one node: Redis keeps one publisher's messages in order
        await publish(message.from, { kind: 'result', id: message.id, result: outcome.result });
        deliver(outcome.events);
        return;
      }
      case 'result': {
        const waiting = pending.get(message.id);
        if (!waiting) return;
        pending.delete(message.id);
        clearTimeout(waiting.timer);
        waiting.resolve(message.result);
        return;
      }
      case 'events':
        deps.sendLocal(message.to, message.event);
        return;
      case 'disconnect':
        deliver(deps.disconnectLocal(message.connectionId));
        return;
      case 'notice':
        if (message.from !== nodeId) deps.hearNotice(message.notice);
        return;
    }
  }

  subscriber.on('message', (_channel: string, raw: string) => {
    hear(raw).catch((err: unknown) => log.error({ err }, 'hub backplane message failed'));
  });
  await subscriber.connect();
  await subscriber.subscribe(channel(nodeId), everyNode);

  /** Connections that played on a node that stopped beating get a close they can reconnect after. */
  async function watch() {
    const nodes = new Set<string>();
    for (const set of touched.values()) for (const node of set) nodes.add(node);
    if (nodes.size === 0) return;
    const list = [...nodes];
    const alive = await redis.mget(list.map(heartbeatKey));
    const lost = new Set(list.filter((_node, index) => alive[index] === null));
    if (lost.size === 0) return;
    for (const [connectionId, set] of touched) {
      if ([...set].some((node) => lost.has(node))) {
        for (const node of lost) set.delete(node);
        deps.closeLocal(connectionId, GAME_NODE_LOST);
      }
    }
  }

  const beat = async () => {
    await redis.set(heartbeatKey(nodeId), '1', 'PX', HEARTBEAT_TTL_MS);
    await watch();
  };
  await beat();
  const heartbeat = setInterval(() => {
    beat().catch((err: unknown) => log.warn({ err }, 'hub backplane heartbeat failed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    nodeId,
    globalId: (localId) => `${nodeId}/${localId}`,
    invoke,
    deliver,
    announce(notice) {
      void publishOn(everyNode, { kind: 'notice', from: nodeId, notice });
    },
    disconnect(connectionId) {
      const nodes = touched.get(connectionId);
      touched.delete(connectionId);
      for (const node of nodes ?? []) void publish(node, { kind: 'disconnect', connectionId });
    },
    async close() {
      if (isClosed) return;
      isClosed = true;
      clearInterval(heartbeat);
      for (const waiting of pending.values()) clearTimeout(waiting.timer);
      pending.clear();
      await redis.del(heartbeatKey(nodeId)).catch(() => {});
      subscriber.disconnect();
    },
  };
}
