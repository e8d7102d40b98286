import { randomUUID } from 'node:crypto';
import {
  ANALYTICS_LIVE_EVERY_MS,
  type AnalyticsLive,
  type GameInfo,
  type PlayAudience,
  STUDIO_HEADER,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, expect, it, vi } from 'vitest';
import { playAction, useGameHub } from '../../testing/game-clients.ts';
import {
  addMember,
  as,
  createProduct,
  describeEachDatabase,
  describeWithRedis,
  dropRedisKeys,
  registerPartner,
  releaseFirstVersion,
  useAdminAndPartner,
} from '../../testing/index.ts';
import { createLiveCounts } from './live.ts';

const silentLog = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

/** Reads a Server-Sent Events answer: each `event: live` message's data, as it comes; and whether the stream ended. */
function liveMessages(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    /** The next message, or undefined once the stream has ended. */
    async next(): Promise<AnalyticsLive | undefined> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = message.split('\n').find((line) => line.startsWith('data: '));
          expect(message.split('\n')[0]).toBe('event: live');
          return JSON.parse((data ?? '').slice('data: '.length)) as AnalyticsLive;
        }
        const { done, value } = await reader.read();
        if (done) return undefined;
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describeEachDatabase('play analytics: the players online now, as Server-Sent Events', (variant) => {
  // many people register from one address here
  const { t, admin, partner } = useAdminAndPartner(variant, {
    RATE_LIMIT_CODES_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
  });
  const hub = useGameHub(t);
  const live = (caller?: { accessToken: string; studioId: string }, signal?: AbortSignal) =>
    fetch(`${hub.origin}/api/Analytics/Live`, {
      ...(caller
        ? { headers: { authorization: `Bearer ${caller.accessToken}`, [STUDIO_HEADER]: caller.studioId } }
        : {}),
      ...(signal ? { signal } : {}),
    });

  it("tells the studio's public players per game every few seconds, members left out, and ends when the session does", async () => {
    const game = await createProduct(t.app, partner.accessToken, { name: 'Live Tag' });
    await releaseFirstVersion(t.app, { partner: partner.accessToken, admin: admin.accessToken }, 'Product', game.id);
    const watcher = await addMember(t.app, partner, 'Marketing');
    const response = await live(watcher);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    const messages = liveMessages(response.body as ReadableStream<Uint8Array>);
    expect(await messages.next()).toMatchObject({ players: 0, items: [] });

    // two players and a member of the studio in a game on the game host, and a bot: two count
    const people = [
      await registerPartner(t.app),
      await registerPartner(t.app),
      await addMember(t.app, partner, 'Developer'),
    ];
    const [host, ...others] = await Promise.all(
      people.map(async (person) => hub.connect(await hub.token(person.email, person.password))),
    );
    if (!host) throw new Error('no host');
    const created = await playAction(host, 'CreateGame', 'anchor', { ProductId: game.id, ProductVersion: 1 });
    const gameId = (JSON.parse(created.jsonData ?? '{}') as GameInfo).id;
    for (const player of others)
      expect(await playAction(player, 'JoinGame', gameId)).toMatchObject({ succeeded: true });
    expect(await playAction(host, 'AddSyntheticPlayers', gameId, 1, 'win')).toMatchObject({ succeeded: true });
    let told = await messages.next();
    // the game host tells its players every few seconds: at most two messages go by before they show
    for (let n = 0; n < 2 && told?.players === 0; n++) told = await messages.next();
    expect(told).toMatchObject({ players: 2, items: [{ itemId: game.id, name: 'Live Tag', players: 2 }] });

    // the watcher's session ends: the stream ends by the next message's time
    expect((await as(t.app, watcher.accessToken).post('/api/Access/Logout')).statusCode).toBeLessThan(300);
    const started = Date.now();
    let after = await messages.next();
    while (after) after = await messages.next();
    expect(Date.now() - started).toBeLessThan(3 * ANALYTICS_LIVE_EVERY_MS);
  }, 60_000);

  it("asks the games' names once a tick for all the studio's streams, and ends a member's stream when they are removed", async () => {
    const game = await createProduct(t.app, partner.accessToken, { name: 'Live Names' });
    await releaseFirstVersion(t.app, { partner: partner.accessToken, admin: admin.accessToken }, 'Product', game.id);
    const [one, two] = [await addMember(t.app, partner, 'Marketing'), await addMember(t.app, partner, 'Finance')];
    const player = await registerPartner(t.app);
    const host = await hub.connect(await hub.token(player.email, player.password));
    await playAction(host, 'CreateGame', 'anchor', { ProductId: game.id, ProductVersion: 1 });
    const [first, second] = await Promise.all([live(one), live(two)]);
    const watching = liveMessages(first?.body as ReadableStream<Uint8Array>);
    const removed = liveMessages(second?.body as ReadableStream<Uint8Array>);
    // (the game of the test before may still be playing in the studio)
    const named = (told: AnalyticsLive | undefined) => told?.items.find((item) => item.itemId === game.id);
    let told = await watching.next();
    for (let n = 0; n < 3 && !named(told); n++) told = await watching.next();
    expect(named(told)).toEqual({ itemId: game.id, name: 'Live Names', players: 1 });

    // two ticks of two streams: the names asked once a tick (one more where a tick's edge falls between), not
    // once a stream and a tick
    const asked = vi.spyOn(t.app.services.catalog, 'summarizeItems');
    try {
      for (let n = 0; n < 2; n++) expect(named(await watching.next())).toMatchObject({ name: 'Live Names' });
      expect(asked.mock.calls.filter(([, ids]) => ids.includes(game.id)).length).toBeLessThanOrEqual(3);
    } finally {
      asked.mockRestore();
    }

    // the second member is removed from the studio: their stream ends by the next message's time
    const gone = await as(t.app, partner.accessToken).delete(`/api/Team/Members/${two.userId}`);
    expect(gone.statusCode, gone.body).toBe(204);
    const started = Date.now();
    let after = await removed.next();
    while (after) after = await removed.next();
    expect(Date.now() - started).toBeLessThan(3 * ANALYTICS_LIVE_EVERY_MS);
    // the first one's goes on
    expect(named(await watching.next())).toMatchObject({ players: 1 });
    await as(t.app, one.accessToken).post('/api/Access/Logout');
    while (await watching.next());
  }, 60_000);

  it('refuses a caller without a session, with the API error', async () => {
    const response = await live();
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ errorCode: 'Unauthorized', message: expect.any(String) });
  });
});

describeWithRedis('play analytics: the players online now, counted across nodes', (redisUrl) => {
  const prefix = `live-test-${randomUUID().slice(0, 8)}`;
  const redis = new Redis(redisUrl);
  afterAll(async () => {
    await dropRedisKeys(redisUrl, prefix);
    redis.disconnect();
  });

  const ownerId = randomUUID();
  const gameA = randomUUID();
  const gameB = randomUUID();
  const tester = randomUUID();
  const node = (now: () => number = Date.now) =>
    createLiveCounts({
      redis,
      prefix,
      log: silentLog,
      ownersOf: async () =>
        new Map([
          [gameA, ownerId],
          [gameB, ownerId],
        ]),
      audiences:
        () =>
        async (_owner: string, userId: string): Promise<PlayAudience> =>
          userId === tester ? 'testing' : 'public',
      now,
    });

  it("sums every node's players, leaves out a node gone quiet and one that stopped, and never counts a tester", async () => {
    const one = node();
    const two = node();
    await one.report(new Map([[gameA, [randomUUID(), randomUUID(), tester]]]));
    await two.report(
      new Map([
        [gameA, [randomUUID()]],
        [gameB, [randomUUID(), randomUUID(), randomUUID()]],
      ]),
    );
    const counts = await one.countsOf(ownerId);
    expect(counts.players).toBe(6);
    // as many players each: in the order of their ids
    expect(counts.items).toEqual(
      [
        { itemId: gameA, players: 3 },
        { itemId: gameB, players: 3 },
      ].sort((a, b) => a.itemId.localeCompare(b.itemId)),
    );
    expect(await two.countsOf(ownerId)).toMatchObject({ players: 6 });

    // a node that last told long ago is left out
    const quiet = node(() => Date.now() - 10 * ANALYTICS_LIVE_EVERY_MS);
    await quiet.report(new Map([[gameB, [randomUUID()]]]));
    expect((await one.countsOf(ownerId)).players).toBe(6);

    // a node whose games emptied, and one that stopped, tell nothing more
    await one.report(new Map());
    expect((await two.countsOf(ownerId)).items).toEqual([
      { itemId: gameB, players: 3 },
      { itemId: gameA, players: 1 },
    ]);
    await two.close();
    expect(await one.countsOf(ownerId)).toMatchObject({ players: 0, items: [] });
  });
});
