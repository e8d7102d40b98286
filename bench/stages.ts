/**
 * The AR app's read of nearby VPS stages on PostgreSQL: `GET /game/api/Stage/Nearby` over 100,000 stages under load,
 * every request a different place, beside a bare Fastify route answering the bytes of a typical answer.
 *
 *   npx tsx bench/stages.ts      (also part of `npm run bench`)
 *
 * - Creates a fresh database `portal_stages_<timestamp>` on the local PostgreSQL server (127.0.0.1:5432, user
 *   postgres, trust auth; BENCH_POSTGRES_URL overrides the admin URL), lets a first server start migrate it, and
 *   drops it at the end.
 * - Seeds with generate_series, straight into the tables: 2,000 partners and 100,000 stages of theirs, half
 *   scattered around the centres of 20 cities (a normal scatter of 5 km, cut at 15 km: Hong Kong, Tokyo, London, New
 *   York, Paris, Singapore, Sydney, …), half uniformly over the surface between latitudes -60 and 70; 80% Published
 *   with their month running (ending 1 hour to 29 days from now), 10% Published whose month has already ended (the
 *   expiry job has not run), 10% Drafts; each with 3 contents in `contents` (3D assets, images, videos and special
 *   utilities, with their files' URLs, as a stage stores them) and, for every tenth stage, one vertical carousel of
 *   3 images. Vacuumed and analyzed, as autovacuum leaves a table a minute after a bulk load.
 * - Queries: 5,000 places drawn once (a seeded generator, the same every run): 70% in a city (scattered as its
 *   stages are) with radius 1,000 m, 20% in a city with radius 5,000 m, 10% anywhere between latitudes -60 and 70
 *   with radius 10,000 m. The expected answer of every query is computed in this process from every live stage with
 *   `distanceMetres` (only a sort on latitude skips the stages too far north or south to be within the radius); the
 *   server's answers to every tenth query (500) are checked against it before the load: the same stages in the same
 *   order, their distances, contents and carousels. A wrong answer ends the benchmark with an error. Reports the
 *   mean number of stages per answer (over the 5,000 expected answers).
 * - Load: a server in production mode (LOG_LEVEL=warn, JOBS=false), loaded with autocannon from this process at 64
 *   connections; connection c cycles through queries c, c + 64, c + 128, …, so that every request in flight asks
 *   another place. First a pass asking every place once (5,000 requests), reported on its own: it builds the
 *   server's nearby index (every published stage's place, in memory) on its first request, and reads from
 *   PostgreSQL and serializes each stage the first time an answer carries it, as a server does once after it
 *   starts. Then a 2 s warm-up and 10 s measured (BENCH_SECONDS overrides), which the verdict is about: what a
 *   server that has been answering for a while costs. Baseline: a bare Fastify route of the same path
 *   (bench/lib/bare-route.ts) answering, to the same requests, the bytes of the checked answer whose size is
 *   nearest the checked answers' mean.
 * - CPUs: with two or more and taskset, the server (and the bare route) runs on CPU 0 and this process on the
 *   others, so that the load generator and the server never take each other's turn; PostgreSQL and the kernel are
 *   left to the scheduler. Printed when it applies.
 * - BENCH_STAGES_PROFILE=<dir> runs the server under `node --cpu-prof`, its profile written to that directory.
 *
 * Verdict (the stages issue): p99 < 20 ms at 64 connections. A load with non-2xx answers or errors never meets it.
 */
import { distanceMetres, MAX_NEARBY_RESULTS, type NearbyResponse } from '@portal/contracts';
import pg from 'pg';
import { DURATION_SECONDS, loadTarget, perRequestUs, type Run, ratio } from './hot-reads.ts';
import { startBareRoute } from './lib/bare-route.ts';
import { pinServerApart } from './lib/cpus.ts';
import { type LoadRequest, type LoadResult, runLoad } from './lib/load.ts';
import { isEntryPoint } from './lib/paths.ts';
import { backendPids, createBenchDatabase } from './lib/postgres.ts';
import { describeMachineLoad, type MachineLoad, sampleMachineLoad } from './lib/proc-stats.ts';
import { startPortalServer } from './lib/server.ts';
import { formatVerdict, printTable } from './lib/table.ts';

export const STAGES = 100_000;
export const PARTNERS = 2000;
export const CONTENTS_PER_STAGE = 3;
/** Every tenth stage has one vertical carousel. */
export const CAROUSEL_EVERY = 10;
export const CAROUSEL_IMAGES = 3;
/** Standard deviation of a city's scatter, and where it is cut. */
export const CITY_SCATTER_M = 5000;
export const CITY_REACH_M = 15_000;
export const LATITUDES: [number, number] = [-60, 70];
export const QUERIES = 5000;
/** Every CHECK_EVERY-th query's answer is checked against the expected one. */
export const CHECK_EVERY = 10;
export const NEARBY_CONNECTIONS = 64;
export const NEARBY_P99_TARGET_MS = 20;
/** Past this event-loop delay p99 (a 10 ms timer's), the load generator is itself held up and adds to what it measures. */
const GENERATOR_STALLED_MS = 20;

export const NEARBY_ROUTE = '/game/api/Stage/Nearby';

/** Where half of the stages are, and most of the AR app's questions. */
export const CITIES = [
  { name: 'Hong Kong', lat: 22.282, lng: 114.1588 },
  { name: 'Tokyo', lat: 35.6812, lng: 139.7671 },
  { name: 'London', lat: 51.5072, lng: -0.1276 },
  { name: 'New York', lat: 40.7128, lng: -74.006 },
  { name: 'Paris', lat: 48.8566, lng: 2.3522 },
  { name: 'Singapore', lat: 1.2903, lng: 103.852 },
  { name: 'Sydney', lat: -33.8688, lng: 151.2093 },
  { name: 'Los Angeles', lat: 34.0522, lng: -118.2437 },
  { name: 'San Francisco', lat: 37.7749, lng: -122.4194 },
  { name: 'Seoul', lat: 37.5665, lng: 126.978 },
  { name: 'Shanghai', lat: 31.2304, lng: 121.4737 },
  { name: 'Berlin', lat: 52.52, lng: 13.405 },
  { name: 'Dubai', lat: 25.2048, lng: 55.2708 },
  { name: 'São Paulo', lat: -23.5505, lng: -46.6333 },
  { name: 'Mexico City', lat: 19.4326, lng: -99.1332 },
  { name: 'Mumbai', lat: 19.076, lng: 72.8777 },
  { name: 'Toronto', lat: 43.6532, lng: -79.3832 },
  { name: 'Bangkok', lat: 13.7563, lng: 100.5018 },
  { name: 'Istanbul', lat: 41.0082, lng: 28.9784 },
  { name: 'Cape Town', lat: -33.9249, lng: 18.4241 },
];

/** The kinds of question, their share of the 5,000 and their radius. */
export const QUERY_KINDS = [
  { kind: 'city', share: 0.7, radius: 1000 },
  { kind: 'city', share: 0.2, radius: 5000 },
  { kind: 'anywhere', share: 0.1, radius: 10_000 },
] as const;

/** Metres per degree of latitude (and of longitude at the equator) on the sphere distanceMetres uses. */
const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

export interface NearbyQueryPoint {
  lat: number;
  lng: number;
  radius: number;
  /** Index into QUERY_KINDS. */
  kind: number;
  path: string;
}

export interface QueryMix {
  name: string;
  share: number;
  radius: number;
  queries: number;
  meanStages: number;
  /** Answers holding the most stages an answer carries (MAX_NEARBY_RESULTS). */
  fullAnswers: number;
}

export interface StagesResult {
  postgresVersion: string;
  seedSeconds: number;
  stages: number;
  liveStages: number;
  carousels: number;
  machineLoad: MachineLoad;
  connections: number;
  durationSeconds: number;
  queries: number;
  mix: QueryMix[];
  meanStages: number;
  checkedAnswers: number;
  meanResponseBytes: number;
  /** The checked answer the bare route answers: the one whose size is nearest the mean. */
  bareResponseBytes: number;
  bareResponseStages: number;
  nearby: Run;
  bare: Run;
  met: boolean;
  /** Every place asked once before the measured load: each stage's JSON read and serialized the first time. */
  firstPass: LoadResult;
}

const cleanly = (run: Run) => run.load.non2xx === 0 && run.load.errors === 0 && run.load.timeouts === 0;
export const meetsNearbyTarget = (run: Run) => cleanly(run) && run.load.latencyMs.p99 < NEARBY_P99_TARGET_MS;

const serverEnv = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  PAYMENTS: 'sandbox',
  SEED_DEMO: 'false',
  JOBS: 'false',
});

export async function measureStages(): Promise<StagesResult> {
  const database = await createBenchDatabase('portal_stages');
  console.log(`Created database ${database.name}`);
  let pinned: ReturnType<typeof pinServerApart>;
  try {
    // the first start migrates the empty database
    const migrating = await startPortalServer({ env: serverEnv(database.url) });
    await migrating.stop();
    const seeded = await seedStages(database.url);
    const live = await readLiveStages(database.url);
    const queries = makeQueries();
    const expected = queries.map((query) => expectedNearby(live, query));
    const mix = QUERY_KINDS.map((kind, index) => {
      const answers = expected.filter((_, i) => queries[i]?.kind === index);
      return {
        name: `${kind.kind === 'city' ? 'in a city' : 'anywhere'}, ${kind.radius.toLocaleString('en')} m`,
        share: kind.share,
        radius: kind.radius,
        queries: answers.length,
        meanStages: mean(answers.map((answer) => answer.length)),
        fullAnswers: answers.filter((answer) => answer.length === MAX_NEARBY_RESULTS).length,
      };
    });
    const meanStages = mean(expected.map((answer) => answer.length));
    console.log(
      `Drew ${QUERIES.toLocaleString('en')} places: ${mix
        .map((kind) => `${kind.queries} ${kind.name} (${kind.meanStages.toFixed(1)} stages on average)`)
        .join(', ')}; ${meanStages.toFixed(1)} stages per answer on average`,
    );

    const machineLoad = await sampleMachineLoad();
    const postgresPids = () => backendPids(database.name);
    const requestsFor = (connection: number): LoadRequest[] =>
      queries.filter((_, i) => i % NEARBY_CONNECTIONS === connection).map((query) => ({ path: query.path }));
    pinned = pinServerApart();
    const serverCpus = pinned?.serverCpus;
    if (pinned) console.log(`The servers measured run on CPU ${pinned.serverCpus}, the load generator on the others`);
    const server = await startPortalServer({
      env: serverEnv(database.url),
      cpus: serverCpus,
      ...(process.env.BENCH_STAGES_PROFILE
        ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_STAGES_PROFILE}`] }
        : {}),
    });
    let checked: CheckedAnswers;
    let firstPass: LoadResult;
    let nearby: Run;
    try {
      checked = await checkAnswers(server.url, queries, expected, live);
      console.log(`Loading ${NEARBY_ROUTE}: every place once, at ${NEARBY_CONNECTIONS} connections (the first pass)`);
      firstPass = await runLoad(server.url, {
        connections: NEARBY_CONNECTIONS,
        requestsFor,
        durationSeconds: 600,
        amount: QUERIES,
      });
      nearby = await loadTarget(
        `${NEARBY_ROUTE}, ${QUERIES.toLocaleString('en')} places`,
        server.url,
        requestsFor,
        server.pid,
        postgresPids,
        NEARBY_CONNECTIONS,
      );
    } finally {
      await server.stop();
    }
    const bareRoute = await startBareRoute(NEARBY_ROUTE, checked.typical.body, checked.typical.contentType, serverCpus);
    let bare: Run;
    try {
      bare = await loadTarget(
        `${NEARBY_ROUTE}, bare route`,
        bareRoute.url,
        requestsFor,
        bareRoute.pid,
        postgresPids,
        NEARBY_CONNECTIONS,
      );
    } finally {
      await bareRoute.close();
    }
    const met = meetsNearbyTarget(nearby);
    return {
      postgresVersion: seeded.postgresVersion,
      seedSeconds: seeded.seedSeconds,
      stages: seeded.stages,
      liveStages: live.stages.length,
      carousels: seeded.carousels,
      machineLoad,
      connections: NEARBY_CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      queries: QUERIES,
      mix,
      meanStages,
      checkedAnswers: checked.count,
      meanResponseBytes: checked.meanBytes,
      bareResponseBytes: checked.typical.body.length,
      bareResponseStages: checked.typical.stages,
      nearby,
      bare,
      met,
      firstPass,
    };
  } finally {
    pinned?.release();
    await database.drop();
    console.log(`Dropped database ${database.name}`);
  }
}

// the estate

/** The estate, straight into the tables, vacuumed and analyzed. */
export async function seedStages(
  databaseUrl: string,
): Promise<{ stages: number; carousels: number; postgresVersion: string; seedSeconds: number }> {
  return withClient(databaseUrl, async (client) => {
    const started = Date.now();
    try {
      await client.query('begin');
      await client.query('select setseed(0.2026)');
      await client.query(SEED_USERS_SQL, ['partner', PARTNERS, 'Partner']);
      await client.query(SEED_STAGES_SQL, [
        STAGES,
        CITIES.map((city) => city.lat),
        CITIES.map((city) => city.lng),
        CITY_SCATTER_M,
        CITY_REACH_M,
        METRES_PER_DEGREE,
        LATITUDES[0],
        LATITUDES[1],
      ]);
      await client.query(SEED_CAROUSELS_SQL, [CAROUSEL_EVERY, CAROUSEL_IMAGES]);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    }
    // as autovacuum leaves a table a minute after a bulk load: statistics, and the visibility map
    await client.query('vacuum analyze stages, stage_carousels, users');
    const counts = await client.query<{ stages: number; carousels: number; version: string }>(
      `select (select count(*) from stages)::int as stages, (select count(*) from stage_carousels)::int as carousels,
              current_setting('server_version') as version`,
    );
    const row = counts.rows[0];
    if (!row || row.stages !== STAGES) throw new Error(`the seed made ${row?.stages} stages, not ${STAGES}`);
    const seedSeconds = (Date.now() - started) / 1000;
    const states = await client.query<{ state: string; live: boolean; n: number }>(
      `select state, coalesce(expires_at > now(), false) as live, count(*)::int as n from stages group by 1, 2
       order by 1, 2`,
    );
    console.log(
      `Seeded ${row.stages.toLocaleString('en')} stages of ${PARTNERS.toLocaleString('en')} partners ` +
        `(${states.rows.map((s) => `${s.n.toLocaleString('en')} ${s.state}${s.state === 'Published' ? (s.live ? ' running' : ' ended') : ''}`).join(', ')}) ` +
        `and ${row.carousels.toLocaleString('en')} vertical carousels in ${seedSeconds.toFixed(1)} s`,
    );
    return { stages: row.stages, carousels: row.carousels, postgresVersion: row.version, seedSeconds };
  });
}

/** `partner0001@bench.example` … with names, an address and a role (as bench/income.ts seeds them). */
const SEED_USERS_SQL = `
insert into users (email, password_hash, first_name, last_name, introduce, registered_business_name,
                   registered_address, role, created_at, updated_at)
select format('%s%s@bench.example', $1::text, lpad(i::text, 4, '0')),
       'bench-only: this account never signs in with a password',
       (array['Avery','Jordan','Mina','Kenji','Sofia','Luca','Priya','Omar','Hana','Noah'])[1 + i % 10],
       (array['Chan','Okafor','Silva','Tanaka','Novak','Haddad','Kim','Rossi','Patel','Larsen'])[1 + (i / 10) % 10],
       'We build location-based AR games for phones and headsets.',
       format('%s %s Ltd', (array['Lumen','Harbor','Pixel','Orbit','Quartz','Maple','Nimbus','Vertex'])[1 + i % 8],
              (array['Forge','Studio','Interactive','Games','Labs','Works'])[1 + i % 6]),
       format('%s Harbour Road, Wan Chai, Hong Kong', i),
       $3::text, now() - make_interval(days => 900 - i % 900), now() - make_interval(days => 900 - i % 900)
from generate_series(1, $2::int) as i`;

/**
 * $1 stages of the partners, round robin: the even ones in city (i / 2) % 20 of the centres $2 (latitudes) and $3
 * (longitudes), at a normal scatter of $4 metres cut at $5 ($6 metres to a degree); the odd ones uniformly over the
 * surface between latitudes $7 and $8. 80% Published and running, 10% Published and ended, 10% Draft; 3 contents each.
 * Every stage was last changed a day or more ago, as in an estate that has been running: the nearby index's look for
 * changes every second then reads what changed lately, as it would, rather than the whole seed each time.
 */
const SEED_STAGES_SQL = `
insert into stages (owner_id, name, description, latitude, longitude, altitude, heading, anchor_id, contents, state,
                    published_at, expires_at, created_at, updated_at)
select o.ids[1 + g.i % array_length(o.ids, 1)],
       format('%s %s', (array['Harbour','Lantern','Garden','Rooftop','Market','Plaza','Riverside','Station','Museum',
                              'Arcade'])[1 + floor(r.a * 10)::int],
              (array['Stage','Corner','Court','Walk','Gallery','Stop'])[1 + floor(r.b * 6)::int]),
       (array['Point your phone at the entrance to see the show.',
              'Collect the tokens floating over the square before they fade.',
              'A guided AR tour: follow the arrows from the anchor.',
              'Scan the wall to open this week''s coupons.'])[1 + g.i % 4],
       p.latitude, p.longitude, round((r.c * 40)::numeric, 1)::float8, round((r.d * 360)::numeric, 1)::float8,
       format('anchor-%s-%s', lpad(g.i::text, 6, '0'), substr(md5(g.i::text), 1, 12)),
       c.contents,
       case when s.state = 'Draft' then 'Draft' else 'Published' end,
       s.expires_at - interval '1 month', s.expires_at,
       coalesce(s.expires_at - interval '1 month', now() - interval '1 day') - interval '2 days',
       coalesce(s.expires_at - interval '1 month', now() - interval '1 day')
from generate_series(1, $1::int) as g(i)
cross join (select array_agg(id order by email) as ids from users where email like 'partner%@bench.example') as o
-- lateral and tied to the row, so that random() is drawn again for every stage
cross join lateral (
  select random() as a, random() as b, random() as c, random() as d, random() as e, random() as f
  where g.i is not null
) as r
cross join lateral (
  select case when g.i % 2 = 0
           then ($2::float8[])[1 + (g.i / 2) % array_length($2::float8[], 1)]
                  + q.dist * cos(q.angle) / $6::float8
           else degrees(asin(sin(radians($7::float8)) + r.a * (sin(radians($8::float8)) - sin(radians($7::float8)))))
         end as latitude,
         case when g.i % 2 = 0
           then ($3::float8[])[1 + (g.i / 2) % array_length($3::float8[], 1)]
                  + q.dist * sin(q.angle)
                    / ($6::float8 * cos(radians(($2::float8[])[1 + (g.i / 2) % array_length($2::float8[], 1)])))
           else -180 + 360 * r.b
         end as longitude
  from (select least($5::float8, $4::float8 * sqrt(-2 * ln(1 - r.a))) as dist, 2 * pi() * r.b as angle) as q
) as p
cross join lateral (
  select case when r.e < 0.8 then 'Published' when r.e < 0.9 then 'Ended' else 'Draft' end as state,
         case when r.e < 0.8 then now() + interval '1 hour' + r.f * interval '29 days'
              when r.e < 0.9 then now() - interval '1 hour' - r.f * interval '29 days' end as expires_at
) as s
cross join lateral (
  select jsonb_agg(jsonb_build_object(
           'id', gen_random_uuid()::text,
           'type', t.type,
           'name', case t.type when 'Asset3D' then 'Lantern model' when 'Image' then 'Welcome poster'
                               when 'Video' then 'Opening trailer' else 'Token fountain' end,
           'assetId', case when t.type <> 'Utility' then gen_random_uuid()::text end,
           'utility', case when t.type = 'Utility'
                        then (array['TokenFountain','CouponDispenser','InfoBoard'])[1 + g.i % 3] end,
           'url', case t.type when 'Asset3D' then '/files/' || gen_random_uuid() || '/model.glb'
                              when 'Image' then '/files/' || gen_random_uuid() || '/origin.png'
                              when 'Video' then '/files/' || gen_random_uuid() || '/clip.mp4' end,
           'thumbnailUrl', case when t.type <> 'Utility' then '/files/' || gen_random_uuid() || '/medium.png' end,
           'position', jsonb_build_array(round((random() * 10 - 5)::numeric, 2), round((random() * 3)::numeric, 2),
                                         round((random() * 10 - 5)::numeric, 2)),
           'rotation', jsonb_build_array(0, round((random() * 360)::numeric, 1), 0),
           'scale', jsonb_build_array(1, 1, 1)
         ) order by k.k) as contents
  from generate_series(1, ${CONTENTS_PER_STAGE}) as k(k)
  cross join lateral (select (array['Asset3D','Image','Video','Utility'])[1 + (g.i + k.k) % 4] as type) as t
) as c`;

/** One vertical carousel of $2 images for every $1-th stage (in id order: a random tenth). */
const SEED_CAROUSELS_SQL = `
insert into stage_carousels (stage_id, name, images, placement, created_at, updated_at)
select s.id, 'Menu board',
       (select jsonb_agg(jsonb_build_object('assetId', gen_random_uuid()::text,
                                            'url', '/files/' || gen_random_uuid() || '/origin.png',
                                            'thumbnailUrl', '/files/' || gen_random_uuid() || '/medium.png'))
        from generate_series(1, $2::int) where s.id is not null),
       jsonb_build_object('position', jsonb_build_array(round((random() * 4 - 2)::numeric, 2), 1.5, -2),
                          'rotation', jsonb_build_array(0, round((random() * 360)::numeric, 1), 0),
                          'scale', jsonb_build_array(1, 1, 1)),
       s.created_at, s.created_at
from (select id, created_at, row_number() over (order by id) as n from stages) as s
where s.n % $1::int = 0`;

/** Every stage the AR app shows now, sorted by latitude, with how many carousels each has. */
export interface LiveStages {
  stages: Array<{ id: string; lat: number; lng: number }>;
  carousels: Map<string, number>;
}

async function readLiveStages(databaseUrl: string): Promise<LiveStages> {
  return withClient(databaseUrl, async (client) => {
    // read as the server's now: every running month ends an hour or more from the seed, every ended one an hour ago
    const { rows } = await client.query<{ id: string; lat: number; lng: number; carousels: number }>(
      `select s.id, s.latitude as lat, s.longitude as lng,
              (select count(*) from stage_carousels c where c.stage_id = s.id)::int as carousels
       from stages s where s.state = 'Published' and s.expires_at > now()`,
    );
    rows.sort((a, b) => a.lat - b.lat);
    return {
      stages: rows.map(({ id, lat, lng }) => ({ id, lat, lng })),
      carousels: new Map(rows.map((row) => [row.id, row.carousels])),
    };
  });
}

// the questions

/** mulberry32: a small seeded generator, so that every run asks the same places. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** QUERIES places, the kinds mixed at random in their shares; each request's path. */
export function makeQueries(): NearbyQueryPoint[] {
  const random = seededRandom(2026);
  const sin = (degrees: number) => Math.sin((degrees * Math.PI) / 180);
  const queries: NearbyQueryPoint[] = [];
  for (let i = 0; i < QUERIES; i += 1) {
    const draw = random();
    let kind = QUERY_KINDS.length - 1;
    for (let k = 0, share = 0; k < QUERY_KINDS.length; k += 1) {
      share += QUERY_KINDS[k]?.share ?? 0;
      if (draw < share) {
        kind = k;
        break;
      }
    }
    const { radius } = QUERY_KINDS[kind] ?? QUERY_KINDS[0];
    let lat: number;
    let lng: number;
    if (QUERY_KINDS[kind]?.kind === 'city') {
      // scattered as the city's stages are
      const city = CITIES[Math.floor(random() * CITIES.length)] ?? { lat: 0, lng: 0 };
      const distance = Math.min(CITY_REACH_M, CITY_SCATTER_M * Math.sqrt(-2 * Math.log(1 - random())));
      const angle = 2 * Math.PI * random();
      lat = city.lat + (distance * Math.cos(angle)) / METRES_PER_DEGREE;
      lng = city.lng + (distance * Math.sin(angle)) / (METRES_PER_DEGREE * Math.cos((city.lat * Math.PI) / 180));
    } else {
      const [south, north] = LATITUDES;
      lat = (Math.asin(sin(south) + random() * (sin(north) - sin(south))) * 180) / Math.PI;
      lng = -180 + 360 * random();
    }
    lat = Number(lat.toFixed(6));
    lng = Number(lng.toFixed(6));
    queries.push({ lat, lng, radius, kind, path: `${NEARBY_ROUTE}?lat=${lat}&lng=${lng}&radius=${radius}` });
  }
  return queries;
}

interface ExpectedStage {
  id: string;
  distance: number;
}

/**
 * The answer the server should give, from every live stage: those within the radius by distanceMetres, nearest
 * first (then by id, as the statement orders), at most MAX_NEARBY_RESULTS. The latitude sort only skips stages
 * whose latitude alone puts them beyond the radius; every other stage's distance is computed.
 */
export function expectedNearby(live: LiveStages, query: NearbyQueryPoint): ExpectedStage[] {
  const { stages } = live;
  const centre = { lat: query.lat, lng: query.lng };
  const reachDegrees = query.radius / METRES_PER_DEGREE + 1e-6;
  let low = 0;
  let high = stages.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((stages[middle]?.lat ?? 0) < query.lat - reachDegrees) low = middle + 1;
    else high = middle;
  }
  const found: ExpectedStage[] = [];
  for (let i = low; i < stages.length; i += 1) {
    const stage = stages[i];
    if (!stage || stage.lat > query.lat + reachDegrees) break;
    const distance = distanceMetres(centre, stage);
    if (distance <= query.radius) found.push({ id: stage.id, distance });
  }
  found.sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return found.slice(0, MAX_NEARBY_RESULTS);
}

const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length);

interface CheckedAnswers {
  count: number;
  meanBytes: number;
  typical: { body: Buffer; contentType: string; stages: number };
}

/**
 * Asks the server every CHECK_EVERY-th query (8 at a time) and throws unless each answer is the expected one: the
 * same stages in the same order, each distance within rounding of the expected, 3 contents each and the stage's
 * carousels. Answers the checked answers' mean size and the one nearest it.
 */
async function checkAnswers(
  baseUrl: string,
  queries: NearbyQueryPoint[],
  expected: ExpectedStage[][],
  live: LiveStages,
): Promise<CheckedAnswers> {
  const indexes = queries.map((_, i) => i).filter((i) => i % CHECK_EVERY === 0);
  const answers: Array<{ body: Buffer; contentType: string; stages: number }> = [];
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let at = next++; at < indexes.length; at = next++) {
      const index = indexes[at] as number;
      const query = queries[index] as NearbyQueryPoint;
      // autocannon sends no accept-encoding either: the portal answers uncompressed
      const response = await fetch(`${baseUrl}${query.path}`, { headers: { 'accept-encoding': 'identity' } });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) {
        failures.push(`${query.path} answered ${response.status}: ${body.toString('utf8').slice(0, 200)}`);
        continue;
      }
      const answer = JSON.parse(body.toString('utf8')) as NearbyResponse;
      const wrong = compareAnswer(answer, expected[index] ?? [], live);
      if (wrong) failures.push(`${query.path}: ${wrong}`);
      answers.push({ body, contentType: response.headers.get('content-type') ?? '', stages: answer.data.length });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  if (failures.length > 0) {
    throw new Error(
      `${failures.length} of ${indexes.length} nearby answers are wrong:\n  ${failures.slice(0, 10).join('\n  ')}`,
    );
  }
  const meanBytes = mean(answers.map((answer) => answer.body.length));
  const typical = answers.reduce((best, answer) =>
    Math.abs(answer.body.length - meanBytes) < Math.abs(best.body.length - meanBytes) ? answer : best,
  );
  console.log(
    `Check: ${answers.length} nearby answers are the expected stages in the expected order ` +
      `(${mean(answers.map((answer) => answer.stages)).toFixed(1)} stages and ${meanBytes.toFixed(0)} bytes on ` +
      `average; the bare route answers ${typical.body.length} bytes, ${typical.stages} stages, of ${typical.contentType})`,
  );
  return { count: answers.length, meanBytes, typical };
}

/** What is wrong with an answer, or null. */
function compareAnswer(answer: NearbyResponse, expected: ExpectedStage[], live: LiveStages): string | null {
  const got = answer.data.map((stage) => stage.id);
  const want = expected.map((stage) => stage.id);
  if (got.join() !== want.join()) {
    const at = want.findIndex((id, i) => got[i] !== id);
    const place = at < 0 ? got.length - 1 : at;
    return (
      `answered ${got.length} stages, expected ${want.length}; they differ first at ${place}: ` +
      `${got[place]} (${answer.data[place]?.distance} m) where ${want[place]} ` +
      `(${expected[place]?.distance.toFixed(3)} m) was expected`
    );
  }
  for (const [i, stage] of answer.data.entries()) {
    const distance = expected[i]?.distance ?? Number.NaN;
    if (!(Math.abs(stage.distance - distance) <= 0.06)) {
      return `stage ${stage.id} is ${stage.distance} m away, expected ${distance.toFixed(3)} m`;
    }
    if (stage.contents.length !== CONTENTS_PER_STAGE) {
      return `stage ${stage.id} has ${stage.contents.length} contents, expected ${CONTENTS_PER_STAGE}`;
    }
    const carousels = live.carousels.get(stage.id) ?? 0;
    if (stage.verticalCarousels.length !== carousels || stage.verticalCarousels.some((c) => c.stageId !== stage.id)) {
      return `stage ${stage.id} has ${stage.verticalCarousels.length} carousels, expected ${carousels}`;
    }
  }
  return null;
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// the table

const formatMs = (ms: number) => `${Number.isInteger(ms) ? ms : ms.toFixed(1)} ms`;
/** Two significant digits: a read 300 times slower than its bare route is 0.0033, not 0.00. */
const formatRatio = (value: number) => (value >= 1 ? value.toFixed(2) : value.toPrecision(2));

export function printStages(result: StagesResult): void {
  const row = (name: string, run: Run, verdict: string) => [
    name,
    run.load.requestsPerSecond.toFixed(0),
    formatMs(run.load.latencyMs.p50),
    formatMs(run.load.latencyMs.p99),
    formatRatio(ratio(run, result.bare)),
    `${perRequestUs(run, run.cpu.server).toFixed(0)} µs`,
    run === result.bare ? '–' : `${perRequestUs(run, run.cpu.postgres).toFixed(0)} µs`,
    String(run.load.non2xx + run.load.errors + run.load.timeouts),
    verdict,
  ];
  printTable(
    `Nearby stages on PostgreSQL ${result.postgresVersion}: ${result.stages.toLocaleString('en')} stages ` +
      `(${result.liveStages.toLocaleString('en')} live), ${result.queries.toLocaleString('en')} places in turn, ` +
      `${result.meanStages.toFixed(1)} stages per answer on average, ${result.connections} connections, ` +
      `${result.durationSeconds} s each; bare: a Fastify route answering a typical answer's ` +
      `${result.bareResponseBytes.toLocaleString('en')} bytes`,
    [
      { header: 'read' },
      { header: 'req/s', align: 'right' },
      { header: 'p50', align: 'right' },
      { header: 'p99', align: 'right' },
      { header: 'ratio to bare', align: 'right' },
      { header: 'server CPU / req', align: 'right' },
      { header: 'PostgreSQL CPU / req', align: 'right' },
      { header: 'failed', align: 'right' },
      { header: `target (p99 < ${NEARBY_P99_TARGET_MS} ms)` },
    ],
    [row(`GET ${NEARBY_ROUTE}`, result.nearby, formatVerdict(result.met)), row('bare route', result.bare, '–')],
  );
  console.log(
    `The places: ${result.mix
      .map(
        (kind) =>
          `${(kind.share * 100).toFixed(0)}% ${kind.name} (${kind.meanStages.toFixed(1)} stages on average, ` +
          `${kind.fullAnswers} of ${kind.queries} answers full at ${MAX_NEARBY_RESULTS})`,
      )
      .join('; ')}. ${result.checkedAnswers} answers checked against distanceMetres over every live stage; ` +
      `${result.meanResponseBytes.toFixed(0)} bytes per answer on average.`,
  );
  const { cpu } = result.nearby;
  console.log(
    `During the measured load: server ${(cpu.server / cpu.wallSeconds).toFixed(2)} cores, PostgreSQL ` +
      `${(cpu.postgres / cpu.wallSeconds).toFixed(2)}, the load generator ${(cpu.loadGenerator / cpu.wallSeconds).toFixed(2)}` +
      `${cpu.machine === null ? '' : `, the whole machine ${(cpu.machine / cpu.wallSeconds).toFixed(2)}`} ` +
      `of ${result.machineLoad.cores}.`,
  );
  console.log(
    `The load generator's own event-loop delay (latency it adds to what it measures): p99 ` +
      `${formatMs(result.nearby.generatorDelayMs.p99)}, max ${formatMs(result.nearby.generatorDelayMs.max)} under ` +
      `the nearby load; p99 ${formatMs(result.bare.generatorDelayMs.p99)}, max ` +
      `${formatMs(result.bare.generatorDelayMs.max)} under the bare route's.`,
  );
  if (result.nearby.generatorDelayMs.p99 > GENERATOR_STALLED_MS) {
    console.log(
      `The load generator itself was held up in this run (its event-loop delay p99 over ` +
        `${GENERATOR_STALLED_MS} ms, against about 12 ms when it keeps up, the 10 ms timer included): the latencies ` +
        `above are partly its own; the bare route's p99 shows how much.`,
    );
  }
  console.log(`Before the load: ${describeMachineLoad(result.machineLoad)}.`);
  const first = result.firstPass;
  console.log(
    `The first pass, every place once (the index built, each stage read and serialized the first time): ` +
      `${first.requestsPerSecond.toFixed(0)} req/s, p50 ${formatMs(first.latencyMs.p50)}, ` +
      `p99 ${formatMs(first.latencyMs.p99)}, ${first.non2xx + first.errors + first.timeouts} failed.`,
  );
}

async function main(): Promise<void> {
  printStages(await measureStages());
}

if (isEntryPoint(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
