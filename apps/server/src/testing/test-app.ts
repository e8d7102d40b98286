import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { type Database, poolConfig, wrapPglite, wrapPool } from '../db/client.ts';
import type { LogStream } from '../plugins/logging.ts';
import { prepareDatabase } from '../seed.ts';
import type { TestSeams } from '../services.ts';
import { testConfig } from './config.ts';
import { useBeforeAll } from './suite.ts';

declare module 'vitest' {
  /** What `global-setup.ts` hands every test file: the migrated, seeded PGlite each file starts from a copy of. */
  export interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}

export type DbVariant = 'pglite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export const dbVariants: DbVariant[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

async function openPgliteCopy(): Promise<Database> {
  const template = await readFile(inject('pgliteTemplatePath'));
  const client = await PGlite.create({ loadDataDir: new Blob([template]) });
  return wrapPglite(client);
}

/** A new, empty database on the TEST_DATABASE_URL server: its URL, and `drop` to remove it with its connections. */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** A fresh database on the PostgreSQL server for one test file, dropped when the file ends. */
async function openPostgresDatabase(config: AppConfig): Promise<Database> {
  const scratch = await createScratchDatabase();
  const pool = new pg.Pool(poolConfig(scratch.url, 5));
  const database = wrapPool(pool);
  await prepareDatabase(database, config);
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database of the given kind; with `logStream`, every log line (trace and up) goes there. */
export async function createTestApp(
  variant: DbVariant,
  env: Record<string, string> = {},
  { logStream, ...seams }: { logStream?: LogStream } & TestSeams = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const database = variant === 'pglite' ? await openPgliteCopy() : await openPostgresDatabase(config);
  const logger = logStream ? { level: 'trace', stream: logStream } : false;
  const app = await buildApp(config, { database, logger, seams });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The app of a suite on a fresh database of the given kind, built before the suite's tests (and before the hooks it
 * registers after this call) and closed after them; the same arguments as `createTestApp`, but `env` may be a
 * function, called when the app is built: after the hooks registered before this call, which may start what it names,
 * and before the app, which may need what it writes (a web build).
 */
export function useTestApp(
  variant: DbVariant,
  env: Env | (() => Env | Promise<Env>) = {},
  options: Parameters<typeof createTestApp>[2] = {},
): TestApp {
  return useBeforeAll(async () => createTestApp(variant, await (typeof env === 'function' ? env() : env), options));
}

type Env = Record<string, string>;

/** The Redis of the multi-node tests, when TEST_REDIS_URL names one (`npm test` sets it when 127.0.0.1:6379 answers). */
export const testRedisUrl = process.env.TEST_REDIS_URL;

/** Removes every key a test wrote under `prefix`. */
export async function dropRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** Runs a suite that needs Redis, and says so when it is skipped. */
export function describeWithRedis(name: string, suite: (redisUrl: string) => void) {
  if (testRedisUrl) describe(`${name} [redis]`, () => suite(testRedisUrl));
  else describe.skip(`${name} [redis] (skipped: TEST_REDIS_URL is not set)`, () => {});
}

/** Runs a suite once per database variant, and says so when PostgreSQL is skipped. */
export function describeEachDatabase(name: string, suite: (variant: DbVariant) => void) {
  for (const variant of dbVariants) describe(`${name} [${variant}]`, () => suite(variant));
  if (!postgresUrl) describe.skip(`${name} [postgres] (skipped: TEST_DATABASE_URL is not set)`, () => {});
}
