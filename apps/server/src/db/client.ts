import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { useFastTextArrays } from './text-array.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository runs its queries on: the database, or a transaction of it. */
export type Executor = Db | Tx;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** One open database: embedded PGlite or a PostgreSQL pool, behind the same drizzle API. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Takes the lock named `key` for one job across every process of this database, or answers undefined when another
   * holds it; the answer releases it. On PostgreSQL a session advisory lock on a connection of its own, which a
   * process that dies gives back with its connection; PGlite is one process's database, so a lock in memory.
   */
  tryLock(key: string): Promise<(() => Promise<void>) | undefined>;
  /**
   * Runs `work` holding the lock named `key` across every process of this database, waiting for it when another
   * holds it: nodes starting together migrate one after the other, and the later ones find nothing left to do.
   */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const held = new Set<string>();
  return {
    kind: 'pglite',
    db,
    tryLock: async (key) => {
      if (held.has(key)) return undefined;
      held.add(key);
      return async () => {
        held.delete(key);
      };
    },
    exclusive: (_key, work) => work(),
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export function wrapPool(pool: pg.Pool): Database {
  useFastTextArrays();
  // A connection the server ends (a restart, a failover, a dropped database) errors on its client: a query that
  // was running rejects with it, and the pool drops the client. Unheard, the same error event would end the process,
  // also for a client that is already being closed when the server's notice arrives.
  const ignore = () => {};
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    tryLock: async (key) => {
      const session = await pool.connect();
      try {
        const { rows } = await session.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
          [key],
        );
        if (!rows[0]?.locked) {
          session.release();
          return undefined;
        }
      } catch (err) {
        session.release(true);
        throw err;
      }
      return async () => {
        try {
          await session.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
          session.release();
        } catch {
          session.release(true);
        }
      };
    },
    exclusive: async (key, work) => {
      const session = await pool.connect();
      let isLocked = false;
      try {
        await session.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
        isLocked = true;
        return await work();
      } finally {
        if (isLocked) await session.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => {});
        session.release();
      }
    },
    migrate: async () => {
      await migratePg(db as never, { migrationsFolder });
    },
    close: async () => {
      await pool.end();
    },
  };
}

/**
 * A pool's settings. The request path's statements are named and prepared once per connection (`db/prepared.ts`),
 * but PostgreSQL plans each execution afresh for as long as a custom plan looks cheaper than the generic one, which
 * for an `= any($1)` lookup it always does: planning then cost several times the execution. Forced, each named
 * statement is planned once per connection; their conditions are written so that this one plan uses the indexes.
 * Unnamed (one-off) statements are planned on every execution as before.
 */
export function poolConfig(connectionString: string, max: number): pg.PoolConfig {
  // a connection idle for pg's default 10 s would close, and take its prepared statements and their plans with it
  return { connectionString, max, idleTimeoutMillis: 60_000, options: '-c plan_cache_mode=force_generic_plan' };
}

/** Opens PostgreSQL when `databaseUrl` is set, else PGlite persisted under `dataDir/db`. */
export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool(poolConfig(options.databaseUrl, 10));
    await pool.query('select 1');
    return wrapPool(pool);
  }
  await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create(path.join(options.dataDir, 'db'));
  return wrapPglite(client);
}
