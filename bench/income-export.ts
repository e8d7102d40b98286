/**
 * A partner's income export on PostgreSQL: the CSV of 100,000 sales, its time and the server's memory, beside a bare
 * stream of the same bytes.
 *
 *   npx tsx bench/income-export.ts      (also part of `npm run bench`)
 *
 * - Creates a fresh database `portal_income_<timestamp>` on the local PostgreSQL server (127.0.0.1:5432, user
 *   postgres, trust auth; BENCH_POSTGRES_URL overrides the admin URL), seeds the estate of
 *   bench/lib/income-estate.ts (a partner with 100,000 sales among 211,000) and drops it at the end.
 * - 2 runs, each on a fresh server in production mode (LOG_LEVEL=warn, JOBS=false): one query page (so the request
 *   path's code is loaded), 3 s to settle, a baseline (highest VmRSS over 2 s idle), then
 *   `GET /api/User/Income/Export.csv` with no filter (every sale, uncompressed), VmRSS sampled every 20 ms and VmHWM
 *   reset before it and read after it. Reports the time to the first body byte (the CSV's header line, sent before
 *   any query) and to the first sale's line, the total time, the bytes, the CPU the server and PostgreSQL spent
 *   meanwhile and the server's memory growth (peak minus baseline, or the largest rise during the download when
 *   larger). Baseline: a bare Fastify route streaming the same bytes from a file (bench/lib/servers/bare-stream.ts),
 *   after one warm-up download.
 *
 * Verdicts (the income issue): export < 2 s with server memory growth < 32 MB, each run.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { INCOME_CSV_HEADER } from '@portal/contracts';
import { startBareStreamRoute } from './lib/bare-servers.ts';
import {
  bearer,
  checkQueryPage,
  EXPORT_ROUTE,
  EXPORT_SALES,
  type IncomeEstate,
  incomeServerEnv,
  PAGE_SIZE,
  queryPath,
  withIncomeEstate,
} from './lib/income-estate.ts';
import { type BenchDatabase, backendPids } from './lib/postgres.ts';
import {
  describeMachineLoad,
  type MachineLoad,
  RSS_SAMPLE_MS,
  type RssWatch,
  sampleMachineLoad,
  watchAfterSettling,
} from './lib/proc-stats.ts';
import { meterCpu } from './lib/runs.ts';
import { runScript } from './lib/script.ts';
import { type PortalServer, startPortalServer } from './lib/server.ts';
import { formatVerdict, printTable } from './lib/table.ts';

export const EXPORT_RUNS = 2;
export const EXPORT_SECONDS_TARGET = 2;
export const EXPORT_GROWTH_TARGET_MB = 32;
const MB = 1024 * 1024;

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

export async function measureIncomeExport(database: BenchDatabase, estate: IncomeEstate): Promise<IncomeExportResult> {
  const runs: ExportRun[] = [];
  let first: { body: Buffer; contentType: string } | undefined;
  for (let run = 1; run <= EXPORT_RUNS; run += 1) {
    const machineLoad = await sampleMachineLoad();
    const server = await startPortalServer({ env: incomeServerEnv(database.url) });
    try {
      const measured = await measureOneExport(server, database, estate, first === undefined);
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

async function measureOneExport(server: PortalServer, database: BenchDatabase, estate: IncomeEstate, keep: boolean) {
  const headers = bearer(estate.partnerToken);
  // the request path's code is loaded by one page first, as any partner's visit does before an export
  await checkQueryPage(server.url, queryPath({ PageIndex: 1, PageSize: PAGE_SIZE }), headers, EXPORT_SALES);
  const {
    result: measured,
    memory,
    afterKb,
  } = await watchAfterSettling(server.pid, () =>
    meterCpu(
      [server.pid],
      () => backendPids(database.name),
      () => downloadCsv(new URL(EXPORT_ROUTE, server.url).href, headers, keep),
    ),
  );
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

const formatSeconds = (seconds: number) => `${seconds.toFixed(2)} s`;
const formatWaitMs = (seconds: number) => `${(seconds * 1000).toFixed(0)} ms`;
const formatMb = (kb: number | null) => (kb === null ? 'n/a' : (kb / 1024).toFixed(1));

export function printIncomeExport(exported: IncomeExportResult): void {
  printTable(
    `Income export (${EXPORT_ROUTE}, every sale of the partner, uncompressed), each run on a fresh server; memory: ` +
      `VmRSS sampled every ${RSS_SAMPLE_MS} ms and VmHWM, MB = 2^20 bytes; bare: a Fastify route streaming ` +
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
}

runScript(import.meta.url, async () =>
  printIncomeExport(await withIncomeEstate((database, { estate }) => measureIncomeExport(database, estate))),
);
