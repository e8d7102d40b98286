import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { wrapPool } from './client.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('a PostgreSQL pool (skipped without TEST_DATABASE_URL)', () => {
  it('outlives the server ending its connections while the pool closes them', async () => {
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(sql);
      await client.end();
    };
    // the race is narrow: each round ends a busy pool and drops its database at once, as the test apps' close does
    for (let round = 0; round < 20; round += 1) {
      const name = `portal_pool_${randomBytes(6).toString('hex')}`;
      await admin(`create database ${name}`);
      const url = new URL(postgresUrl ?? '');
      url.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 5 });
      const database = wrapPool(pool);
      const answers = await Promise.all(Array.from({ length: 10 }, () => pool.query('select 1 as one')));
      expect(answers.every((answer) => answer.rows[0]?.one === 1)).toBe(true);
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    }
  }, 60_000);
});
