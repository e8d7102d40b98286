import pg from 'pg';

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
  const stamp = new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 17);
  const name = `${prefix}_${stamp}`;
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
