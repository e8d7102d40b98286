/**
 * A partner's income, its estate (`bench/income-query.ts`, `income-export.ts` and `settlement.ts`), seeded with
 * generate_series straight into the tables: the server's default fee rates, each sale's payout date the last day of
 * the second month after its Hong Kong month, both checked on a sample against the rules in @portal/contracts; one
 * partner with 20 games and 100,000 sales over the last two years (those whose payout day has passed Settled, 3%
 * voided, the rest Unsettled); 1,000 partners with a payout account, one game and 100 sales due on the latest payout
 * day (P) each, plus 10 sales each bought in the last 30 days (not due); 100 partners without a payout account with
 * 10 due sales each; a session for the partner and one for an admin.
 */
import {
  type IncomePage,
  type IncomeQuery,
  latestPayoutDayOnOrBefore,
  payoutDateOf,
  payoutZoneDate,
  purchaseRange,
  splitSale,
} from '@portal/contracts';
import type pg from 'pg';
import { type BenchDatabase, inTransaction, readServerVersion, withBenchDatabase, withClient } from './postgres.ts';
import { insertSessions, seedUsers } from './seed.ts';
import { migrateDatabase, postgresEnv } from './server.ts';
import { loadConfig } from './server-internals.ts';

export const EXPORT_SALES = 100_000;
export const SETTLEMENT_PARTNERS = 1000;
export const DUE_SALES_PER_PARTNER = 100;
export const NOT_DUE_SALES_PER_PARTNER = 10;
export const WAITING_PARTNERS = 100;
export const WAITING_SALES_PER_PARTNER = 10;
export const PAGE_SIZE = 10;

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
export const NAME_FILTER = 'Dragon';
export const FILTERED_PAGE_INDEX = 3;
const DAY_MS = 86_400_000;
export const QUERY_ROUTE = '/api/User/Income/Query';
export const EXPORT_ROUTE = '/api/User/Income/Export.csv';
export const RUN_ROUTE = '/api/Admin/Settlement/Run';
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

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const isoDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** The income figures' server: production mode, no demo data, no jobs, default caches. */
export const incomeServerEnv = (databaseUrl: string) => postgresEnv(databaseUrl, { JOBS: 'false' });

/** Runs `work` on a fresh database `portal_income_<timestamp>`, migrated and seeded, dropped afterwards. */
export function withIncomeEstate<T>(
  work: (database: BenchDatabase, seeded: { estate: IncomeEstate; sales: number }) => Promise<T>,
): Promise<T> {
  return withBenchDatabase('portal_income', async (database) => {
    await migrateDatabase(incomeServerEnv(database.url));
    return work(database, await seedIncome(database.url));
  });
}

/** The estate, straight into the tables, vacuumed and analyzed. */
export function seedIncome(databaseUrl: string): Promise<{ estate: IncomeEstate; sales: number }> {
  return withClient(databaseUrl, async (client) => {
    const started = Date.now();
    const now = new Date();
    const payoutDay = latestPayoutDayOnOrBefore(payoutZoneDate(now));
    // the sales due on P were bought in the Hong Kong month two before P's
    const [year = 0, month = 1] = payoutDay.split('-').map(Number);
    const hongKongMonthStart = (monthIndex: number) => new Date(Date.UTC(year, monthIndex, 1) - 8 * 3_600_000);
    const dueFrom = hongKongMonthStart(month - 3);
    const dueTo = hongKongMonthStart(month - 2);
    const rates = [FEE_RATES.paymentPercentBasisPoints, FEE_RATES.paymentFixedCents, FEE_RATES.commissionBasisPoints];

    const { salesCount, partnerId, partnerToken, adminToken } = await inTransaction(client, async () => {
      await client.query('select setseed(0.2026)');
      for (const [prefix, last, role] of [
        ['admin', 1, 'Admin'],
        ['partner', 1, 'Partner'],
        ['settle', SETTLEMENT_PARTNERS, 'Partner'],
        ['waiting', WAITING_PARTNERS, 'Partner'],
      ] as const) {
        await seedUsers(client, { prefix, last, role });
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
      const [partnerToken, adminToken] = await insertSessions(client, [partnerId, idOf('admin0001@bench.example')]);
      return { salesCount, partnerId, partnerToken: partnerToken ?? '', adminToken: adminToken ?? '' };
    });
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
    const postgresVersion = await readServerVersion(client);
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
        postgresVersion,
        seedSeconds,
      },
      sales: salesCount,
    };
  });
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

export const queryPath = (query: Record<string, string | number>) =>
  `${QUERY_ROUTE}?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`;

/** Throws unless the page answers 200 with a full page of the expected total; answers its bytes. */
export async function checkQueryPage(baseUrl: string, path: string, headers: Record<string, string>, total: number) {
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
