import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../testing/test-app.ts';
import { createRateLimits, type RateLimits, takeAll } from './rate-limits.ts';

const HOUR = 60 * 60_000;

type Store = { name: string; open(): RateLimits; close?(): Promise<void> };

const stores: Store[] = [{ name: 'memory', open: () => createRateLimits() }];
const redisClients: Redis[] = [];
const keyPrefix = `portal-test:${randomBytes(4).toString('hex')}`;
if (testRedisUrl) {
  const url = testRedisUrl;
  stores.push({
    name: 'redis',
    // each call is another node: its own connection, the same counters
    open: () => {
      const redis = new Redis(url);
      redisClients.push(redis);
      return createRateLimits({ redis, keyPrefix });
    },
  });
} else {
  describe.skip('rate limits [redis] (skipped: TEST_REDIS_URL is not set)', () => {});
}

afterAll(async () => {
  for (const redis of redisClients) {
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
});

describe.each(stores)('rate limits [$name]', (store) => {
  let limits: RateLimits;
  beforeAll(() => {
    limits = store.open();
  });
  const fresh = (points: number) => limits.create(`t-${randomBytes(4).toString('hex')}`, points, HOUR);

  it('lets a key through up to its limit, then answers the seconds to wait', async () => {
    const limit = fresh(3);
    expect([await limit.take('a'), await limit.take('a'), await limit.take('a')]).toEqual([0, 0, 0]);
    const wait = await limit.take('a');
    expect(wait).toBeGreaterThan(3590);
    expect(wait).toBeLessThanOrEqual(3600);
    // another key counts apart
    expect(await limit.take('b')).toBe(0);
  });

  it('gives a refused hit back, so refusals do not pile up; a refund and a reset free places', async () => {
    const limit = fresh(2);
    await limit.take('a');
    await limit.take('a');
    for (let i = 0; i < 5; i++) expect(await limit.take('a')).toBeGreaterThan(0);
    await limit.refund('a');
    expect(await limit.take('a')).toBe(0);
    expect(await limit.take('a')).toBeGreaterThan(0);
    await limit.reset('a');
    expect(await limit.take('a')).toBe(0);
    // a refund of a key never counted changes nothing
    await limit.refund('never');
    expect([await limit.take('never'), await limit.take('never'), await limit.take('never')]).toEqual([0, 0, 3600]);
  });

  it('counts on every limit or on none', async () => {
    const wide = fresh(10);
    const narrow = fresh(1);
    expect(await takeAll([wide, 'k'], [narrow, 'k'])).toBe(0);
    expect(await takeAll([wide, 'k'], [narrow, 'k'])).toBeGreaterThan(0);
    // the refused attempt gave its hit on the wide limit back: 9 more pass, not 8
    for (let i = 0; i < 9; i++) expect(await wide.take('k')).toBe(0);
    expect(await wide.take('k')).toBeGreaterThan(0);
  });

  it('never lets more through than the limit, however many ask at once', async () => {
    const limit = fresh(10);
    const waits = await Promise.all(Array.from({ length: 60 }, () => limit.take('rush')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
  });
});

if (testRedisUrl) {
  const url = testRedisUrl;
  describe('rate limits across nodes [redis]', () => {
    it('count the hits of every node together', async () => {
      const clients = [new Redis(url), new Redis(url)];
      redisClients.push(...clients);
      const [nodeA, nodeB] = clients.map((redis) => createRateLimits({ redis, keyPrefix }).create('shared', 4, HOUR));
      if (!nodeA || !nodeB) throw new Error('two nodes expected');
      const waits = await Promise.all([
        ...Array.from({ length: 5 }, () => nodeA.take('partner')),
        ...Array.from({ length: 5 }, () => nodeB.take('partner')),
      ]);
      expect(waits.filter((wait) => wait === 0)).toHaveLength(4);
      await nodeA.reset('partner');
      expect(await nodeB.take('partner')).toBe(0);
    });
  });
}
