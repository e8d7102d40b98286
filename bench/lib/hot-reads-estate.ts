/**
 * The hot reads' estate and targets (`bench/hot-reads.ts`, and beside it `compressed-reads.ts`, `profile-reads.ts`,
 * `multi-node.ts` and `compare-refs.ts`): 500 partners with 20 games and 20 3D models each (10,000 of each), every
 * game with a history and a release version and two reviewer messages, 1,000 3D models waiting for review, one live
 * session per partner and one admin session, seeded with generate_series straight into the tables.
 */
import type { LoadRequest } from './load.ts';
import { inTransaction, readServerVersion, withClient } from './postgres.ts';
import { CONNECTIONS } from './runs.ts';
import { insertSessions, seedUsers } from './seed.ts';
import { postgresEnv } from './server.ts';

export const PARTNERS = 500;
export const ITEMS_PER_PARTNER = 20;
export const WAITING_VERSIONS = 1000;
export const PAGE_SIZE = 8;
/** Each connection cycles through this many requests, each of another partner (or page). */
export const REQUESTS_PER_CONNECTION = 24;

/** What the seed made that requests need. */
export interface Estate {
  partners: Array<{ token: string; productIds: string[] }>;
  adminToken: string;
  postgresVersion: string;
}

export interface HotRead {
  key: string;
  name: string;
  /** The bare route's path pattern. */
  route: string;
  /** Request k of connection c. */
  request(estate: Estate, connection: number, k: number): LoadRequest;
  /** Throws unless one answer is what the page needs. */
  check(body: unknown): void;
  /** The list a straightforward Fastify + pg handler reads for scale beside this target, where there is one. */
  straightforward?: 'products' | 'models';
}

/** The server of these reads: production mode, no demo data, the caches kept `cacheSeconds` ('0': off). */
export const hotReadsServerEnv = (databaseUrl: string, cacheSeconds: string) =>
  postgresEnv(databaseUrl, { CACHE_SECONDS: cacheSeconds });

/** The requests of connection c: REQUESTS_PER_CONNECTION of the target's, each of another partner or page. */
export const hotReadRequests = (target: HotRead, estate: Estate) => (connection: number) =>
  Array.from({ length: REQUESTS_PER_CONNECTION }, (_, k) => target.request(estate, connection, k));

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** Connection c's k-th partner: 64 x 24 requests cover all 500 partners. */
const partnerOf = (estate: Estate, connection: number, k: number) => {
  const partner = estate.partners[(connection + CONNECTIONS * k) % estate.partners.length];
  if (!partner) throw new Error('no partners were seeded');
  return partner;
};
const expectPage = (body: unknown, what: string) => {
  const page = body as { data?: unknown[]; totalCount?: number };
  if (page.data?.length !== PAGE_SIZE || page.totalCount !== ITEMS_PER_PARTNER) {
    throw new Error(`${what} answered ${page.data?.length} items of ${page.totalCount}`);
  }
};

export const HOT_READS: HotRead[] = [
  {
    key: 'products',
    name: 'GET /api/Product',
    route: '/api/Product',
    request: (estate, c, k) => ({
      path: `/api/Product?PageIndex=${(k % 3) + 1}&PageSize=${PAGE_SIZE}`,
      headers: bearer(partnerOf(estate, c, k).token),
    }),
    check: (body) => expectPage(body, 'GET /api/Product'),
    straightforward: 'products',
  },
  {
    key: 'models',
    name: 'GET /api/Model',
    route: '/api/Model',
    request: (estate, c, k) => ({
      path: `/api/Model?PageIndex=${(k % 3) + 1}&PageSize=${PAGE_SIZE}`,
      headers: bearer(partnerOf(estate, c, k).token),
    }),
    check: (body) => expectPage(body, 'GET /api/Model'),
    straightforward: 'models',
  },
  {
    key: 'product',
    name: 'GET /api/Product/{id}',
    route: '/api/Product/:id',
    request: (estate, c, k) => {
      const partner = partnerOf(estate, c, k);
      return { path: `/api/Product/${partner.productIds[k % ITEMS_PER_PARTNER]}`, headers: bearer(partner.token) };
    },
    check: (body) => {
      if (typeof (body as { id?: unknown }).id !== 'string') throw new Error('GET /api/Product/{id} answered no game');
    },
  },
  {
    key: 'versions',
    name: 'GET /api/Product/Versions/{id}',
    route: '/api/Product/Versions/:id',
    request: (estate, c, k) => {
      const partner = partnerOf(estate, c, k);
      return {
        path: `/api/Product/Versions/${partner.productIds[k % ITEMS_PER_PARTNER]}`,
        headers: bearer(partner.token),
      };
    },
    check: (body) => {
      const versions = body as { releaseVersion?: { unreadMessageCount?: number }; historyVersions?: unknown[] };
      if (versions.releaseVersion?.unreadMessageCount !== 2 || versions.historyVersions?.length !== 1) {
        throw new Error('GET /api/Product/Versions/{id} answered other versions than seeded');
      }
    },
  },
  {
    key: 'profile',
    name: 'GET /api/Access/Profile',
    route: '/api/Access/Profile',
    request: (estate, c, k) => ({ path: '/api/Access/Profile', headers: bearer(partnerOf(estate, c, k).token) }),
    check: (body) => {
      if (!(body as { email?: string }).email?.endsWith('@bench.example')) throw new Error('no profile');
    },
  },
  {
    key: 'queue',
    name: `GET /api/Admin/Review/Query (pages of 20, ${WAITING_VERSIONS} waiting)`,
    route: '/api/Admin/Review/Query',
    request: (estate, c, k) => ({
      path: `/api/Admin/Review/Query?PageIndex=${((c + CONNECTIONS * k) % (WAITING_VERSIONS / 20)) + 1}&PageSize=20`,
      headers: bearer(estate.adminToken),
    }),
    check: (body) => {
      const queue = body as { data?: unknown[]; totalCount?: number };
      if (queue.data?.length !== 20 || queue.totalCount !== WAITING_VERSIONS) {
        throw new Error(`the queue answered ${queue.data?.length} of ${queue.totalCount} versions`);
      }
    },
  },
];

/** Headers Node writes itself, or that say how the body travels rather than what the portal adds. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * Throws unless the target's first request answers what the page needs; answers its bytes, content type and the
 * other headers the portal sent with them.
 */
export async function checkTarget(baseUrl: string, target: HotRead, estate: Estate) {
  const request = target.request(estate, 0, 0);
  // autocannon sends no accept-encoding either: the portal answers uncompressed
  const response = await fetch(`${baseUrl}${request.path}`, {
    headers: { ...request.headers, 'accept-encoding': 'identity' },
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) {
    throw new Error(`${request.path} answered ${response.status}: ${body.toString('utf8').slice(0, 300)}`);
  }
  target.check(JSON.parse(body.toString('utf8')));
  const contentType = response.headers.get('content-type') ?? '';
  console.log(`Check: ${target.name} answered 200, ${body.length} bytes of ${contentType}`);
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name) && name !== 'content-type'),
  );
  return { body, contentType, headers };
}

/** The estate, straight into the tables; answers the bearer tokens and the ids requests need. */
export function seedHotReads(databaseUrl: string): Promise<Estate> {
  return withClient(databaseUrl, async (client) => {
    const started = Date.now();
    const { rows, tokens } = await inTransaction(client, async () => {
      await client.query('select setseed(0.2026)');
      await seedUsers(client, { prefix: 'reviewer', first: 0, last: 0, role: 'Admin' });
      await seedUsers(client, { prefix: 'partner', last: PARTNERS, role: 'Partner' });
      await client.query(SEED_ITEMS_SQL('products'), [ITEMS_PER_PARTNER]);
      await client.query(SEED_ITEMS_SQL('models'), [ITEMS_PER_PARTNER]);
      await client.query(SEED_PRODUCT_VERSIONS_SQL);
      await client.query(SEED_WAITING_SQL, [WAITING_VERSIONS]);
      const users = await client.query<{ id: string; role: string; product_ids: string[] }>(
        `select u.id, u.role, coalesce(array_agg(p.id order by p.created_at desc, p.id desc)
                  filter (where p.id is not null), '{}') as product_ids
         from users u left join products p on p.owner_id = u.id
         where u.email like '%@bench.example' group by u.id order by u.email`,
      );
      return {
        rows: users.rows,
        tokens: await insertSessions(
          client,
          users.rows.map((row) => row.id),
        ),
      };
    });
    // as autovacuum leaves a table a minute after a bulk load: statistics, and the visibility map index-only scans read
    await client.query('vacuum analyze');
    const partners = rows.flatMap((row, i) =>
      row.role === 'Partner' ? [{ token: tokens[i] as string, productIds: row.product_ids }] : [],
    );
    const adminIndex = rows.findIndex((row) => row.role === 'Admin');
    if (partners.length !== PARTNERS || adminIndex < 0) throw new Error('the seed did not produce the expected rows');
    console.log(
      `Seeded ${PARTNERS} partners with ${PARTNERS * ITEMS_PER_PARTNER} games and as many 3D models, ` +
        `${WAITING_VERSIONS} versions waiting for review, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return { partners, adminToken: tokens[adminIndex] as string, postgresVersion: await readServerVersion(client) };
  });
}

/** Games or 3D models, ITEMS_PER_PARTNER per partner, with random but repeatable words, prices and dates. */
const SEED_ITEMS_SQL = (table: 'products' | 'models') => `
with words as (
  select array['Neon','Hidden','Lost','Crystal','Midnight','Solar','Pocket','Echo','Shadow','Wild','Floating','Tiny',
               'Ancient','Electric','Silent','Golden'] as adjectives,
         array['Garden','Dragon','Maze','Orbit','Harbor','Treasure','Rally','Tower','Puzzle','Arena','Forest','Robot',
               'Comet','Lantern','Kingdom','Voyage'] as nouns,
         array['Quest','Hunt','Run','Party','Escape','Tactics','Builders','Legends','Rush','Odyssey'] as suffixes,
         array['puzzle','multiplayer','outdoor','family','strategy','racing','casual','location-based','co-op',
               'educational','adventure','arcade','party','sports'] as tags,
         array['Track glowing creatures across your street and trap them before the timer runs out.',
               'Build a tower on any table top and defend it against waves of paper invaders.',
               'Solve spatial riddles hidden in the room around you, one floating glyph at a time.',
               'Race miniature hover cars over your living-room floor and unlock new tracks as you win.',
               'Team up with friends nearby to grow a shared garden that changes with the weather.',
               'Collect lanterns scattered across your neighbourhood and light the way home.'] as pitches,
         array['Plays in ten-minute rounds and needs about two square metres of free floor.',
               'Supports shared anchors, so everyone in the room sees the same board.',
               'Works indoors and outdoors; the difficulty adapts to the space it finds.',
               'Includes a practice mode and an accessibility option for one-handed play.',
               'New levels arrive every season, with leaderboards per city.'] as details
)
insert into ${table} (owner_id, name, description, price_cents, tags, icon_url, thumbnail_url, small_thumbnail_url,
                      cover_thumbnail_url, status, created_at, updated_at,
                      ${table === 'products' ? 'introduce, tokens_to_play, min_players, max_players' : 'category_id'})
select u.id,
       w.adjectives[1 + floor(r.a * 16)::int] || ' ' || w.nouns[1 + floor(r.b * 16)::int] || ' '
         || w.suffixes[1 + floor(r.c * 10)::int],
       w.pitches[1 + floor(r.d * 6)::int] || ' ' || w.details[1 + floor(r.e * 5)::int],
       (array[0, 99, 199, 299, 499, 999, 1499])[1 + floor(r.b * 7)::int],
       w.tags[1 + floor(r.c * 11)::int : 2 + floor(r.c * 11)::int + floor(r.d * 3)::int],
       '/files/' || gen_random_uuid() || '/origin.png',
       '/files/' || gen_random_uuid() || '/medium.png',
       '/files/' || gen_random_uuid() || '/small.png',
       '/files/' || gen_random_uuid() || '/origin.jpg',
       'Released',
       r.created_at, r.created_at,
       ${
         table === 'products'
           ? `w.pitches[1 + floor(r.e * 6)::int] || ' ' || w.details[1 + floor(r.d * 5)::int],
              1 + floor(r.e * 10)::int, 1 + floor(r.a * 2)::int, 2 + floor(r.a * 2)::int + floor(r.b * 6)::int`
           : '1 + floor(r.e * 10)::int'
       }
from users u
cross join generate_series(1, $1::int) as g(n)
cross join words w
-- lateral and tied to the row, so that random() is drawn again for every item
cross join lateral (
  select random() as a, random() as b, random() as c, random() as d, random() as e,
         now() - random() * interval '730 days' - make_interval(secs => g.n) as created_at
  where u.id is not null
) as r
where u.email like 'partner%@bench.example'`;

/** Every game: version 1 in the history, version 2 released, and two reviewer messages the partner has not read. */
const SEED_PRODUCT_VERSIONS_SQL = `
with v as (
  insert into versions (item_type, item_id, owner_id, number, slot, review_status, status, update_log,
                        ios_asset_url, android_asset_url, submitted_at, reviewed_at, created_at, updated_at)
  select 'Product', p.id, p.owner_id, n, case when n = 1 then 'history' else 'release' end, 'AcceptedAndReleased',
         'Active', format('Version %s: new levels and fixes.', n),
         '/files/' || gen_random_uuid() || '/ios.ab', '/files/' || gen_random_uuid() || '/android.ab',
         p.created_at + make_interval(days => n), p.created_at + make_interval(days => n + 1),
         p.created_at + make_interval(days => n), p.created_at + make_interval(days => n + 1)
  from products p cross join generate_series(1, 2) as n
  returning id, number
)
insert into review_messages (version_id, author_id, author, body, created_at)
select v.id, (select id from users where role = 'Admin' limit 1), 'Reviewer',
       'Thanks! Please add a screenshot of the lobby to the update log next time.', now() - make_interval(mins => m)
from v cross join generate_series(1, 2) as m
where v.number = 2`;

/** The review queue: 3D models whose version 1 was submitted, oldest first, one with a partner's note each. */
const SEED_WAITING_SQL = `
with v as (
  insert into versions (item_type, item_id, owner_id, number, slot, review_status, status, update_log,
                        ios_asset_url, android_asset_url, submitted_at, created_at, updated_at)
  select 'Model', m.id, m.owner_id, 1, 'release', 'SubmitedWaitingReview', 'Active', 'First version, ready for review.',
         '/files/' || gen_random_uuid() || '/model.glb', '/files/' || gen_random_uuid() || '/model.glb',
         now() - make_interval(mins => row_number() over (order by m.id)::int), now(), now()
  from (select id, owner_id from models order by id limit $1::int) m
  returning id, owner_id
)
insert into review_messages (version_id, author_id, author, body)
select id, owner_id, 'Partner', 'The scale is 1 unit = 1 metre.' from v`;
