/**
 * Child process of `startStraightforwardList` (lib/bare-servers.ts): a partner's list read as a straightforward build would
 * write it, for scale beside the portal's. Fastify and a `pg` pool of 10; per request the session by its token's
 * sha256, then the count and the page (unprepared statements, at once), each row's columns renamed to camelCase and
 * answered through Fastify's default JSON serialization. No cache, no logging, no security headers. Env:
 * DATABASE_URL, BARE_ROUTE, STRAIGHTFORWARD_TABLE (products or models), PORT. Prints `listening <port>`.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { serveBare } from '../bare-servers.ts';

const table = process.env.STRAIGHTFORWARD_TABLE;
if (table !== 'products' && table !== 'models') throw new Error('STRAIGHTFORWARD_TABLE is products or models');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, idleTimeoutMillis: 60_000 });
const camelCase = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), value]),
  );

const app = Fastify({ logger: false });
app.get(process.env.BARE_ROUTE ?? '/', async (request, reply) => {
  const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  const session = await pool.query<{ user_id: string }>(
    'select user_id from sessions where token_hash = $1 and revoked_at is null and expires_at > now()',
    [createHash('sha256').update(token).digest('hex')],
  );
  const userId = session.rows[0]?.user_id;
  if (!userId) return reply.code(401).send({ errorCode: 'Unauthorized', message: 'Please sign in' });
  const query = request.query as { PageIndex?: string; PageSize?: string };
  const size = Number(query.PageSize ?? 10);
  const offset = (Number(query.PageIndex ?? 1) - 1) * size;
  const [count, page] = await Promise.all([
    pool.query<{ n: number }>(`select count(*)::int as n from ${table} where owner_id = $1 and deleted_at is null`, [
      userId,
    ]),
    pool.query(
      `select * from ${table} where owner_id = $1 and deleted_at is null
       order by created_at desc, id desc limit $2 offset $3`,
      [userId, size, offset],
    ),
  ]);
  return { data: page.rows.map(camelCase), totalCount: count.rows[0]?.n ?? 0 };
});

await serveBare(app);
