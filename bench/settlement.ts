/**
 * An admin's settlement run on PostgreSQL: 100,000 due sales of 1,000 partners paid, beside the same row changes
 * made by set-based SQL.
 *
 *   npx tsx bench/settlement.ts      (also part of `npm run bench`)
 *
 * - Creates a fresh database `portal_income_<timestamp>` on the local PostgreSQL server (127.0.0.1:5432, user
 *   postgres, trust auth; BENCH_POSTGRES_URL overrides the admin URL), seeds the estate of
 *   bench/lib/income-estate.ts (1,000 partners with a payout account and 100 sales due each, 100 partners without
 *   one) and drops it at the end.
 * - A server in development mode, so that its mails go to the dev outbox table (in production without SMTP_URL they
 *   are only logged); `POST /api/Admin/Settlement/Run` as the admin, timed from the request to the end of its
 *   answer, with the CPU the server and PostgreSQL spent meanwhile. Then checks in SQL that every due sale of a
 *   partner with an account is Settled under that partner's one payout (Sent, its amount and count those of its
 *   sales), that each payout has exactly one sandbox transfer of its amount and one mail, and that nothing else
 *   moved. Baseline, just before the run: the same inserts and updates as a few set-based statements in one
 *   transaction from this process, timed with the CPU of its backend, rolled back and vacuumed.
 *
 * Verdict (the income issue): settlement run < 10 s with every check passing.
 */
import os from 'node:os';
import type { SettlementRun } from '@portal/contracts';
import { formatMs } from './lib/format.ts';
import {
  bearer,
  DUE_SALES_PER_PARTNER,
  type IncomeEstate,
  incomeServerEnv,
  RUN_ROUTE,
  SETTLEMENT_PARTNERS,
  WAITING_PARTNERS,
  withIncomeEstate,
} from './lib/income-estate.ts';
import { type BenchDatabase, backendPids, withClient } from './lib/postgres.ts';
import { CpuMeter, describeMachineLoad, type MachineLoad, sampleMachineLoad } from './lib/proc-stats.ts';
import { meterCpu } from './lib/runs.ts';
import { runScript } from './lib/script.ts';
import { startPortalServer } from './lib/server.ts';
import { formatVerdict, printTable } from './lib/table.ts';

export const SETTLEMENT_SECONDS_TARGET = 10;

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

export async function measureSettlement(database: BenchDatabase, estate: IncomeEstate): Promise<SettlementResult> {
  const databaseUrl = database.url;
  const machineLoad = await sampleMachineLoad();
  console.log(`Settling ${estate.dueSales.toLocaleString('en')} due sales with set-based SQL (rolled back)`);
  const floor = await settleSetBased(databaseUrl, estate.payoutDay);
  // development: the payout mails go to the dev outbox table, as a mail is sent, and can be counted
  const server = await startPortalServer({
    env: { ...incomeServerEnv(databaseUrl), NODE_ENV: 'development', API_DOCS: 'false' },
  });
  try {
    const headers = bearer(estate.adminToken);
    const runs = await fetch(`${server.url}/api/Admin/Settlement/Runs?PageIndex=1&PageSize=10`, { headers });
    if (runs.status !== 200) throw new Error(`GET /api/Admin/Settlement/Runs answered ${runs.status}`);
    const untouchedBefore = await readUntouchedSales(databaseUrl);
    console.log(`Settling ${estate.dueSales.toLocaleString('en')} due sales: POST ${RUN_ROUTE}`);
    const { result, cpu } = await meterCpu(
      [server.pid],
      () => backendPids(database.name),
      async () => {
        const started = process.hrtime.bigint();
        const response = await fetch(`${server.url}${RUN_ROUTE}`, { method: 'POST', headers });
        const text = await response.text();
        return { response, text, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
      },
    );
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

const formatSeconds = (seconds: number) => `${seconds.toFixed(2)} s`;

export function printSettlement(settlement: SettlementResult): void {
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

runScript(import.meta.url, async () =>
  printSettlement(await withIncomeEstate((database, { estate }) => measureSettlement(database, estate))),
);
