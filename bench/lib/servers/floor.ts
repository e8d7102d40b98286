/**
 * Child process of `startFloorList` (lib/bare-servers.ts): the leanest correct build of a partner's list on the portal's
 * stack, for a floor beside the portal's list in the same run. Every response carries the headers the portal answered
 * the target's sample with (the security headers issue 9 asks for); @fastify/cors and @fastify/compress run with the
 * portal's options; the querystring is checked by the contract's zod schema; pino logs with the portal's options at
 * `warn`. Per request:
 * - cold (FLOOR_CACHE=off): one prepared statement (with the portal's pool settings) reads the session by its token's sha256, the partner's count and
 *   the page, the page written as JSON by PostgreSQL; the text is answered untouched (no row decoding, no
 *   serialization in JavaScript);
 * - warm (FLOOR_CACHE=on): a session hook finds the token's hash in a Map, and the handler the page's bytes in a Map
 *   of the partner's pages; either read by the cold statement when missing. Nothing expires and nothing is written, so
 *   nothing is dropped.
 * The rows are the table's own columns (snake_case), within a few percent of the portal's bytes. Env: DATABASE_URL,
 * BARE_ROUTE, FLOOR_TABLE (products or models), FLOOR_HEADERS_FILE (a JSON object of headers), FLOOR_CACHE, PORT.
 * Prints `listening <port>`.
 */
import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { catalogPageQuerySchema } from '@portal/contracts';
import Fastify, { type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { serveBare } from '../bare-servers.ts';
import { corsOptions, loggerOptions, poolConfig, requestLoggerFactory } from '../server-internals.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The floor's partner of the request's session (warm only). */
    floorUserId: string;
  }
}

const table = process.env.FLOOR_TABLE;
if (table !== 'products' && table !== 'models') throw new Error('FLOOR_TABLE is products or models');
const headersFile = process.env.FLOOR_HEADERS_FILE;
if (!headersFile) throw new Error('FLOOR_HEADERS_FILE is required');
// cors and compress add their own vary
const { vary: _vary, ...headers } = JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>;
const cached = process.env.FLOOR_CACHE === 'on';

// the portal's pool settings: one generic plan per statement and connection, idle connections kept
const pool = new pg.Pool(poolConfig(process.env.DATABASE_URL ?? '', 10));
const PAGE = {
  name: 'floor_page',
  text: `select s.user_id,
    (select count(*)::int from ${table} where owner_id = s.user_id and deleted_at is null) as total,
    (select coalesce(json_agg(p), '[]') from (select * from ${table} where owner_id = s.user_id and deleted_at is null
      order by created_at desc, id desc limit $2 offset $3) p)::text as page
    from sessions s where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()`,
};
interface PageRow {
  user_id: string;
  total: number;
  page: string;
}
type PageQuery = { PageIndex: number; PageSize: number };

async function readPage(tokenHash: string, query: PageQuery): Promise<PageRow | undefined> {
  const size = query.PageSize === -1 ? null : query.PageSize;
  const offset = size === null ? 0 : (query.PageIndex - 1) * size;
  const result = await pool.query<PageRow>({ ...PAGE, values: [tokenHash, size, offset] });
  return result.rows[0];
}

const tokenHashOf = (request: FastifyRequest) =>
  hash('sha256', request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? '', 'hex');
const unauthorized = { errorCode: 'Unauthorized', message: 'Please sign in.' };

const app = Fastify({ logger: loggerOptions('warn'), childLoggerFactory: requestLoggerFactory });
app.decorateRequest('floorUserId', '');
app.setValidatorCompiler(validatorCompiler);
app.addHook('onRequest', (_request, reply, done) => {
  reply.headers(headers);
  done();
});
await app.register(cors, corsOptions(['http://localhost:8080']));
await app.register(compress, { global: true, threshold: 1024, syncThreshold: 64 * 1024 });

const sessions = new Map<string, string>();
const pages = new Map<string, Map<string, Buffer>>();
const answer = (row: PageRow) => Buffer.from(`{"data":${row.page},"totalCount":${row.total}}`);

if (cached) {
  app.addHook('onRequest', async (request, reply) => {
    const tokenHash = tokenHashOf(request);
    let userId = sessions.get(tokenHash);
    if (userId === undefined) {
      userId = (
        await pool.query<{ user_id: string }>(
          'select user_id from sessions where token_hash = $1 and revoked_at is null and expires_at > now()',
          [tokenHash],
        )
      ).rows[0]?.user_id;
      if (userId === undefined) return reply.code(401).send(unauthorized);
      sessions.set(tokenHash, userId);
    }
    request.floorUserId = userId;
  });
}

app.get(process.env.BARE_ROUTE ?? '/', { schema: { querystring: catalogPageQuerySchema } }, async (request, reply) => {
  const query = request.query as PageQuery;
  reply.type('application/json; charset=utf-8');
  if (!cached) {
    const row = await readPage(tokenHashOf(request), query);
    return row ? reply.send(answer(row)) : reply.code(401).send(unauthorized);
  }
  const userId = request.floorUserId;
  let partnerPages = pages.get(userId);
  if (!partnerPages) {
    partnerPages = new Map();
    pages.set(userId, partnerPages);
  }
  const key = `${query.PageIndex}:${query.PageSize}`;
  let page = partnerPages.get(key);
  if (!page) {
    const row = await readPage(tokenHashOf(request), query);
    if (!row) return reply.code(401).send(unauthorized);
    page = answer(row);
    partnerPages.set(key, page);
  }
  return reply.send(page);
});

await serveBare(app);
