import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { as, createTestApp, describeWithRedis, dropRedisKeys, type TestApp, useTestApp } from '../testing/index.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;

it('turns the caches off in multi-node mode: a write on one node could not drop another node’s entries', () => {
  const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1/test', CACHE_SECONDS: '30' };
  expect(loadConfig(env).cacheSeconds).toBe(30);
  expect(loadConfig({ ...env, REDIS_URL: 'redis://127.0.0.1:6379' }).cacheSeconds).toBe(0);
});

it('refuses REDIS_URL without DATABASE_URL, and a URL that is not Redis', () => {
  expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(ConfigError);
  expect(() =>
    loadConfig({ REDIS_URL: 'http://127.0.0.1:6379', DATABASE_URL: 'postgres://postgres@127.0.0.1/test' }),
  ).toThrow(/REDIS_URL: must start with redis:\/\/ or rediss:\/\//);
});

describeWithRedis('multi-node mode: two nodes on one Redis', (redisUrl) => {
  const prefix = `portal-test-${randomBytes(4).toString('hex')}`;
  // registered before the nodes: runs once they are closed
  afterAll(() => dropRedisKeys(redisUrl, `${prefix}:`));
  const env = {
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    // the nodes are given their databases; multi-node mode only asks that PostgreSQL be configured
    DATABASE_URL: postgresUrl ?? 'postgres://postgres@127.0.0.1:5432/test',
    RATE_LIMIT_LOGIN_PER_EMAIL: '4',
  };
  const nodes = [useTestApp('pglite', env), useTestApp('pglite', env)];

  it('counts failed logins on both nodes together, with the same Retry-After', async () => {
    const email = `guess-${randomBytes(4).toString('hex')}@example.com`;
    const login = (node: TestApp | undefined) =>
      node && as(node.app).post('/api/Access/Login', { email, password: 'Wrong-password1' });
    const answers = [];
    for (const node of [nodes[0], nodes[1], nodes[0], nodes[1]]) answers.push((await login(node))?.statusCode);
    expect(answers).toEqual([400, 400, 400, 400]);
    for (const node of nodes) {
      const refused = await login(node);
      expect(refused?.statusCode).toBe(429);
      expect(refused?.json()).toMatchObject({ errorCode: 'RateLimited' });
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(15 * 60 - 10);
    }
  });

  it('counts a route limit (ten enquiries an hour) on both nodes together', async () => {
    const enquire = (node: TestApp | undefined) =>
      node &&
      as(node.app).post('/api/ContactUs', {
        name: 'Ada',
        email: 'ada@example.com',
        description: 'We would like to partner.',
      });
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await enquire(nodes[i % 2]))?.statusCode);
    expect(answers).toEqual(Array(10).fill(200));
    for (const node of nodes) {
      const refused = await enquire(node);
      expect(refused?.statusCode).toBe(429);
      expect(refused?.json()).toMatchObject({ errorCode: 'RateLimited' });
    }
  });

  it('reports Redis in its health', async () => {
    const health = nodes[0] && (await as(nodes[0].app).get('/healthz'));
    expect(health?.json()).toEqual({ status: 'ok', database: 'pglite', redis: 'ok', storage: 'disk' });
  });
});

describeWithRedis('multi-node mode when Redis goes away', (redisUrl) => {
  it('refuses a login with 503 rather than letting it through uncounted', async () => {
    const node = await createTestApp('pglite', {
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `portal-test-${randomBytes(4).toString('hex')}`,
      DATABASE_URL: postgresUrl ?? 'postgres://postgres@127.0.0.1:5432/test',
    });
    try {
      // this node's connection ends, as a Redis that went away leaves it
      node.app.redis?.disconnect();
      const login = await as(node.app).post('/api/Access/Login', {
        email: 'someone@example.com',
        password: 'Wrong-password1',
      });
      expect(login.statusCode).toBe(503);
      expect(login.json()).toMatchObject({ errorCode: 'ServiceUnavailable' });
      expect((await as(node.app).get('/healthz')).statusCode).toBe(503);
    } finally {
      await node.close();
    }
  });
});
