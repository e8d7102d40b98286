import { randomUUID } from 'node:crypto';
import { ANALYTICS_LIVE_EVERY_MS, type AnalyticsLive, type PlayAudience } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** A node's counts are read while it told them this recently: three ticks, so that one late tick drops nothing. */
const LIVE_FRESH_MS = 3 * ANALYTICS_LIVE_EVERY_MS;

export interface LiveCountsDeps {
  /** Where the nodes tell each other their counts; none: this node's alone (one node). */
  redis: Redis | undefined;
  prefix: string;
  log: FastifyBaseLogger;
  /** The studio of each of these games (a game that is no more is absent). */
  ownersOf: (itemIds: string[]) => Promise<Map<string, string>>;
  /** Who a person is to a studio's figures; one answer of a question asked twice in a tick. */
  audiences: () => (ownerId: string, userId: string) => Promise<PlayAudience>;
  now?: () => number;
}

/** What a node tells of a studio: when, and its players now per game. */
interface NodeCounts {
  at: number;
  items: Record<string, number>;
}

/**
 * Players online now per game, counted across every node: each node's game host tells its own (`report`, every
 * ANALYTICS_LIVE_EVERY_MS) as public players per game per studio, members and testers left out; this node keeps them,
 * and with Redis writes each studio's into one hash, a field per node, that every node reads (`countsOf`). A node
 * that stops telling is left out LIVE_FRESH_MS later.
 */
export function createLiveCounts(deps: LiveCountsDeps) {
  const { redis, log } = deps;
  const now = deps.now ?? Date.now;
  const nodeId = randomUUID();
  const keyOf = (ownerId: string) => `${deps.prefix}:analytics:live:${ownerId}`;
  /** This node's counts by studio, as last told. */
  let local = new Map<string, Record<string, number>>();
  let failing = false;

  /** This node's players now (the registry's `playersNow`): counted by studio and game, then told. */
  async function report(playersNow: Map<string, string[]>): Promise<void> {
    const owners = await deps.ownersOf([...playersNow.keys()]);
    const audienceOf = deps.audiences();
    const counted = new Map<string, Record<string, number>>();
    for (const [itemId, userIds] of playersNow) {
      const ownerId = owners.get(itemId);
      if (!ownerId) continue;
      const kinds = await Promise.all(userIds.map((userId) => audienceOf(ownerId, userId)));
      const players = kinds.filter((kind) => kind === 'public').length;
      if (players === 0) continue;
      const items = counted.get(ownerId) ?? {};
      items[itemId] = (items[itemId] ?? 0) + players;
      counted.set(ownerId, items);
    }
    const gone = [...local.keys()].filter((ownerId) => !counted.has(ownerId));
    local = counted;
    if (!redis) return;
    const at = now();
    const pipeline = redis.pipeline();
    for (const [ownerId, items] of counted) {
      pipeline.hset(keyOf(ownerId), nodeId, JSON.stringify({ at, items } satisfies NodeCounts));
      pipeline.pexpire(keyOf(ownerId), LIVE_FRESH_MS);
    }
    for (const ownerId of gone) pipeline.hdel(keyOf(ownerId), nodeId);
    try {
      await pipeline.exec();
      failing = false;
    } catch (err) {
      if (!failing) log.warn({ err }, 'live player counts could not be told to the other nodes');
      failing = true;
    }
  }

  /** A studio's players now per game, every node's together, the most played first. */
  async function countsOf(ownerId: string): Promise<AnalyticsLive> {
    const sums = new Map<string, number>();
    const add = (items: Record<string, number>) => {
      for (const [itemId, players] of Object.entries(items)) sums.set(itemId, (sums.get(itemId) ?? 0) + players);
    };
    if (redis) {
      const fields = await redis.hgetall(keyOf(ownerId));
      const since = now() - LIVE_FRESH_MS;
      for (const value of Object.values(fields)) {
        const told = JSON.parse(value) as NodeCounts;
        if (told.at >= since) add(told.items);
      }
    } else {
      add(local.get(ownerId) ?? {});
    }
    const items = [...sums]
      .map(([itemId, players]) => ({ itemId, players }))
      .sort((a, b) => b.players - a.players || a.itemId.localeCompare(b.itemId));
    return { at: new Date(now()).toISOString(), players: items.reduce((sum, item) => sum + item.players, 0), items };
  }

  /** This node stops: its counts leave the other nodes' sums at once. */
  async function close(): Promise<void> {
    if (!redis || local.size === 0) return;
    const pipeline = redis.pipeline();
    for (const ownerId of local.keys()) pipeline.hdel(keyOf(ownerId), nodeId);
    local = new Map();
    await pipeline.exec().catch(() => undefined);
  }

  return { report, countsOf, close };
}

export type LiveCounts = ReturnType<typeof createLiveCounts>;
