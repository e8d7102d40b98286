/**
 * A partner's income page on PostgreSQL: the filtered page of My Project Income under load beside a bare Fastify
 * route answering the same bytes.
 *
 *   npx tsx bench/income-query.ts      (also part of `npm run bench`; BENCH_SECONDS sets each load, default 10)
 *
 * - Creates a fresh database `portal_income_<timestamp>` on the local PostgreSQL server (127.0.0.1:5432, user
 *   postgres, trust auth; BENCH_POSTGRES_URL overrides the admin URL), seeds the estate of
 *   bench/lib/income-estate.ts (a partner with 100,000 sales among 211,000) and drops it at the end.
 * - A server in production mode (LOG_LEVEL=warn, JOBS=false, default caches), loaded with autocannon from this
 *   process at 8 connections, a 2 s warm-up, then 10 s measured: the filtered page (a purchase date range,
 *   Status=Settled, a name that 4 of the 20 games hold; page 3 of 10), and for scale the unfiltered first page and
 *   the filtered page on a server that keeps no count (CACHE_SECONDS=0). Baseline: a bare Fastify route of the same
 *   path answering the filtered page's bytes.
 * - When the filtered page misses its target, prints PostgreSQL's plan of the page statement as the server runs it:
 *   built by the server's own repository code, EXPLAIN ANALYZE of its generic plan (the pool forces generic plans).
 *
 * Verdict (the income issue): filtered page p99 < 20 ms. A load with non-2xx answers or errors never meets it.
 */

import { purchaseRange } from '@portal/contracts';
import { drizzle } from 'drizzle-orm/node-postgres';
import { startBareRoute } from './lib/bare-servers.ts';
import { formatRatio } from './lib/format.ts';
import {
  bearer,
  checkQueryPage,
  EXPORT_SALES,
  FILTERED_PAGE_INDEX,
  type IncomeEstate,
  incomeServerEnv,
  PAGE_SIZE,
  QUERY_ROUTE,
  queryPath,
  withIncomeEstate,
} from './lib/income-estate.ts';
import type { LoadRequest } from './lib/load.ts';
import { type BenchDatabase, backendPids, withClient } from './lib/postgres.ts';
import { describeMachineLoad, type MachineLoad, sampleMachineLoad } from './lib/proc-stats.ts';
import { DURATION_SECONDS, isClean, loadTarget, RUN_COLUMNS, type Run, ratio, runCells } from './lib/runs.ts';
import { runScript } from './lib/script.ts';
import { startPortalServer } from './lib/server.ts';
import { type Db, schema, selectIncomePage, selectOwnedItemIdsNamed } from './lib/server-internals.ts';
import { formatVerdict, printTable } from './lib/table.ts';

export const QUERY_CONNECTIONS = 8;
export const QUERY_P99_TARGET_MS = 20;

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

export const meetsQueryTarget = (target: QueryTarget) =>
  isClean(target.run) && target.run.load.latencyMs.p99 < QUERY_P99_TARGET_MS;

export async function measureIncomeQuery(database: BenchDatabase, estate: IncomeEstate): Promise<IncomeQueryResult> {
  const databaseUrl = database.url;
  const machineLoad = await sampleMachineLoad();
  const postgresPids = () => backendPids(database.name);
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
  const server = await startPortalServer({ env: incomeServerEnv(databaseUrl) });
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
  const uncached = await startPortalServer({ env: { ...incomeServerEnv(databaseUrl), CACHE_SECONDS: '0' } });
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

export function printIncomeQuery(query: IncomeQueryResult, postgresVersion: string): void {
  const queryRow = (name: string, run: Run, verdict: string) => [
    name,
    ...runCells(run, formatRatio(ratio(run, query.bare)), run === query.bare),
    verdict,
  ];
  printTable(
    `Income query on PostgreSQL ${postgresVersion}: a partner with ${EXPORT_SALES.toLocaleString('en')} ` +
      `sales, ${query.connections} connections, ${query.durationSeconds} s each; bare: a Fastify route answering ` +
      "the filtered page's bytes",
    [{ header: 'read' }, ...RUN_COLUMNS, { header: `target (p99 < ${QUERY_P99_TARGET_MS} ms)` }],
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
}

runScript(import.meta.url, async () => {
  const { query, postgresVersion } = await withIncomeEstate(async (database, { estate }) => ({
    query: await measureIncomeQuery(database, estate),
    postgresVersion: estate.postgresVersion,
  }));
  printIncomeQuery(query, postgresVersion);
});
