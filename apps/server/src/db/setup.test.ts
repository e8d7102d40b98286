import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { prepareDatabase } from '../seed.ts';
import { createScratchDatabase, testConfig } from '../testing/index.ts';
import { poolConfig, wrapPool } from './client.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;

async function withFreshDatabase(test: (url: string) => Promise<void>) {
  const scratch = await createScratchDatabase();
  try {
    await test(scratch.url);
  } finally {
    await scratch.drop();
  }
}

if (!postgresUrl)
  describe.skip('preparing one database from several nodes (skipped: TEST_DATABASE_URL is not set)', () => {});
else {
  describe('preparing one database from several nodes [postgres]', () => {
    it('migrates and seeds once when three nodes start at the same moment', async () => {
      await withFreshDatabase(async (url) => {
        const nodes = [1, 2, 3].map(() => wrapPool(new pg.Pool(poolConfig(url, 3))));
        try {
          const config = testConfig({ SEED_DEMO: 'true' });
          await Promise.all(nodes.map((node) => prepareDatabase(node, config)));
          const check = new pg.Client({ connectionString: url });
          await check.connect();
          const migrations = await check.query(
            'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
          );
          const demoPartners = await check.query(
            "select count(*)::int as n from users where email = 'demo@lumora.example'",
          );
          await check.end();
          expect(migrations.rows.length).toBeGreaterThan(10);
          expect(migrations.rows.every((row: { n: number }) => row.n === 1)).toBe(true);
          expect(demoPartners.rows[0]?.n).toBe(1);
        } finally {
          await Promise.all(nodes.map((node) => node.close()));
        }
      });
    });
  });
}
