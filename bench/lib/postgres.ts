import pg from 'pg';
import { stamp } from './time.ts';

/** The local PostgreSQL server the API tests use too (trust auth); override with BENCH_POSTGRES_URL. */
export const ADMIN_DATABASE_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  name: string;
  url: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

/** A fresh, empty database named after the current time, on the server of ADMIN_DATABASE_URL. */
export async function createBenchDatabase(prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${stamp()}`;
  await withAdmin((client) => client.query(`create database ${quoteIdent(name)}`));
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.href,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await withAdmin((client) => client.query(`drop database if exists ${quoteIdent(name)} with (force)`));
    },
  };
}

/** Runs `work` on a fresh database `<prefix>_<timestamp>`, dropped afterwards whatever happens. */
export async function withBenchDatabase<T>(prefix: string, work: (database: BenchDatabase) => Promise<T>): Promise<T> {
  const database = await createBenchDatabase(prefix);
  console.log(`Created database ${database.name}`);
  try {
    return await work(database);
  } finally {
    await database.drop();
    console.log(`Dropped database ${database.name}`);
  }
}

/** Runs `work` on one connection to `databaseUrl`, closed afterwards. */
export async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs `work` in a transaction on `client`: committed when it answers, rolled back when it throws. */
export async function inTransaction<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await work();
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`cannot reach PostgreSQL at ${ADMIN_DATABASE_URL}: ${(err as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Pids of the server processes (backends) serving connections to `databaseName`, e.g. the portal's pool. */
export async function backendPids(databaseName: string): Promise<number[]> {
  const { rows } = await withAdmin((client) =>
    client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      databaseName,
    ]),
  );
  return rows.map((row) => row.pid);
}

export async function readServerVersion(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ server_version: string }>('show server_version');
  return rows[0]?.server_version ?? '';
}
