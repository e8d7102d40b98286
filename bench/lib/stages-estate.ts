/**
 * The AR app's nearby read, its estate and its questions (`bench/stages.ts`, and `compare-refs.ts`): 2,000 partners
 * and 100,000 stages of theirs, half scattered around the centres of 20 cities (a normal scatter of 5 km, cut at
 * 15 km), half uniformly over the surface between latitudes -60 and 70; 80% Published with their month running,
 * 10% Published whose month has ended, 10% Drafts; 3 contents each and, every tenth, one vertical carousel of 3
 * images. 5,000 places to ask about, drawn by a seeded generator (the same every run), with the answer each should
 * get, computed here from every live stage with `distanceMetres`.
 */
import { distanceMetres, MAX_NEARBY_RESULTS, type NearbyResponse } from '@portal/contracts';
import type { LoadRequest } from './load.ts';
import { inTransaction, withClient } from './postgres.ts';
import { seedUsers } from './seed.ts';
import { postgresEnv } from './server.ts';
import { mean, seededRandom } from './stats.ts';

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
/** Connection c of the nearby loads asks places c, c + 64, c + 128, … in turn. */
export const NEARBY_CONNECTIONS = 64;
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
export const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

export interface NearbyQueryPoint {
  lat: number;
  lng: number;
  radius: number;
  /** Index into QUERY_KINDS. */
  kind: number;
  path: string;
}

/** The nearby read's server: production mode, no demo data, no jobs. */
export const stagesServerEnv = (databaseUrl: string) => postgresEnv(databaseUrl, { JOBS: 'false' });

/** The seeded estate, every stage the AR app shows now, the places and the answer each should get. */
export interface NearbyEstate {
  seeded: { stages: number; carousels: number; postgresVersion: string; seedSeconds: number };
  live: LiveStages;
  queries: NearbyQueryPoint[];
  expected: ExpectedStage[][];
}

/** Seeds the estate into a migrated database, then draws the places and computes their answers. */
export async function seedNearbyEstate(databaseUrl: string): Promise<NearbyEstate> {
  const seeded = await seedStages(databaseUrl);
  const live = await readLiveStages(databaseUrl);
  const queries = makeQueries();
  return { seeded, live, queries, expected: queries.map((query) => expectedNearby(live, query)) };
}

/** The requests of connection c: every NEARBY_CONNECTIONS-th place, from the c-th. */
export const nearbyRequests =
  (queries: NearbyQueryPoint[]) =>
  (connection: number): LoadRequest[] =>
    queries.filter((_, i) => i % NEARBY_CONNECTIONS === connection).map((query) => ({ path: query.path }));

/** The estate, straight into the tables, vacuumed and analyzed. */
export async function seedStages(
  databaseUrl: string,
): Promise<{ stages: number; carousels: number; postgresVersion: string; seedSeconds: number }> {
  return withClient(databaseUrl, async (client) => {
    const started = Date.now();
    await inTransaction(client, async () => {
      await client.query('select setseed(0.2026)');
      await seedUsers(client, { prefix: 'partner', last: PARTNERS, role: 'Partner' });
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
    });
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

export async function readLiveStages(databaseUrl: string): Promise<LiveStages> {
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

export interface ExpectedStage {
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

export interface CheckedAnswers {
  count: number;
  meanBytes: number;
  typical: { body: Buffer; contentType: string; stages: number };
}

/**
 * Asks the server every CHECK_EVERY-th query (8 at a time) and throws unless each answer is the expected one: the
 * same stages in the same order, each distance within rounding of the expected, 3 contents each and the stage's
 * carousels. Answers the checked answers' mean size and the one nearest it.
 */
export async function checkAnswers(
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
