/**
 * A partner's income on PostgreSQL: the filtered page of My Project Income under load beside a bare Fastify route
 * answering the same bytes, the CSV export of 100,000 sales beside a bare stream of the same bytes, and a settlement
 * run over 100,000 due sales of 1,000 partners beside the same row changes made by set-based SQL.
 *
 *   npx tsx bench/income.ts      (also part of `npm run bench`)
 *
 * - Creates a fresh database `portal_income_<timestamp>` on the local PostgreSQL server (127.0.0.1:5432, user
 *   postgres, trust auth; BENCH_POSTGRES_URL overrides the admin URL) and drops it at the end.
 * - Seeds with generate_series, straight into the tables (the server's default fee rates, each sale's payout date
 *   the last day of the second month after its Hong Kong month, both checked on a sample against the rules in
 *   @portal/contracts): one partner with 20 games and 100,000 sales over the last two years (those whose payout day
 *   has passed Settled, 3% voided, the rest Unsettled); 1,000 partners with a payout account, one game and 100 sales
 *   due on the latest payout day (P) each, plus 10 sales each bought in the last 30 days (not due); 100 partners
 *   without a payout account with 10 due sales each; a session for the partner and one for an admin.
 * - Query: a server in production mode (LOG_LEVEL=warn, JOBS=false, default caches), loaded with autocannon from this
 *   process at 8 connections, a 2 s warm-up, then 10 s measured (BENCH_SECONDS overrides): the filtered page (a
 *   purchase date range, Status=Settled, a name that 4 of the 20 games hold; page 3 of 10), and for scale the
 *   unfiltered first page and the filtered page on a server that keeps no count (CACHE_SECONDS=0). Baseline: a bare Fastify route of the same path answering the filtered page's bytes.
 *   When the filtered page misses its target, prints PostgreSQL's plan of the page statement as the server runs it:
 *   built by the server's own repository code, EXPLAIN ANALYZE of its generic plan (the pool forces generic plans).
 * - Export: 2 runs, each on a fresh server as above: one query page (so the request path's code is loaded), 3 s to
 *   settle, a baseline (highest VmRSS over 2 s idle), then `GET /api/User/Income/Export.csv` with no filter (every
 *   sale, uncompressed), VmRSS sampled every 20 ms and VmHWM reset before it and read after it. Reports the time to
 *   the first body byte (the CSV's header line, sent before any query) and to the first sale's line, the total
 *   time, the bytes, the CPU the server and PostgreSQL spent meanwhile and the server's memory growth (peak minus
 *   baseline, or the largest rise during the download when larger). Baseline: a bare Fastify route streaming the same bytes from a file
 *   (bench/lib/bare-stream-server.ts), after one warm-up download.
 * - Settlement: a server as above but in development mode, so that its mails go to the dev outbox table (in
 *   production without SMTP_URL they are only logged); `POST /api/Admin/Settlement/Run` as the admin, timed from the
 *   request to the end of its answer, with the CPU the server and PostgreSQL spent meanwhile. Then checks in SQL
 *   that every due sale of a partner with an account is Settled under that partner's one payout (Sent, its amount
 *   and count those of its sales), that each payout has exactly one sandbox transfer of its amount and one mail,
 *   and that nothing else moved. Baseline, just before the run: the same inserts and updates as a few set-based
 *   statements in one transaction from this process, timed with the CPU of its backend, rolled back and vacuumed.
 *
 * Verdicts (the income issue): filtered page p99 < 20 ms; export < 2 s with server memory growth < 32 MB, each run;
 * settlement run < 10 s with every check passing. A load with non-2xx answers or errors never meets its target.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import {
  INCOME_CSV_HEADER,
  type IncomePage,
  type IncomeQuery,
  latestPayoutDayOnOrBefore,
  payoutDateOf,
  payoutZoneDate,
  purchaseRange,
  type SettlementRun,
  splitSale,
} from '@portal/contracts';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { selectOwnedItemIdsNamed } from '../apps/server/src/modules/catalog/repository.ts';
import { selectIncomePage } from '../apps/server/src/modules/income/repository.ts';
import { DURATION_SECONDS, loadTarget, perRequestUs, type Run, ratio } from './hot-reads.ts';
import { startBareRoute } from './lib/bare-route.ts';
import { startBareStreamRoute } from './lib/bare-stream-route.ts';
import type { LoadRequest } from './lib/load.ts';
import { isEntryPoint } from './lib/paths.ts';
import { backendPids, createBenchDatabase } from './lib/postgres.ts';
import {
  CpuMeter,
  describeMachineLoad,
  type MachineLoad,
  type RssWatch,
  readBaselineRssKb,
  readRssKb,
  sampleMachineLoad,
  watchRss,
} from './lib/proc-stats.ts';
import { type PortalServer, startPortalServer } from './lib/server.ts';
import { formatVerdict, printTable } from './lib/table.ts';

export const EXPORT_SALES = 100_000;
export const SETTLEMENT_PARTNERS = 1000;
export const DUE_SALES_PER_PARTNER = 100;
export const NOT_DUE_SALES_PER_PARTNER = 10;
export const WAITING_PARTNERS = 100;
export const WAITING_SALES_PER_PARTNER = 10;
export const QUERY_CONNECTIONS = 8;
export const PAGE_SIZE = 10;
export const EXPORT_RUNS = 2;
export const SAMPLE_INTERVAL_MS = 20;
export const SETTLE_SECONDS = 3;
export const BASELINE_SECONDS = 2;

export const QUERY_P99_TARGET_MS = 20;
export const EXPORT_SECONDS_TARGET = 2;
export const EXPORT_GROWTH_TARGET_MB = 32;
export const SETTLEMENT_SECONDS_TARGET = 10;

/** The 20 games of the partner with 100,000 sales: 4 hold the name filter's word. */
const GAME_NAMES = [
  'Neon Dragon Quest',
  'Hidden Maze Hunt',
  'Lost Orbit Run',
  'Crystal Dragon Party',
  'Midnight Harbor Escape',
  'Solar Treasure Tactics',
  'Pocket Dragon Builders',
  'Echo Rally Legends',
  'Shadow Tower Rush',
  'Wild Dragon Odyssey',
  'Floating Puzzle Quest',
  'Tiny Arena Hunt',
  'Ancient Forest Run',
  'Electric Robot Party',
  'Silent Comet Escape',
  'Golden Lantern Tactics',
  'Neon Kingdom Builders',
  'Hidden Voyage Legends',
  'Lost Garden Rush',
  'Crystal Maze Odyssey',
];
const NAME_FILTER = 'Dragon';
const FILTERED_PAGE_INDEX = 3;
const DAY_MS = 86_400_000;
const MB = 1024 * 1024;

const QUERY_ROUTE = '/api/User/Income/Query';
const EXPORT_ROUTE = '/api/User/Income/Export.csv';
const RUN_ROUTE = '/api/Admin/Settlement/Run';
const FEE_RATES = loadConfig({}).feeRates;

/** What the seed made that requests and checks need. */
export interface IncomeEstate {
  partnerId: string;
  partnerToken: string;
  adminToken: string;
  /** The latest payout day on or before the seed's day in Hong Kong: what an admin's run settles. */
  payoutDay: string;
  filter: Required<Pick<IncomeQuery, 'Name' | 'PurchaseDateFrom' | 'PurchaseDateTo' | 'Status'>>;
  filteredCount: number;
  dueSales: number;
  dueIncomeCents: number;
  postgresVersion: string;
  seedSeconds: number;
}

export interface QueryTarget {
  name: string;
  path: string;
  targeted: boolean;
  responseBytes: number;
  totalCount: number;
  run: Run;
}

export interface IncomeQueryResult {
  machineLoad: MachineLoad;
  connections: number;
  durationSeconds: number;
  targets: QueryTarget[];
  bare: Run;
  /** PostgreSQL's plan of the filtered page statement, printed when the page misses its target. */
  plan: string[] | null;
}

export interface TimedDownload {
  status: number;
  /** From the request to the response's headers, its first body byte, the first byte after its first line, its end. */
  headersSeconds: number;
  firstByteSeconds: number;
  secondLineSeconds: number;
  totalSeconds: number;
  bytes: number;
  sha256: string;
  lines: number;
  firstLine: string;
}

export interface ExportRun {
  run: number;
  machineLoad: MachineLoad;
  download: TimedDownload;
  /** CPU seconds the server and PostgreSQL spent during the download. */
  serverCpuSeconds: number;
  postgresCpuSeconds: number;
  memory: RssWatch;
  /** VmRSS one second after the download. */
  afterKb: number;
  growthMb: number;
  meetsTime: boolean;
  meetsMemory: boolean;
}

export interface IncomeExportResult {
  runs: ExportRun[];
  bare: TimedDownload[];
}

export interface SettlementResult {
  machineLoad: MachineLoad;
  payoutDay: string;
  seconds: number;
  serverCpuSeconds: number;
  postgresCpuSeconds: number;
  answer: SettlementRun;
  /** The same row changes as set-based SQL in one transaction, rolled back, just before the run. */
  floorSeconds: number;
  floorPostgresCpuSeconds: number;
  /** What the checks found wrong; empty when every one passed. */
  failures: string[];
  met: boolean;
}

export interface IncomeResult {
  postgresVersion: string;
  seedSeconds: number;
  sales: number;
  query: IncomeQueryResult;
  export: IncomeExportResult;
  settlement: SettlementResult;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const isoDay = (instant: Date) => instant.toISOString().slice(0, 10);
const cleanly = (run: Run) => run.load.non2xx === 0 && run.load.errors === 0 && run.load.timeouts === 0;

export const meetsQueryTarget = (target: QueryTarget) =>
  cleanly(target.run) && target.run.load.latencyMs.p99 < QUERY_P99_TARGET_MS;

const serverEnv = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  PAYMENTS: 'sandbox',
  SEED_DEMO: 'false',
  JOBS: 'false',
});

export async function measureIncome(): Promise<IncomeResult> {
  const database = await createBenchDatabase('portal_income');
  console.log(`Created database ${database.name}`);
  try {
    // the first start migrates the empty database
    const migrating = await startPortalServer({ env: serverEnv(database.url) });
    await migrating.stop();
    const seeded = await seedIncome(database.url);
    const { estate } = seeded;
    const query = await measureQuery(database.url, database.name, estate);
    const exported = await measureExport(database.url, database.name, estate);
    const settlement = await measureSettlement(database.url, database.name, estate);
    return {
      postgresVersion: estate.postgresVersion,
      seedSeconds: estate.seedSeconds,
      sales: seeded.sales,
      query,
      export: exported,
      settlement,
    };
  } finally {
    await database.drop();
    console.log(`Dropped database ${database.name}`);
  }
}

// the estate

/** The estate, straight into the tables, vacuumed and analyzed. */
export async function seedIncome(databaseUrl: string): Promise<{ estate: IncomeEstate; sales: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    const now = new Date();
    const payoutDay = latestPayoutDayOnOrBefore(payoutZoneDate(now));
    // the sales due on P were bought in the Hong Kong month two before P's
    const [year = 0, month = 1] = payoutDay.split('-').map(Number);
    const hongKongMonthStart = (monthIndex: number) => new Date(Date.UTC(year, monthIndex, 1) - 8 * 3_600_000);
    const dueFrom = hongKongMonthStart(month - 3);
    const dueTo = hongKongMonthStart(month - 2);
    const rates = [FEE_RATES.paymentPercentBasisPoints, FEE_RATES.paymentFixedCents, FEE_RATES.commissionBasisPoints];

    await client.query('begin');
    await client.query('select setseed(0.2026)');
    for (const [prefix, count, role] of [
      ['admin', 1, 'Admin'],
      ['partner', 1, 'Partner'],
      ['settle', SETTLEMENT_PARTNERS, 'Partner'],
      ['waiting', WAITING_PARTNERS, 'Partner'],
    ] as const) {
      await client.query(SEED_USERS_SQL, [prefix, count, role]);
    }
    await client.query(SEED_PARTNER_GAMES_SQL, [GAME_NAMES]);
    await client.query(SEED_ONE_GAME_EACH_SQL, [GAME_NAMES]);
    await client.query(SEED_PAYOUT_ACCOUNTS_SQL);
    const sales = [
      // the partner whose income is read: two years, paid up to P, the rest waiting; 3% voided
      ['partner%', EXPORT_SALES, new Date(now.getTime() - 730 * DAY_MS), now, 'sale', 0.03, true],
      ['settle%', DUE_SALES_PER_PARTNER, dueFrom, dueTo, 'due', 0, false],
      ['settle%', NOT_DUE_SALES_PER_PARTNER, new Date(now.getTime() - 30 * DAY_MS), now, 'recent', 0, false],
      ['waiting%', WAITING_SALES_PER_PARTNER, dueFrom, dueTo, 'waiting', 0, false],
    ] as const;
    let salesCount = 0;
    for (const [pattern, perPartner, from, to, prefix, voidShare, paidUpToP] of sales) {
      const inserted = await client.query(SEED_SALES_SQL, [
        `${pattern}@bench.example`,
        perPartner,
        from.toISOString(),
        to.toISOString(),
        prefix,
        payoutDay,
        voidShare,
        paidUpToP,
        ...rates,
      ]);
      salesCount += inserted.rowCount ?? 0;
    }

    const { rows: people } = await client.query<{ id: string; email: string }>(
      `select id, email from users where email in ('admin0001@bench.example', 'partner0001@bench.example')`,
    );
    const idOf = (email: string) => {
      const id = people.find((row) => row.email === email)?.id;
      if (!id) throw new Error(`the seed made no ${email}`);
      return id;
    };
    const partnerId = idOf('partner0001@bench.example');
    const adminId = idOf('admin0001@bench.example');
    const partnerToken = randomBytes(32).toString('base64url');
    const adminToken = randomBytes(32).toString('base64url');
    await client.query(
      `insert into sessions (user_id, token_hash, expires_at)
       select user_id, token_hash, now() + interval '1 day' from unnest($1::uuid[], $2::text[]) as s(user_id, token_hash)`,
      [
        [partnerId, adminId],
        [partnerToken, adminToken].map((token) => createHash('sha256').update(token).digest('hex')),
      ],
    );
    await client.query('commit');
    await checkSeedRules(client);

    const filter = {
      Name: NAME_FILTER,
      PurchaseDateFrom: isoDay(new Date(now.getTime() - 365 * DAY_MS)),
      PurchaseDateTo: isoDay(new Date(now.getTime() - 120 * DAY_MS)),
      Status: 'Settled' as const,
    };
    const range = purchaseRange(filter.PurchaseDateFrom, filter.PurchaseDateTo);
    const counted = await client.query<{ n: number }>(
      `select cast(count(*) as integer) as n from income_records r join products p on p.id = r.item_id
       where r.owner_id = $1 and p.name ilike $2 and r.status = $3 and r.purchased_at between $4 and $5`,
      [partnerId, `%${NAME_FILTER}%`, filter.Status, range.from?.toISOString(), range.to?.toISOString()],
    );
    const due = await client.query<{ n: number; cents: string }>(
      `select cast(count(*) as integer) as n, sum(r.income_cents) as cents
       from income_records r join payout_accounts a on a.user_id = r.owner_id
       where r.status = 'Unsettled' and r.payout_date <= $1`,
      [payoutDay],
    );

    // as autovacuum leaves a table a minute after a bulk load: statistics, and the visibility map index-only scans read
    await client.query('vacuum analyze');
    const version = await client.query<{ server_version: string }>('show server_version');
    const seedSeconds = (Date.now() - started) / 1000;
    console.log(
      `Seeded ${salesCount.toLocaleString('en')} sales (the partner's ${EXPORT_SALES.toLocaleString('en')}; ` +
        `${(due.rows[0]?.n ?? 0).toLocaleString('en')} due on ${payoutDay} to partners with a payout account) ` +
        `in ${seedSeconds.toFixed(1)} s`,
    );
    return {
      estate: {
        partnerId,
        partnerToken,
        adminToken,
        payoutDay,
        filter,
        filteredCount: counted.rows[0]?.n ?? 0,
        dueSales: due.rows[0]?.n ?? 0,
        dueIncomeCents: Number(due.rows[0]?.cents ?? 0),
        postgresVersion: version.rows[0]?.server_version ?? '',
        seedSeconds,
      },
      sales: salesCount,
    };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/** Throws unless a sample of the seeded sales splits and falls due as the rules in @portal/contracts say. */
async function checkSeedRules(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{
    purchased_at: Date;
    payout_date: string;
    total_cents: number;
    payment_platform_fee_cents: number;
    platform_fee_cents: number;
    income_cents: number;
  }>(
    `select purchased_at, payout_date::text as payout_date, total_cents, payment_platform_fee_cents,
            platform_fee_cents, income_cents
     from income_records order by random() limit 2000`,
  );
  for (const row of rows) {
    const split = splitSale(row.total_cents, FEE_RATES);
    if (
      payoutDateOf(row.purchased_at) !== row.payout_date ||
      split.paymentPlatformFeeCents !== row.payment_platform_fee_cents ||
      split.platformFeeCents !== row.platform_fee_cents ||
      split.incomeCents !== row.income_cents
    ) {
      throw new Error(`the seed broke the income rules: ${JSON.stringify(row)}`);
    }
  }
}

/** `prefix0001@bench.example` … with names, an address and a role. */
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

const GAME_COLUMNS = `owner_id, name, description, price_cents, icon_url, thumbnail_url, small_thumbnail_url,
  cover_thumbnail_url, status, released_at, created_at, updated_at, introduce, tokens_to_play, min_players,
  max_players`;
const GAME_VALUES = `'Build a tower on any table top and defend it against waves of paper invaders.', 499,
  '/files/' || gen_random_uuid() || '/origin.png', '/files/' || gen_random_uuid() || '/medium.png',
  '/files/' || gen_random_uuid() || '/small.png', '/files/' || gen_random_uuid() || '/origin.jpg', 'Released',
  now() - interval '800 days', now() - interval '800 days', now() - interval '800 days',
  'Plays in ten-minute rounds and needs about two square metres of free floor.', 2, 1, 4`;

/** The read partner's 20 games. */
const SEED_PARTNER_GAMES_SQL = `
insert into products (${GAME_COLUMNS})
select u.id, g.name, ${GAME_VALUES}
from users u cross join unnest($1::text[]) as g(name)
where u.email = 'partner0001@bench.example'`;

/** One game for each partner settled or waiting. */
const SEED_ONE_GAME_EACH_SQL = `
insert into products (${GAME_COLUMNS})
select u.id, ($1::text[])[1 + (row_number() over (order by u.email))::int % array_length($1::text[], 1)], ${GAME_VALUES}
from users u
where u.email like 'settle%@bench.example' or u.email like 'waiting%@bench.example'`;

const SEED_PAYOUT_ACCOUNTS_SQL = `
insert into payout_accounts (user_id, account_id, account_type, connected_at)
select id, 'acct_sandbox_' || substr(md5(id::text), 1, 16), 'Express', now() - interval '400 days'
from users where email like 'settle%@bench.example'`;

/**
 * $2 sales for each partner whose email is like $1, bought between $3 and $4 at random over the partner's games,
 * split at the fee rates $9 (payment %, in basis points), $10 (payment fixed cents) and $11 (commission, basis
 * points) as splitSale does, due on the last day of the second month after their Hong Kong month as payoutDateOf
 * says; a share $7 voided; with $8 those due on or before $6 Settled on their payout day, the others Unsettled.
 */
const SEED_SALES_SQL = `
insert into income_records (transaction_id, owner_id, item_type, item_id, version, buyer_email, buyer_full_name,
                            purchased_at, total_cents, payment_platform_fee_cents, platform_fee_cents, income_cents,
                            commission_basis_points, status, payout_date, settled_at, voided_at, created_at)
select format('%s-%s-%s', $5::text, u.n, g.n), u.id, 'Product', u.game_ids[1 + g.n % array_length(u.game_ids, 1)],
       1 + g.n % 3, format('player%s@players.example', r.buyer),
       (array['Avery','Jordan','Mina','Kenji','Sofia','Luca','Priya','Omar','Hana','Noah'])[1 + r.buyer % 10]
         || ' ' ||
         (array['Chan','Okafor','Silva','Tanaka','Novak','Haddad','Kim','Rossi','Patel','Larsen'])[1 + r.buyer / 10 % 10],
       r.purchased_at, r.total, f.payment_fee, f.platform_fee, r.total - f.payment_fee - f.platform_fee, $11::int,
       case when r.voided then 'NonSettlement' when $8::boolean and d.payout_date <= $6::date then 'Settled'
            else 'Unsettled' end,
       d.payout_date,
       case when not r.voided and $8::boolean and d.payout_date <= $6::date
            then d.payout_date::timestamp at time zone 'UTC' end,
       case when r.voided then r.purchased_at + interval '3 days' end,
       r.purchased_at
from (select u.id, row_number() over (order by u.email) as n,
             (select array_agg(p.id order by p.name, p.id) from products p where p.owner_id = u.id) as game_ids
      from users u where u.email like $1::text) as u
cross join generate_series(1, $2::int) as g(n)
-- lateral and tied to the row, so that random() is drawn again for every sale
cross join lateral (
  select $3::timestamptz + random() * ($4::timestamptz - $3::timestamptz) as purchased_at,
         (array[99, 199, 299, 499, 999, 1499, 2999])[1 + floor(random() * 7)::int] as total,
         random() < $7::float8 as voided, floor(random() * 50000)::int as buyer
  where g.n is not null
) as r
cross join lateral (
  select (date_trunc('month', (r.purchased_at at time zone 'UTC') + interval '8 hours') + interval '3 months'
          - interval '1 day')::date as payout_date
) as d
cross join lateral (
  select least(r.total, (r.total * $9::int + 5000) / 10000 + $10::int) as payment_fee
) as p
cross join lateral (
  select p.payment_fee, least(r.total - p.payment_fee, (r.total * $11::int + 5000) / 10000) as platform_fee
) as f`;

/**
 * The floor under a settlement run: what it writes (a run, a payout per partner with its sales moved to Settling,
 * a transfer, the payout Sent with its sales Settled, a mail, the payout mailed) as set-based statements in one
 * transaction, rolled back, then vacuumed away. Answers the seconds they took and the CPU of their backend.
 */
function settleSetBased(databaseUrl: string, payoutDay: string): Promise<{ seconds: number; cpuSeconds: number }> {
  return withClient(databaseUrl, async (client) => {
    const backend = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const meter = new CpuMeter(() => [backend.rows[0]?.pid ?? 0]);
    await client.query('begin');
    let figures: { seconds: number; cpuSeconds: number };
    try {
      const run = await client.query<{ id: string }>(
        `insert into settlement_runs (payout_date, trigger, started_at) values ($1, 'Admin', now()) returning id`,
        [payoutDay],
      );
      const runId = run.rows[0]?.id;
      for (const { sql, withDay } of SETTLE_SET_BASED_SQL) {
        await client.query(sql, withDay ? [runId, payoutDay] : [runId]);
      }
      const { wallSeconds, cpuSeconds } = meter.read();
      figures = { seconds: wallSeconds, cpuSeconds };
    } finally {
      await client.query('rollback');
    }
    // the portal's run starts from tables without the floor's dead rows
    await client.query('vacuum analyze');
    return figures;
  });
}

/** $1 the run; $2, where a statement has it, the payout day. */
const SETTLE_SET_BASED_SQL: Array<{ sql: string; withDay: boolean }> = [
  {
    withDay: true,
    sql: `insert into payouts (partner_id, payout_date, amount_cents, sales_count, status, account_id, run_id)
          select due.owner_id, $2::date, 0, 0, 'Pending', a.account_id, $1::uuid
          from (select distinct owner_id from income_records
                where status = 'Unsettled' and payout_date <= $2::date) due
          join payout_accounts a on a.user_id = due.owner_id`,
  },
  {
    withDay: true,
    sql: `update income_records r set status = 'Settling', payout_id = p.id
          from payouts p
          where p.run_id = $1::uuid and r.owner_id = p.partner_id and r.status = 'Unsettled'
            and r.payout_date <= $2::date`,
  },
  {
    withDay: false,
    sql: `update payouts p set amount_cents = m.cents, sales_count = m.sales, attempts = 1
          from (select payout_id, sum(income_cents) as cents, count(*) as sales from income_records
                where payout_id in (select id from payouts where run_id = $1::uuid) group by payout_id) m
          where p.id = m.payout_id`,
  },
  {
    withDay: false,
    sql: `insert into sandbox_transfers (id, idempotency_key, transfer_group, account_id, amount_cents)
          select 'tr_sandbox_' || substr(md5(p.id::text), 1, 20),
                 'payout-' || p.partner_id || '-' || p.payout_date || '-' || p.account_id, p.id::text, p.account_id,
                 p.amount_cents
          from payouts p where p.run_id = $1::uuid`,
  },
  {
    withDay: false,
    sql: `update payouts p set status = 'Sent', transfer_id = t.id, sent_at = now()
          from sandbox_transfers t where t.transfer_group = p.id::text and p.run_id = $1::uuid`,
  },
  {
    withDay: false,
    sql: `update income_records r set status = 'Settled', settled_at = now()
          from payouts p where r.payout_id = p.id and p.run_id = $1::uuid and r.status = 'Settling'`,
  },
  {
    withDay: false,
    sql: `insert into outbox_mails ("to", subject, text, html)
          select u.email, 'Your payout is on its way', repeat('On the payout day we transferred your income. ', 20),
                 repeat('<p>On the payout day we transferred your income.</p>', 40)
          from payouts p join users u on u.id = p.partner_id where p.run_id = $1::uuid`,
  },
  { withDay: false, sql: `update payouts set mailed_at = now() where run_id = $1::uuid` },
  {
    withDay: false,
    sql: `update settlement_runs set finished_at = now(),
                 paid_count = (select count(*) from payouts where run_id = $1::uuid)
          where id = $1::uuid`,
  },
];

// the query

const queryPath = (query: Record<string, string | number>) =>
  `${QUERY_ROUTE}?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`;

async function measureQuery(databaseUrl: string, databaseName: string, estate: IncomeEstate) {
  const machineLoad = await sampleMachineLoad();
  const postgresPids = () => backendPids(databaseName);
  const headers = bearer(estate.partnerToken);
  const filtered = {
    name: `filtered page ${FILTERED_PAGE_INDEX} (dates, status, name)`,
    path: queryPath({ ...estate.filter, PageIndex: FILTERED_PAGE_INDEX, PageSize: PAGE_SIZE }),
    targeted: true,
    expectedTotal: estate.filteredCount,
  };
  const unfiltered = {
    name: 'first page, no filter',
    path: queryPath({ PageIndex: 1, PageSize: PAGE_SIZE }),
    targeted: false,
    expectedTotal: EXPORT_SALES,
  };
  const server = await startPortalServer({ env: serverEnv(databaseUrl) });
  const targets: QueryTarget[] = [];
  let sample: { body: Buffer; contentType: string } | undefined;
  try {
    for (const target of [filtered, unfiltered]) {
      const checked = await checkQueryPage(server.url, target.path, headers, target.expectedTotal);
      sample ??= checked;
      const run = await loadTarget(
        `${QUERY_ROUTE}, ${target.name}`,
        server.url,
        () => [{ path: target.path, headers }],
        server.pid,
        postgresPids,
        QUERY_CONNECTIONS,
      );
      targets.push({
        name: target.name,
        path: target.path,
        targeted: target.targeted,
        responseBytes: checked.body.length,
        totalCount: target.expectedTotal,
        run,
      });
    }
  } finally {
    await server.stop();
  }
  // the server keeps a filter's count while the partner pages through it (CACHE_SECONDS); without it, every page
  // counts every match again
  const uncached = await startPortalServer({ env: { ...serverEnv(databaseUrl), CACHE_SECONDS: '0' } });
  try {
    const name = `filtered page ${FILTERED_PAGE_INDEX}, counted every time (CACHE_SECONDS=0)`;
    const checked = await checkQueryPage(uncached.url, filtered.path, headers, filtered.expectedTotal);
    const run = await loadTarget(
      `${QUERY_ROUTE}, ${name}`,
      uncached.url,
      () => [{ path: filtered.path, headers }],
      uncached.pid,
      postgresPids,
      QUERY_CONNECTIONS,
    );
    targets.push({
      name,
      path: filtered.path,
      targeted: false,
      responseBytes: checked.body.length,
      totalCount: filtered.expectedTotal,
      run,
    });
  } finally {
    await uncached.stop();
  }
  if (!sample) throw new Error('the filtered page was not checked');
  const bare = await startBareRoute(QUERY_ROUTE, sample.body, sample.contentType);
  let bareRun: Run;
  try {
    const request: LoadRequest = { path: filtered.path, headers };
    bareRun = await loadTarget(
      `${QUERY_ROUTE}, bare route`,
      bare.url,
      () => [request],
      bare.pid,
      postgresPids,
      QUERY_CONNECTIONS,
    );
  } finally {
    await bare.close();
  }
  const missed = targets.some((target) => target.targeted && !meetsQueryTarget(target));
  return {
    machineLoad,
    connections: QUERY_CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    targets,
    bare: bareRun,
    plan: missed ? await explainFilteredPage(databaseUrl, estate) : null,
  };
}

/** Throws unless the page answers 200 with a full page of the expected total; answers its bytes. */
async function checkQueryPage(baseUrl: string, path: string, headers: Record<string, string>, total: number) {
  // autocannon sends no accept-encoding either: the portal answers uncompressed
  const response = await fetch(`${baseUrl}${path}`, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body.toString().slice(0, 300)}`);
  const page = JSON.parse(body.toString('utf8')) as IncomePage;
  if (page.data.length !== PAGE_SIZE || page.totalCount !== total) {
    throw new Error(
      `${path} answered ${page.data.length} sales of ${page.totalCount}; expected ${PAGE_SIZE} of ${total}`,
    );
  }
  const contentType = response.headers.get('content-type') ?? '';
  console.log(`Check: ${path} answered 200, ${page.totalCount} sales, ${body.length} bytes of ${contentType}`);
  return { body, contentType };
}

/**
 * PostgreSQL's plan of the filtered page statement as the server runs it: the statements are built by the server's
 * own repository functions (run once on a connection of this process, their text and parameters captured through
 * drizzle's logger), then prepared and explained with the pool's plan_cache_mode: the generic plan every execution
 * on the server gets.
 */
function explainFilteredPage(databaseUrl: string, estate: IncomeEstate): Promise<string[]> {
  return withClient(databaseUrl, async (client) => {
    const statements: Array<{ sql: string; params: unknown[] }> = [];
    const db = drizzle(client, {
      schema,
      logger: { logQuery: (sql, params) => statements.push({ sql, params }) },
    }) as unknown as Db;
    const { filter } = estate;
    const itemIds = await selectOwnedItemIdsNamed(db, estate.partnerId, filter.Name);
    statements.length = 0;
    await selectIncomePage(
      db,
      {
        ownerId: estate.partnerId,
        ...purchaseRange(filter.PurchaseDateFrom, filter.PurchaseDateTo),
        status: filter.Status,
        itemIds,
      },
      PAGE_SIZE,
      (FILTERED_PAGE_INDEX - 1) * PAGE_SIZE,
    );
    const page = statements[0];
    if (!page) throw new Error('selectIncomePage ran no statement');
    const literal = (value: unknown) =>
      value === null ? 'null' : client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value));
    await client.query('set plan_cache_mode = force_generic_plan');
    await client.query(`prepare income_page as ${page.sql}`);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) execute income_page(${page.params.map(literal).join(', ')})`,
    );
    return [page.sql, ...rows.map((row) => row['QUERY PLAN'])];
  });
}

// the export

async function measureExport(
  databaseUrl: string,
  databaseName: string,
  estate: IncomeEstate,
): Promise<IncomeExportResult> {
  const runs: ExportRun[] = [];
  let first: { body: Buffer; contentType: string } | undefined;
  for (let run = 1; run <= EXPORT_RUNS; run += 1) {
    const machineLoad = await sampleMachineLoad();
    const server = await startPortalServer({ env: serverEnv(databaseUrl) });
    try {
      const measured = await measureOneExport(server, databaseName, estate, first === undefined);
      first ??= measured.kept;
      const earlier = runs[0]?.download.sha256;
      if (earlier !== undefined && measured.download.sha256 !== earlier) {
        throw new Error(`export run ${run} answered other bytes than run 1`);
      }
      runs.push({ ...measured.figures, run, machineLoad });
    } finally {
      await server.stop();
    }
  }
  if (!first) throw new Error('no export was kept');
  const bareRoute = await startBareStreamRoute(EXPORT_ROUTE, first.body, first.contentType);
  const bare: TimedDownload[] = [];
  try {
    const url = new URL(EXPORT_ROUTE, bareRoute.url).href;
    await downloadCsv(url, {});
    for (let run = 1; run <= EXPORT_RUNS; run += 1) bare.push((await downloadCsv(url, {})).download);
  } finally {
    await bareRoute.close();
  }
  return { runs, bare };
}

async function measureOneExport(server: PortalServer, databaseName: string, estate: IncomeEstate, keep: boolean) {
  const headers = bearer(estate.partnerToken);
  // the request path's code is loaded by one page first, as any partner's visit does before an export
  await checkQueryPage(server.url, queryPath({ PageIndex: 1, PageSize: PAGE_SIZE }), headers, EXPORT_SALES);
  await sleep(SETTLE_SECONDS * 1000);
  const baselineKb = await readBaselineRssKb(server.pid, BASELINE_SECONDS, SAMPLE_INTERVAL_MS);
  const { result: measured, memory } = await watchRss(server.pid, baselineKb, SAMPLE_INTERVAL_MS, () =>
    measureCpu(server.pid, databaseName, () => downloadCsv(new URL(EXPORT_ROUTE, server.url).href, headers, keep)),
  );
  await sleep(1000);
  const afterKb = readRssKb(server.pid);
  const { result, cpu } = measured;
  const { download } = result;
  const header = INCOME_CSV_HEADER.join(',');
  if (download.status !== 200 || download.lines !== EXPORT_SALES + 1 || download.firstLine !== header) {
    throw new Error(
      `GET ${EXPORT_ROUTE} answered ${download.status} with ${download.lines} lines, the first ` +
        `${JSON.stringify(download.firstLine.slice(0, 200))}; expected a header and ${EXPORT_SALES} sales`,
    );
  }
  console.log(
    `Check: ${EXPORT_ROUTE} answered 200, ${download.lines - 1} sales in ${download.bytes} bytes ` +
      `of ${result.contentType}`,
  );
  const growthMb = memory.growthKb / 1024;
  return {
    download,
    kept: { body: result.body ?? Buffer.alloc(0), contentType: result.contentType },
    figures: {
      download,
      serverCpuSeconds: cpu.server,
      postgresCpuSeconds: cpu.postgres,
      memory,
      afterKb,
      growthMb,
      meetsTime: download.totalSeconds < EXPORT_SECONDS_TARGET,
      meetsMemory: growthMb < EXPORT_GROWTH_TARGET_MB,
    },
  };
}

/** Downloads `url` uncompressed, timing its headers, first body byte and end; keeps the bytes when asked. */
function downloadCsv(
  url: string,
  headers: Record<string, string>,
  keep = false,
): Promise<{ download: TimedDownload; contentType: string; body?: Buffer }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const since = () => Number(process.hrtime.bigint() - started) / 1e9;
    const request = http.get(url, { headers: { ...headers, 'accept-encoding': 'identity' } }, (response) => {
      const headersSeconds = since();
      let firstByteSeconds: number | undefined;
      let secondLineSeconds: number | undefined;
      const hash = createHash('sha256');
      const parts: Buffer[] = [];
      let bytes = 0;
      let lines = 0;
      let head = '';
      response.on('data', (part: Buffer) => {
        firstByteSeconds ??= since();
        if (bytes < 4096) head += part.subarray(0, 4096).toString('utf8');
        bytes += part.length;
        const firstLineEnd = head.indexOf('\r\n');
        if (secondLineSeconds === undefined && firstLineEnd >= 0 && bytes > firstLineEnd + 2) {
          secondLineSeconds = since();
        }
        hash.update(part);
        for (let at = part.indexOf(10); at !== -1; at = part.indexOf(10, at + 1)) lines += 1;
        if (keep) parts.push(part);
      });
      response.once('error', reject);
      response.once('end', () => {
        const totalSeconds = since();
        resolve({
          download: {
            status: response.statusCode ?? 0,
            headersSeconds,
            firstByteSeconds: firstByteSeconds ?? totalSeconds,
            secondLineSeconds: secondLineSeconds ?? totalSeconds,
            totalSeconds,
            bytes,
            sha256: hash.digest('hex'),
            lines,
            firstLine: head.split('\r\n')[0] ?? '',
          },
          contentType: String(response.headers['content-type'] ?? ''),
          ...(keep ? { body: Buffer.concat(parts) } : {}),
        });
      });
    });
    request.once('error', reject);
  });
}

// the settlement

async function measureSettlement(
  databaseUrl: string,
  databaseName: string,
  estate: IncomeEstate,
): Promise<SettlementResult> {
  const machineLoad = await sampleMachineLoad();
  console.log(`Settling ${estate.dueSales.toLocaleString('en')} due sales with set-based SQL (rolled back)`);
  const floor = await settleSetBased(databaseUrl, estate.payoutDay);
  // development: the payout mails go to the dev outbox table, as a mail is sent, and can be counted
  const server = await startPortalServer({
    env: { ...serverEnv(databaseUrl), NODE_ENV: 'development', API_DOCS: 'false' },
  });
  try {
    const headers = bearer(estate.adminToken);
    const runs = await fetch(`${server.url}/api/Admin/Settlement/Runs?PageIndex=1&PageSize=10`, { headers });
    if (runs.status !== 200) throw new Error(`GET /api/Admin/Settlement/Runs answered ${runs.status}`);
    const untouchedBefore = await readUntouchedSales(databaseUrl);
    console.log(`Settling ${estate.dueSales.toLocaleString('en')} due sales: POST ${RUN_ROUTE}`);
    const { result, cpu } = await measureCpu(server.pid, databaseName, async () => {
      const started = process.hrtime.bigint();
      const response = await fetch(`${server.url}${RUN_ROUTE}`, { method: 'POST', headers });
      const text = await response.text();
      return { response, text, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
    });
    const { response, text, seconds } = result;
    if (response.status !== 200) {
      throw new Error(`POST ${RUN_ROUTE} answered ${response.status}: ${text.slice(0, 300)}`);
    }
    const answer = JSON.parse(text) as SettlementRun;
    const failures = [...checkRunAnswer(answer, estate), ...(await checkSettled(databaseUrl, estate, untouchedBefore))];
    return {
      machineLoad,
      payoutDay: answer.payoutDate,
      seconds,
      serverCpuSeconds: cpu.server,
      postgresCpuSeconds: cpu.postgres,
      answer,
      floorSeconds: floor.seconds,
      floorPostgresCpuSeconds: floor.cpuSeconds,
      failures,
      met: failures.length === 0 && seconds < SETTLEMENT_SECONDS_TARGET,
    };
  } finally {
    await server.stop();
  }
}

/**
 * Runs `work` and answers, with its result, the CPU seconds the server process and the database's backends spent
 * meanwhile (a backend the pool opens meanwhile counts from its start).
 */
async function measureCpu<T>(
  serverPid: number,
  databaseName: string,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: { server: number; postgres: number } }> {
  let backends = await backendPids(databaseName);
  const serverMeter = new CpuMeter(() => [serverPid]);
  const postgresMeter = new CpuMeter(() => backends);
  const result = await work();
  const server = serverMeter.read().cpuSeconds;
  backends = [...new Set([...backends, ...(await backendPids(databaseName))])];
  return { result, cpu: { server, postgres: postgresMeter.read().cpuSeconds } };
}

function checkRunAnswer(answer: SettlementRun, estate: IncomeEstate): string[] {
  const expected = {
    payoutDate: estate.payoutDay,
    paidCount: SETTLEMENT_PARTNERS,
    failedCount: 0,
    waitingCount: WAITING_PARTNERS,
    total: estate.dueIncomeCents / 100,
  };
  return Object.entries(expected).flatMap(([key, value]) => {
    const got = answer[key as keyof typeof expected];
    const same = key === 'total' ? Math.round(Number(got) * 100) === Math.round(Number(value) * 100) : got === value;
    return same ? [] : [`the run answered ${key} ${got}, expected ${value}`];
  });
}

/** What the run should have left, counted in SQL: each count that is not zero is a failure. */
const SETTLEMENT_CHECKS: Array<{ failure: string; sql: string }> = [
  {
    failure: 'due sales of partners with a payout account not Settled under a payout of the day',
    sql: `select count(*) from income_records r join payout_accounts a on a.user_id = r.owner_id
          left join payouts p on p.id = r.payout_id
          where r.transaction_id like 'due-%'
            and (r.status <> 'Settled' or r.settled_at is null or p.partner_id is distinct from r.owner_id
                 or p.payout_date is distinct from $1::date)`,
  },
  {
    failure: 'partners with a payout account without exactly one payout of the day',
    sql: `select count(*) from payout_accounts a
          where (select count(*) from payouts p where p.partner_id = a.user_id and p.payout_date = $1::date) <> 1`,
  },
  {
    failure: 'payouts not Sent once and mailed, or whose amount or count is not that of their sales',
    sql: `select count(*) from payouts p
          left join (select payout_id, sum(income_cents) as cents, count(*) as sales from income_records
                     where payout_id is not null group by payout_id) s on s.payout_id = p.id
          where p.status <> 'Sent' or p.attempts <> 1 or p.mailed_at is null or p.transfer_id is null
             or s.cents is distinct from p.amount_cents or s.sales is distinct from p.sales_count`,
  },
  {
    failure: 'payouts without exactly one sandbox transfer of their amount to their account',
    sql: `select count(*) from payouts p
          where (select count(*) from sandbox_transfers t
                 where t.transfer_group = p.id::text and t.id = p.transfer_id and t.amount_cents = p.amount_cents
                   and t.account_id = p.account_id) <> 1`,
  },
  {
    failure: 'sandbox transfers that are not one of a payout',
    sql: `select (select count(*) from sandbox_transfers) - (select count(*) from payouts)`,
  },
  {
    failure: "partners whose payout is not the sum of their due sales' income",
    sql: `select count(*) from payouts p
          where p.amount_cents <> (select sum(r.income_cents) from income_records r
                                   where r.owner_id = p.partner_id and r.transaction_id like 'due-%')`,
  },
  {
    failure: 'payout mails in the outbox other than one per payout',
    sql: `select abs((select count(*) from outbox_mails) - (select count(*) from payouts))
             + (select count(*) from payouts p join users u on u.id = p.partner_id
                where (select count(*) from outbox_mails m where m."to" = u.email) <> 1)`,
  },
];

/** The sales a run must leave alone (not due, voided, or of partners without an account), counted by kind and state. */
const UNTOUCHED_SALES_SQL = `
select split_part(transaction_id, '-', 1) as kind, status, count(*) as sales, count(payout_id) as with_payout,
       count(settled_at) as with_settled_at, sum(income_cents) as cents
from income_records where transaction_id not like 'due-%' group by 1, 2 order by 1, 2`;

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const readUntouchedSales = (databaseUrl: string) =>
  withClient(databaseUrl, async (client) => JSON.stringify((await client.query(UNTOUCHED_SALES_SQL)).rows));

async function checkSettled(databaseUrl: string, estate: IncomeEstate, untouchedBefore: string): Promise<string[]> {
  const failures: string[] = [];
  if ((await readUntouchedSales(databaseUrl)) !== untouchedBefore) {
    failures.push('sales not due, voided or of partners without an account changed');
  }
  await withClient(databaseUrl, async (client) => {
    for (const check of SETTLEMENT_CHECKS) {
      const params = check.sql.includes('$1') ? [estate.payoutDay] : [];
      const { rows } = await client.query<{ n: string }>(`select (${check.sql}) as n`, params);
      const count = Number(rows[0]?.n ?? Number.NaN);
      if (count !== 0) failures.push(`${count} ${check.failure}`);
    }
  });
  return failures;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// the tables

const formatMs = (ms: number) => `${Number.isInteger(ms) ? ms : ms.toFixed(1)} ms`;
const formatSeconds = (seconds: number) => `${seconds.toFixed(2)} s`;
const formatWaitMs = (seconds: number) => `${(seconds * 1000).toFixed(0)} ms`;
/** Two significant digits: a page 300 times slower than its bare route is 0.0033, not 0.00. */
const formatRatio = (value: number) => (value >= 1 ? value.toFixed(2) : value.toPrecision(2));
const formatMb = (kb: number | null) => (kb === null ? 'n/a' : (kb / 1024).toFixed(1));

export function printIncome(result: IncomeResult): void {
  const { query, export: exported, settlement } = result;
  const queryRow = (name: string, run: Run, verdict: string) => [
    name,
    run.load.requestsPerSecond.toFixed(0),
    formatMs(run.load.latencyMs.p50),
    formatMs(run.load.latencyMs.p99),
    formatRatio(ratio(run, query.bare)),
    `${perRequestUs(run, run.cpu.server).toFixed(0)} µs`,
    run === query.bare ? '–' : `${perRequestUs(run, run.cpu.postgres).toFixed(0)} µs`,
    String(run.load.non2xx + run.load.errors + run.load.timeouts),
    verdict,
  ];
  printTable(
    `Income query on PostgreSQL ${result.postgresVersion}: a partner with ${EXPORT_SALES.toLocaleString('en')} ` +
      `sales, ${query.connections} connections, ${query.durationSeconds} s each; bare: a Fastify route answering ` +
      "the filtered page's bytes",
    [
      { header: 'read' },
      { header: 'req/s', align: 'right' },
      { header: 'p50', align: 'right' },
      { header: 'p99', align: 'right' },
      { header: 'ratio to bare', align: 'right' },
      { header: 'server CPU / req', align: 'right' },
      { header: 'PostgreSQL CPU / req', align: 'right' },
      { header: 'failed', align: 'right' },
      { header: `target (p99 < ${QUERY_P99_TARGET_MS} ms)` },
    ],
    [
      ...query.targets.map((target) =>
        queryRow(
          `${target.name}, ${target.totalCount.toLocaleString('en')} match`,
          target.run,
          target.targeted ? formatVerdict(meetsQueryTarget(target)) : 'for scale',
        ),
      ),
      queryRow('bare route', query.bare, '–'),
    ],
  );
  console.log(`Before the query loads: ${describeMachineLoad(query.machineLoad)}.`);
  if (query.plan) {
    console.log('\nThe filtered page missed its target. PostgreSQL runs its statement (generic plan) as:');
    for (const line of query.plan) console.log(`  ${line}`);
  }

  printTable(
    `Income export (${EXPORT_ROUTE}, every sale of the partner, uncompressed), each run on a fresh server; memory: ` +
      `VmRSS sampled every ${SAMPLE_INTERVAL_MS} ms and VmHWM, MB = 2^20 bytes; bare: a Fastify route streaming ` +
      'the same bytes from a file',
    [
      { header: 'run' },
      { header: 'first byte', align: 'right' },
      { header: 'first sale', align: 'right' },
      { header: 'total', align: 'right' },
      { header: 'MB', align: 'right' },
      { header: 'MB/s', align: 'right' },
      { header: 'server CPU', align: 'right' },
      { header: 'PostgreSQL CPU', align: 'right' },
      { header: 'baseline', align: 'right' },
      { header: 'peak', align: 'right' },
      { header: 'growth', align: 'right' },
      { header: '1 s after', align: 'right' },
      { header: `target (< ${EXPORT_SECONDS_TARGET} s, growth < ${EXPORT_GROWTH_TARGET_MB} MB)` },
    ],
    [
      ...exported.runs.map((run) => [
        `portal ${run.run}`,
        formatWaitMs(run.download.firstByteSeconds),
        formatWaitMs(run.download.secondLineSeconds),
        formatSeconds(run.download.totalSeconds),
        (run.download.bytes / MB).toFixed(1),
        (run.download.bytes / MB / run.download.totalSeconds).toFixed(0),
        formatSeconds(run.serverCpuSeconds),
        formatSeconds(run.postgresCpuSeconds),
        formatMb(run.memory.baselineKb),
        formatMb(run.memory.peakKb),
        formatMb(run.memory.growthKb),
        formatMb(run.afterKb),
        `${formatVerdict(run.meetsTime)}, ${formatVerdict(run.meetsMemory)}`,
      ]),
      ...exported.bare.map((download, index) => [
        `bare ${index + 1}`,
        formatWaitMs(download.firstByteSeconds),
        formatWaitMs(download.secondLineSeconds),
        formatSeconds(download.totalSeconds),
        (download.bytes / MB).toFixed(1),
        (download.bytes / MB / download.totalSeconds).toFixed(0),
        '',
        '',
        '',
        '',
        '',
        '',
        '–',
      ]),
    ],
  );
  for (const run of exported.runs)
    console.log(`Before export run ${run.run}: ${describeMachineLoad(run.machineLoad)}.`);

  printTable(
    `Settlement run of ${settlement.payoutDay}: ${SETTLEMENT_PARTNERS} partners with a payout account and ` +
      `${(SETTLEMENT_PARTNERS * DUE_SALES_PER_PARTNER).toLocaleString('en')} due sales, ${WAITING_PARTNERS} without ` +
      'one (sandbox transfers, dev outbox); floor: the same row changes as set-based SQL in one transaction',
    [
      { header: 'run' },
      { header: 'wall time', align: 'right' },
      { header: 'server CPU', align: 'right' },
      { header: 'PostgreSQL CPU', align: 'right' },
      { header: 'paid / failed / waiting', align: 'right' },
      { header: 'total', align: 'right' },
      { header: 'checks' },
      { header: `target (< ${SETTLEMENT_SECONDS_TARGET} s)` },
    ],
    [
      [
        `POST ${RUN_ROUTE}`,
        formatSeconds(settlement.seconds),
        formatSeconds(settlement.serverCpuSeconds),
        formatSeconds(settlement.postgresCpuSeconds),
        `${settlement.answer.paidCount} / ${settlement.answer.failedCount} / ${settlement.answer.waitingCount}`,
        `${settlement.answer.total.toLocaleString('en', { minimumFractionDigits: 2 })} USD`,
        settlement.failures.length === 0 ? 'all passed' : `${settlement.failures.length} failed`,
        formatVerdict(settlement.met),
      ],
      [
        'set-based SQL floor',
        formatSeconds(settlement.floorSeconds),
        '',
        formatSeconds(settlement.floorPostgresCpuSeconds),
        '',
        '',
        '',
        '–',
      ],
    ],
  );
  for (const failure of settlement.failures) console.log(`  check failed: ${failure}`);
  console.log(
    `Per partner paid: ${formatMs((settlement.seconds / SETTLEMENT_PARTNERS) * 1000)} of wall time, ` +
      `${formatMs((settlement.serverCpuSeconds / SETTLEMENT_PARTNERS) * 1000)} of server CPU, ` +
      `${formatMs((settlement.postgresCpuSeconds / SETTLEMENT_PARTNERS) * 1000)} of PostgreSQL CPU; ` +
      `${(settlement.seconds / settlement.floorSeconds).toFixed(1)} x the floor.`,
  );
  console.log(
    `Server and PostgreSQL CPU together: ${formatSeconds(settlement.serverCpuSeconds + settlement.postgresCpuSeconds)} ` +
      `(the run pays a few partners at a time).`,
  );
  console.log(
    `Before the settlement run: ${describeMachineLoad(settlement.machineLoad)} (${os.availableParallelism()} cores).`,
  );
}

async function main(): Promise<void> {
  printIncome(await measureIncome());
}

if (isEntryPoint(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
