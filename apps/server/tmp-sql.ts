import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './src/db/schema.ts';
import { selectProductsPages } from './src/modules/catalog/repository.ts';

const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/portal_lab' });
const db = drizzle({ client: pool, schema, logger: { logQuery: (q, p) => console.log(q, JSON.stringify(p)) } });
const { rows } = await pool.query('select distinct owner_id from products limit 30');
await selectProductsPages(
  db as never,
  rows.map((r) => ({ ownerId: r.owner_id, pageIndex: 1, pageSize: 8 })),
);
await pool.end();
