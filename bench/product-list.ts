/**
 * Throughput and latency of the partner's product list, `GET /api/Product?PageIndex=…&PageSize=8`, on PostgreSQL
 * with 10,000 products across 500 partners, beside a bare Fastify route returning the same bytes, measured in the
 * same run.
 *
 *   npx tsx bench/product-list.ts       (also part of `npm run bench`)
 *
 * - Creates a fresh database `portal_bench_<timestamp>` on the local PostgreSQL server (127.0.0.1:5432, user
 *   postgres, trust auth; BENCH_POSTGRES_URL overrides the admin URL) and drops it at the end.
 * - Measures the portal twice, each time a fresh server process in production mode with LOG_LEVEL=warn (no request
 *   logs), PAYMENTS=sandbox and no demo seed: warm, with the in-process caches on (CACHE_SECONDS=30), where each
 *   connection repeats its 24 pages so most requests are cache hits; and cold, with the caches off
 *   (CACHE_SECONDS=0), where every request reads its session and its page from PostgreSQL, as a partner's first
 *   read of a page does. The first start runs the migrations; the data is then seeded with generate_series:
 *   500 partners, 20 products each (names, descriptions, tags, image URLs, prices, players, created_at spread
 *   over two years) and one live session per partner (sha256 of a token made here, expiring in a day).
 * - Checks one answer first: 200, 8 items, totalCount 20; that answer's bytes and content-type become the bare
 *   route's.
 * - Loads each target with autocannon from this process: 64 connections, a 2 s warm-up, then 10 s measured.
 *   Each connection cycles through its own 24 requests: 24 different partners' tokens (every partner's session is
 *   used across the connections) with PageIndex 1, 2, 3 in turn, so every request looks a session up for real.
 * - The bare route is Fastify with one GET route in a child process (never in autocannon's event loop).
 *
 * Prints target | req/s | p50 | p90 | p99 | max | ratio to bare (and the non-2xx and error counts), with the
 * verdicts portal req/s >= 0.5 x bare and portal p99 <= 25 ms (a run with non-2xx answers or errors is never MET),
 * a note for scale, and the CPU each process used during the measured window: a portal server near 100% of one
 * core is bound by its one JavaScript thread, not by PostgreSQL; CPU per request compares the two servers'
 * costs directly. Also prints how busy the machine was in the second before the run: other work on the machine
 * lowers these figures.
 */
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { startBareRoute } from './lib/bare-route.ts';
import { type LoadRequest, type LoadResult, runLoad } from './lib/load.ts';
import { isEntryPoint } from './lib/paths.ts';
import { backendPids, createBenchDatabase } from './lib/postgres.ts';
import {
  CpuMeter,
  describeMachineLoad,
  MachineCpuMeter,
  type MachineLoad,
  sampleMachineLoad,
} from './lib/proc-stats.ts';
import { startPortalServer } from './lib/server.ts';
import { formatVerdict, printTable } from './lib/table.ts';

export const PARTNERS = 500;
export const PRODUCTS_PER_PARTNER = 20;
export const PAGE_SIZE = 8;
export const PAGES = 3;
export const CONNECTIONS = 64;
export const WARMUP_SECONDS = 2;
export const DURATION_SECONDS = 10;
/** Requests each connection cycles through: one partner each, so 64 x 24 requests cover all 500 partners. */
const REQUESTS_PER_CONNECTION = 24;
export const THROUGHPUT_RATIO_TARGET = 0.5;
export const P99_TARGET_MS = 25;
const ROUTE = '/api/Product';

export const SCALE_NOTE =
  'a straightforward Fastify + pg handler reaches about 0.18 of the bare route here; a headless CMS about 0.02';

/** CPU seconds used during the measured window, from /proc. */
export interface CpuUse {
  wallSeconds: number;
  /** The target's server process: the portal, or the bare Fastify child. */
  server: number;
  /** The PostgreSQL backends serving the portal's database (idle during the bare run). */
  postgres: number;
  /** This process: autocannon. */
  loadGenerator: number;
  /**
   * The whole machine (null without /proc/stat); minus the three above, the `rest of machine` column: the kernel's
   * loopback networking (softirq time, charged to no process) and any other work running meanwhile.
   */
  machine: number | null;
}

export interface TargetRun {
  name: string;
  load: LoadResult;
  cpu: CpuUse;
}

export interface ProductListResult {
  machineLoad: MachineLoad;
  postgresVersion: string;
  partners: number;
  products: number;
  pageSize: number;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  responseBytes: number;
  contentType: string;
  /** Caches on: 1,536 partner pages repeat across the 64 connections, so most requests are cache hits. */
  portal: TargetRun;
  /** Caches off: every request looks its session and its page up in PostgreSQL, as a partner's first read does. */
  cold: TargetRun;
  bare: TargetRun;
  /** Warm portal req/s divided by the bare route's. */
  ratioToBare: number;
  /** Cold portal req/s divided by the bare route's. */
  coldRatioToBare: number;
  meetsThroughputTarget: boolean;
  meetsLatencyTarget: boolean;
}

export async function measureProductList(): Promise<ProductListResult> {
  const machineLoad = await sampleMachineLoad();
  const database = await createBenchDatabase('portal_bench');
  console.log(`Created database ${database.name}`);
  const serverEnv = (cacheSeconds: string) => ({
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PAYMENTS: 'sandbox',
    SEED_DEMO: 'false',
    CACHE_SECONDS: cacheSeconds,
  });
  const postgresPids = () => backendPids(database.name);
  try {
    let seeded: { tokens: string[]; postgresVersion: string } | undefined;
    let sample: { body: Buffer; contentType: string } | undefined;
    /** One portal server (the first one runs the migrations before the seed), loaded once, then stopped. */
    const measurePortal = async (name: string, cacheSeconds: string) => {
      const server = await startPortalServer({ env: serverEnv(cacheSeconds) });
      try {
        seeded ??= await seedProductList(database.url);
        const tokens = seeded.tokens;
        sample = await checkProductList(server.url, tokens);
        return await loadTarget(name, server.url, (c) => requestsOfConnection(c, tokens), server.pid, postgresPids);
      } finally {
        await server.stop();
      }
    };
    const portal = await measurePortal('portal, warm (caches on)', '30');
    const cold = await measurePortal('portal, cold (CACHE_SECONDS=0)', '0');
    if (!seeded || !sample) throw new Error('the portal was not measured');
    const tokens = seeded.tokens;
    const bare = await startBareRoute(ROUTE, sample.body, sample.contentType);
    let bareRun: TargetRun;
    try {
      bareRun = await loadTarget(
        'bare Fastify route, same bytes',
        bare.url,
        (c) => requestsOfConnection(c, tokens),
        bare.pid,
        postgresPids,
      );
    } finally {
      await bare.close();
    }
    const ratioToBare = portal.load.requestsPerSecond / bareRun.load.requestsPerSecond;
    return {
      machineLoad,
      postgresVersion: seeded.postgresVersion,
      partners: PARTNERS,
      products: PARTNERS * PRODUCTS_PER_PARTNER,
      pageSize: PAGE_SIZE,
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      durationSeconds: DURATION_SECONDS,
      responseBytes: sample.body.length,
      contentType: sample.contentType,
      portal,
      cold,
      bare: bareRun,
      ratioToBare,
      coldRatioToBare: cold.load.requestsPerSecond / bareRun.load.requestsPerSecond,
      meetsThroughputTarget: answeredCleanly(portal) && ratioToBare >= THROUGHPUT_RATIO_TARGET,
      meetsLatencyTarget: answeredCleanly(portal) && portal.load.latencyMs.p99 <= P99_TARGET_MS,
    };
  } finally {
    await database.drop();
    console.log(`Dropped database ${database.name}`);
  }
}

/** Partners, their products and one live session each, straight into the tables. Returns the bearer tokens. */
export async function seedProductList(databaseUrl: string): Promise<{ tokens: string[]; postgresVersion: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    await client.query('begin');
    await client.query('select setseed(0.2026)');
    await client.query(SEED_USERS_SQL, [PARTNERS]);
    await client.query(SEED_PRODUCTS_SQL, [PRODUCTS_PER_PARTNER]);
    const { rows } = await client.query<{ id: string }>(
      `select id from users where email like '%@bench.example' order by email`,
    );
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    await client.query(
      `insert into sessions (user_id, token_hash, expires_at)
       select user_id, token_hash, now() + interval '1 day' from unnest($1::uuid[], $2::text[]) as s(user_id, token_hash)`,
      [rows.map((row) => row.id), tokens.map((token) => createHash('sha256').update(token).digest('hex'))],
    );
    await client.query('commit');
    // Fresh tables have no statistics yet; a live database would have them from autovacuum.
    await client.query('analyze users, sessions, products');
    const counts = await client.query<{ users: number; products: number; sessions: number }>(
      `select (select count(*)::int from users where email like '%@bench.example') as users,
              (select count(*)::int from products) as products,
              (select count(*)::int from sessions) as sessions`,
    );
    const version = await client.query<{ server_version: string }>('show server_version');
    const count = counts.rows[0];
    console.log(
      `Seeded ${count?.users} partners, ${count?.products} products and ${count?.sessions} sessions ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (count?.users !== PARTNERS || count.products !== PARTNERS * PRODUCTS_PER_PARTNER) {
      throw new Error('the seed did not produce the expected rows');
    }
    return { tokens, postgresVersion: version.rows[0]?.server_version ?? '' };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

const SEED_USERS_SQL = `
insert into users (email, password_hash, first_name, last_name, introduce, registered_business_name,
                   registered_address, created_at, updated_at)
select format('partner%s@bench.example', lpad(i::text, 4, '0')),
       'bench-only: this partner never signs in with a password',
       (array['Avery','Jordan','Mina','Kenji','Sofia','Luca','Priya','Omar','Hana','Noah'])[1 + i % 10],
       (array['Chan','Okafor','Silva','Tanaka','Novak','Haddad','Kim','Rossi','Patel','Larsen'])[1 + (i / 10) % 10],
       'We build location-based AR games for phones and headsets.',
       format('%s %s Ltd', (array['Lumen','Harbor','Pixel','Orbit','Quartz','Maple','Nimbus','Vertex'])[1 + i % 8],
              (array['Forge','Studio','Interactive','Games','Labs','Works'])[1 + i % 6]),
       format('%s Harbour Road, Wan Chai, Hong Kong', i),
       now() - make_interval(days => 900 - i), now() - make_interval(days => 900 - i)
from generate_series(1, $1::int) as i`;

const SEED_PRODUCTS_SQL = `
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
insert into products (owner_id, name, description, introduce, price_cents, tags, icon_url, thumbnail_url,
                      small_thumbnail_url, cover_thumbnail_url, status, created_at, updated_at, tokens_to_play,
                      min_players, max_players)
select u.id,
       w.adjectives[1 + floor(r.a * 16)::int] || ' ' || w.nouns[1 + floor(r.b * 16)::int] || ' '
         || w.suffixes[1 + floor(r.c * 10)::int],
       w.pitches[1 + floor(r.d * 6)::int] || ' ' || w.details[1 + floor(r.e * 5)::int],
       w.pitches[1 + floor(r.e * 6)::int] || ' ' || w.details[1 + floor(r.d * 5)::int] || ' '
         || w.details[1 + floor(r.a * 5)::int],
       (array[0, 99, 199, 299, 499, 999, 1499])[1 + floor(r.b * 7)::int],
       w.tags[1 + floor(r.c * 11)::int : 2 + floor(r.c * 11)::int + floor(r.d * 3)::int],
       '/files/' || gen_random_uuid() || '/origin.png',
       '/files/' || gen_random_uuid() || '/origin.png',
       '/files/' || gen_random_uuid() || '/origin.png',
       '/files/' || gen_random_uuid() || '/origin.png',
       'Draft',
       r.created_at, r.created_at,
       1 + floor(r.e * 10)::int,
       1 + floor(r.a * 2)::int,
       2 + floor(r.a * 2)::int + floor(r.b * 6)::int
from users u
cross join generate_series(1, $1::int) as g(n)
cross join words w
-- lateral and tied to the row, so that random() is drawn again for every product
cross join lateral (
  select random() as a, random() as b, random() as c, random() as d, random() as e,
         now() - random() * interval '730 days' - make_interval(secs => g.n) as created_at
  where u.id is not null
) as r
where u.email like '%@bench.example'`;

/** Connection `c` asks for 24 different partners in turn, with PageIndex 1, 2, 3 rotating. */
export function requestsOfConnection(connection: number, tokens: string[]): LoadRequest[] {
  const requests: LoadRequest[] = [];
  for (let k = 0; k < REQUESTS_PER_CONNECTION; k += 1) {
    const token = tokens[(connection + CONNECTIONS * k) % tokens.length];
    requests.push({
      path: `${ROUTE}?PageIndex=${(k % PAGES) + 1}&PageSize=${PAGE_SIZE}`,
      headers: { authorization: `Bearer ${token}` },
    });
  }
  return requests;
}

/** One request answers 200 with a full page of the partner's own games; its exact bytes are returned. */
export async function checkProductList(
  baseUrl: string,
  tokens: string[],
): Promise<{ body: Buffer; contentType: string }> {
  const response = await fetch(`${baseUrl}${ROUTE}?PageIndex=1&PageSize=${PAGE_SIZE}`, {
    // autocannon sends no accept-encoding either: the portal answers uncompressed
    headers: { authorization: `Bearer ${tokens[0]}`, 'accept-encoding': 'identity' },
  });
  const body = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? '';
  if (response.status !== 200) {
    throw new Error(`GET ${ROUTE} answered ${response.status}: ${body.toString('utf8').slice(0, 300)}`);
  }
  const page = JSON.parse(body.toString('utf8')) as { data?: unknown[]; totalCount?: number };
  if (page.data?.length !== PAGE_SIZE || page.totalCount !== PRODUCTS_PER_PARTNER) {
    throw new Error(
      `GET ${ROUTE} answered ${page.data?.length} items and totalCount ${page.totalCount}; ` +
        `expected ${PAGE_SIZE} and ${PRODUCTS_PER_PARTNER}`,
    );
  }
  console.log(
    `Check: GET ${ROUTE}?PageIndex=1&PageSize=${PAGE_SIZE} answered 200 with ${page.data.length} items, ` +
      `totalCount ${page.totalCount}, ${body.length} bytes of ${contentType}`,
  );
  return { body, contentType };
}

async function loadTarget(
  name: string,
  url: string,
  requestsFor: (connection: number) => LoadRequest[],
  serverPid: number,
  postgresPids: () => Promise<number[]>,
): Promise<TargetRun> {
  const options = { connections: CONNECTIONS, requestsFor };
  console.log(`Loading ${name}: ${WARMUP_SECONDS} s warm-up, then ${DURATION_SECONDS} s at ${CONNECTIONS} connections`);
  await runLoad(url, { ...options, durationSeconds: WARMUP_SECONDS });

  // After the warm-up, the portal's pool has opened its connections: their backends are the database's share.
  const backends = await postgresPids();
  const serverMeter = new CpuMeter(() => [serverPid]);
  const postgresMeter = new CpuMeter(() => backends);
  const machineMeter = new MachineCpuMeter();
  const ownStart = process.cpuUsage();
  const load = await runLoad(url, { ...options, durationSeconds: DURATION_SECONDS });
  const own = process.cpuUsage(ownStart);
  const server = serverMeter.read();
  const machineBusyCores = machineMeter.read();
  return {
    name,
    load,
    cpu: {
      wallSeconds: server.wallSeconds,
      server: server.cpuSeconds,
      postgres: postgresMeter.read().cpuSeconds,
      loadGenerator: (own.user + own.system) / 1e6,
      machine: machineBusyCores === null ? null : machineBusyCores * server.wallSeconds,
    },
  };
}

/** Refused or failed requests are fast and would flatter the figures: the targets only count clean runs. */
function answeredCleanly(run: TargetRun): boolean {
  return run.load.non2xx === 0 && run.load.errors === 0 && run.load.timeouts === 0;
}

// autocannon records latencies in whole milliseconds
const formatMs = (ms: number) => `${Number.isInteger(ms) ? ms : ms.toFixed(1)} ms`;

export function printProductListTable(result: ProductListResult): void {
  const rows = [result.portal, result.cold, result.bare].map((run) => [
    run.name,
    run.load.requestsPerSecond.toFixed(0),
    formatMs(run.load.latencyMs.p50),
    formatMs(run.load.latencyMs.p90),
    formatMs(run.load.latencyMs.p99),
    formatMs(run.load.latencyMs.max),
    (run.load.requestsPerSecond / result.bare.load.requestsPerSecond).toFixed(2),
    String(run.load.non2xx),
    String(run.load.errors + run.load.timeouts),
  ]);
  printTable(
    `GET /api/Product (${result.pageSize} per page) on PostgreSQL ${result.postgresVersion}, warm: caches on, ` +
      'each connection repeating its 24 partner pages (mostly cache hits); cold: CACHE_SECONDS=0, every request ' +
      'reads its session and page from PostgreSQL; ' +
      `${result.products} products across ${result.partners} partners, ${result.connections} connections, ` +
      `${result.durationSeconds} s after a ${result.warmupSeconds} s warm-up; response ${result.responseBytes} bytes`,
    [
      { header: 'target' },
      { header: 'req/s', align: 'right' },
      { header: 'p50', align: 'right' },
      { header: 'p90', align: 'right' },
      { header: 'p99', align: 'right' },
      { header: 'max', align: 'right' },
      { header: 'ratio to bare', align: 'right' },
      { header: 'non-2xx', align: 'right' },
      { header: 'errors', align: 'right' },
    ],
    rows,
  );
  console.log(
    `Portal req/s >= ${THROUGHPUT_RATIO_TARGET} x bare: ${result.ratioToBare.toFixed(2)} x, ` +
      `${formatVerdict(result.meetsThroughputTarget)}`,
  );
  console.log(
    `Portal p99 <= ${P99_TARGET_MS} ms at ${result.connections} connections: ` +
      `${formatMs(result.portal.load.latencyMs.p99)}, ${formatVerdict(result.meetsLatencyTarget)}`,
  );
  console.log(
    `Cold (caches off): ${result.coldRatioToBare.toFixed(2)} x bare, p99 ${formatMs(result.cold.load.latencyMs.p99)}.`,
  );
  for (const run of [result.portal, result.cold, result.bare]) {
    if (!answeredCleanly(run)) {
      console.log(`WARNING: ${run.name} had non-2xx answers or errors: its figures do not count toward the targets.`);
    }
  }
  console.log(`For scale: ${SCALE_NOTE}.`);
  console.log(`Before the run: ${describeMachineLoad(result.machineLoad)}.`);
  const share = (run: TargetRun, seconds: number | null) =>
    seconds === null ? 'n/a' : `${Math.round((seconds / run.cpu.wallSeconds) * 100)}%`;
  const others = (run: TargetRun) =>
    run.cpu.machine === null
      ? null
      : Math.max(0, run.cpu.machine - run.cpu.server - run.cpu.postgres - run.cpu.loadGenerator);
  const perRequest = (run: TargetRun, seconds: number) => `${Math.round((seconds / run.load.totalRequests) * 1e6)} µs`;
  printTable(
    `CPU during the measured window, as a share of one core (this machine has ${os.availableParallelism()} cores; ` +
      'autocannon runs in this process), and per request',
    [
      { header: 'target' },
      { header: 'server', align: 'right' },
      { header: 'postgres', align: 'right' },
      { header: 'autocannon', align: 'right' },
      { header: 'rest of machine', align: 'right' },
      { header: 'server CPU / request', align: 'right' },
      { header: 'postgres CPU / request', align: 'right' },
    ],
    [result.portal, result.cold, result.bare].map((run) => [
      run.name,
      share(run, run.cpu.server),
      share(run, run.cpu.postgres),
      share(run, run.cpu.loadGenerator),
      share(run, others(run)),
      perRequest(run, run.cpu.server),
      perRequest(run, run.cpu.postgres),
    ]),
  );
  const portal = result.portal;
  const serverShare = portal.cpu.server / portal.cpu.wallSeconds;
  const machineBusy = portal.cpu.machine === null ? null : portal.cpu.machine / portal.cpu.wallSeconds;
  const saturated = machineBusy !== null && machineBusy >= 0.9 * os.availableParallelism();
  console.log(
    `CPU-bound hint: the portal server used ${Math.round(serverShare * 100)}% of a core ` +
      `(${perRequest(portal, portal.cpu.server)} of JavaScript-thread CPU per request against ` +
      `${perRequest(result.bare, result.bare.cpu.server)} for the bare route)` +
      (serverShare >= 0.85
        ? ': its one thread is the bottleneck; profile it with `node --cpu-prof`.'
        : saturated
          ? `, while the machine's cores were all busy (${machineBusy?.toFixed(2)} of ${os.availableParallelism()}): ` +
            'the server, PostgreSQL and the load generator compete for CPU, so the cost per request decides throughput.'
          : ', so it also waits on PostgreSQL or on the network.'),
  );
}

async function main(): Promise<void> {
  const result = await measureProductList();
  printProductListTable(result);
}

if (isEntryPoint(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
