import { desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerEstate } from '../testing/estate.ts';
import { ADMIN, adminEnv, as, createTestApp, describeEachDatabase, signIn, type TestApp } from '../testing/index.ts';
import type { Executor } from './client.ts';
import { compileRowMapper, prepared, preparedStatementsOf } from './prepared.ts';
import { sessions, users } from './schema/access.ts';
import { products } from './schema/catalog.ts';
import { stages } from './schema/stages.ts';
import { versions } from './schema/versions.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
/** The request path's statements: each is planned once per connection, so that one plan must use the indexes. */
const REQUEST_PATH = [
  'live_sessions',
  'users_by_ids',
  'payout_accounts',
  'subscription_states',
  'products_by_ids',
  'models_by_ids',
  'products_pages',
  'models_pages',
  'items_versions',
  'unread_counts',
  'product_summaries',
  'model_summaries',
  'review_queue_pages',
  'live_releases_pages',
  'stages_nearby_rows',
];

describe.skipIf(!postgresUrl)('the request path statements on PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', adminEnv());
    const estate = await createPartnerEstate(t.app);
    const adminToken = await signIn(t.app, ADMIN);
    // the estate's stage, published (as a bought month would let it be), for the AR app's read to answer
    await t.database.db
      .update(stages)
      .set({ state: 'Published', publishedAt: new Date(), expiresAt: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(stages.id, estate.stageId));
    const reads = [
      ['/api/Access/Profile', estate.token],
      ['/api/Product', estate.token],
      ['/api/Model', estate.token],
      [`/api/Product/${estate.productId}`, estate.token],
      [`/api/Model/${estate.modelId}`, estate.token],
      [`/api/Product/Versions/${estate.productId}`, estate.token],
      ['/api/Admin/Review/Query', adminToken],
      ['/api/Admin/Releases/Query', adminToken],
      // the AR app's read, public: its candidates come from the nearby index, the stages' rows from here
      ['/game/api/Stage/Nearby?lat=22.2801&lng=114.1601&radius=1000', ''],
    ] as const;
    for (const [url, token] of reads) {
      const response = await as(t.app, token || undefined).get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('plans each one to read through an index, never a sequential scan of a table', async () => {
    const prepared = preparedStatementsOf(t.database.db);
    expect(prepared.map((statement) => statement.name)).toEqual(expect.arrayContaining(REQUEST_PATH));
    const url = new URL(postgresUrl ?? '');
    const answer = await t.database.db.execute('select current_database() as name');
    const [database] = (answer as unknown as { rows: Array<{ name: string }> }).rows;
    url.pathname = `/${database?.name}`;
    const audit = new pg.Client({ connectionString: url.toString() });
    await audit.connect();
    try {
      // the planner scans a small table whenever it may; forbidden, a scan shows only where no index path exists
      await audit.query('set plan_cache_mode = force_generic_plan; set enable_seqscan = off');
      for (const { name, text } of prepared) {
        const parameters = new Set(text.match(/\$\d+/g)).size;
        await audit.query(`prepare audit_${name} as ${text}`);
        const values = parameters ? `(${Array.from({ length: parameters }, () => 'null').join(', ')})` : '';
        const plan = await audit.query<{ 'QUERY PLAN': string }>(`explain execute audit_${name}${values}`);
        const lines = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(lines, `${name}:\n${lines}`).not.toMatch(/Seq Scan/);
      }
    } finally {
      await audit.end();
    }
  });
});

describeEachDatabase('prepared statements', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(variant);
    await createPartnerEstate(t.app);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  // every kind of field the request path selects: whole tables as nested objects, timestamps (null and not), text
  // arrays, an SQL value decoded by mapWith, a raw SQL value, and a subquery's count
  const select = (on: Executor) =>
    on
      .select({
        version: versions,
        product: products,
        owner: { id: users.id, email: users.email, createdAt: users.createdAt },
        sessions: sql<number>`(select count(*) from ${sessions} s where s.user_id = ${users.id})`.mapWith(Number),
        loud: sql<string>`upper(${products.name})`,
        reviewedAt: versions.reviewedAt,
      })
      .from(versions)
      .innerJoin(products, eq(products.id, versions.itemId))
      .innerJoin(users, eq(users.id, versions.ownerId))
      .orderBy(desc(versions.createdAt));

  it('maps rows exactly as drizzle maps them', async () => {
    const db = t.database.db;
    const expected = await select(db);
    expect(expected.length).toBeGreaterThan(0);
    const statement = prepared(db, 'mapping_check', (on) => select(on).prepare('mapping_check'));
    const rows = await statement.execute();
    expect(rows).toStrictEqual(expected);
    expect(rows[0]?.version.createdAt).toBeInstanceOf(Date);
    expect(rows[0]?.reviewedAt).toBeNull();
    expect(typeof rows[0]?.sessions).toBe('number');
  });
});

describe('compileRowMapper', () => {
  it('writes each key as it is, nested objects included, and decodes only what needs it', () => {
    const map = compileRowMapper([
      { path: ['plain'], field: sql`1` },
      { path: ['we"ird \\ key'], field: sql`2` },
      { path: ['nested', 'count'], field: sql`3`.mapWith(Number) },
      { path: ['nested', 'none'], field: sql`4`.mapWith(Number) },
    ]);
    expect(map([['a', 'b', '7', null]])).toStrictEqual([
      { plain: 'a', 'we"ird \\ key': 'b', nested: { count: 7, none: null } },
    ]);
  });

  it('refuses a field that would set the prototype', () => {
    expect(() => compileRowMapper([{ path: ['__proto__'], field: sql`1` }])).toThrow(/__proto__/);
  });
});
