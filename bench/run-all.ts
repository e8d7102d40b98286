import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type AntdBaseline, BASELINE_NAME, startAntdBaseline } from './baseline-antd.ts';
import {
  formatKb,
  HOME_JS_BUDGET_BYTES,
  measureBundleSizes,
  measurePortalBundles,
  printBundleTable,
  type RouteBundle,
} from './bundle-sizes.ts';
import { type FuzzResult, measureFuzz, printFuzzTable } from './fuzz.ts';
import {
  type GltfValidationResult,
  gltfValidationTargets,
  measureGltfValidation,
  printGltfValidation,
} from './gltf-validation.ts';
import {
  COLD_RATIO_TARGET,
  type HotReadsResult,
  measureHotReads,
  P99_TARGET_MS,
  POSTGRES_CPU_TARGET_US,
  printHotReads,
  SCALE_NOTE,
  SERVER_CPU_TARGET_US,
  verdicts,
  WARM_RATIO_TARGET,
} from './hot-reads.ts';
import {
  CONNECTIONS_TARGET,
  FANOUT_P99_TARGET_MS,
  type HubResult,
  measureHub,
  printHub,
  RAW_RATIO_TARGET,
  targetPhase,
} from './hub.ts';
import {
  EXPORT_GROWTH_TARGET_MB,
  EXPORT_SECONDS_TARGET,
  type IncomeExportResult,
  measureIncomeExport,
  printIncomeExport,
} from './income-export.ts';
import {
  type IncomeQueryResult,
  measureIncomeQuery,
  meetsQueryTarget,
  printIncomeQuery,
  QUERY_P99_TARGET_MS,
} from './income-query.ts';
import { assertChromiumInstalled } from './lib/chromium.ts';
import { formatMiB } from './lib/format.ts';
import { EXPORT_SALES, SETTLEMENT_PARTNERS, withIncomeEstate } from './lib/income-estate.ts';
import { REPO_ROOT, RESULTS_DIR } from './lib/paths.ts';
import { perRequestUs, ratio } from './lib/runs.ts';
import { type ServerMemory, startPortalServer } from './lib/server.ts';
import { NEARBY_CONNECTIONS, STAGES } from './lib/stages-estate.ts';
import { formatVerdict, printTable } from './lib/table.ts';
import { fileStamp } from './lib/time.ts';
import { buildUploadBody } from './lib/uploads.ts';
import { ensureWebBuilt, readWebBuildStamp } from './lib/web-build.ts';
import {
  ACCESSIBILITY_TARGET,
  type LighthousePageResult,
  lighthousePages,
  meetsAccessibilityTarget,
  meetsPerformanceTarget,
  PERFORMANCE_TARGET,
  printFindings,
  printLighthouseTable,
  RUNS_PER_PAGE,
  runLighthousePages,
} from './lighthouse.ts';
import { type MultiNodeResult, measureMultiNode, printMultiNode } from './multi-node.ts';
import { measureSettlement, printSettlement, SETTLEMENT_SECONDS_TARGET, type SettlementResult } from './settlement.ts';
import { measureStages, meetsNearbyTarget, NEARBY_P99_TARGET_MS, printStages, type StagesResult } from './stages.ts';
import {
  GROWTH_TARGET_MB,
  measureUploadMemory,
  printUploadMemory,
  UPLOAD_BYTES,
  type UploadRun,
} from './upload-memory.ts';
import {
  measureUploadThroughput,
  printUploadThroughput,
  UPLOAD_RATIO_TARGET,
  type UploadThroughput,
} from './upload-throughput.ts';

/** The upload figures of one body: its memory runs and its throughput beside the bare route. */
interface UploadResults {
  memory: UploadRun[];
  throughput: UploadThroughput;
}

/** The income figures, on one seeded estate. */
interface IncomeResult {
  postgresVersion: string;
  seedSeconds: number;
  sales: number;
  query: IncomeQueryResult;
  export: IncomeExportResult;
  settlement: SettlementResult;
}

interface TargetResult {
  name: string;
  target: string;
  measured: string;
  met: boolean;
}

interface BenchResults {
  startedAt: string;
  finishedAt: string;
  node: string;
  lighthouseVersion: string;
  chromium: string;
  runsPerPage: number;
  webDistRebuiltDuringRun: boolean;
  server: { startupSeconds: number; memory: ServerMemory | null };
  bundleSizes: { portal: RouteBundle[]; baseline: RouteBundle[] };
  lighthouse: LighthousePageResult[];
  /** null when the figure failed (its error is printed and the run exits non-zero). */
  hotReads: HotReadsResult | null;
  uploads: UploadResults | null;
  gltfValidation: GltfValidationResult | null;
  fuzz: FuzzResult | null;
  income: IncomeResult | null;
  stages: StagesResult | null;
  hub: HubResult | null;
  multiNode: MultiNodeResult | null;
  targets: TargetResult[];
}

async function runAll(): Promise<void> {
  const startedAt = new Date();
  ensureWebBuilt();
  assertChromiumInstalled();
  const buildStamp = readWebBuildStamp();

  const server = await startPortalServer();
  let baseline: AntdBaseline | null = null;
  let portalBundles: RouteBundle[];
  let baselineBundles: RouteBundle[];
  let lighthouseResults: LighthousePageResult[];
  let memory: ServerMemory | null;
  try {
    portalBundles = await measurePortalBundles(server.url);

    baseline = await startAntdBaseline();
    baselineBundles = await measureBundleSizes(baseline.url, ['/'], baseline.distDir);
    printBundleTable('Same measurement on the baseline', baselineBundles, { appName: BASELINE_NAME, budgeted: false });

    lighthouseResults = await runLighthousePages(
      lighthousePages(server.url, { name: BASELINE_NAME, url: baseline.url }),
    );
    printLighthouseTable(lighthouseResults);
    printFindings(lighthouseResults);
    memory = server.readMemory();
  } finally {
    await baseline?.close();
    await server.stop();
  }

  printServerMemory(server.pid, memory);
  const rebuiltDuringRun = readWebBuildStamp() !== buildStamp;
  if (rebuiltDuringRun) {
    console.log(
      '\nWARNING: apps/web/dist was rebuilt during this run, so these figures may mix two builds. Run again.',
    );
  }

  const hotReads = await runFigure('hot-reads', () => measureHotReads());
  if (hotReads) printHotReads(hotReads);
  const uploads = await runFigure('uploads', async (): Promise<UploadResults> => {
    const body = buildUploadBody(UPLOAD_BYTES);
    return { memory: await measureUploadMemory(body), throughput: await measureUploadThroughput(body) };
  });
  if (uploads) {
    printUploadMemory(uploads.memory);
    printUploadThroughput(uploads.throughput);
  }
  const gltfValidation = await runFigure('gltf-validation', () => measureGltfValidation());
  if (gltfValidation) printGltfValidation(gltfValidation);
  const fuzz = await runFigure('fuzz', () => measureFuzz());
  if (fuzz) printFuzzTable(fuzz);
  const income = await runFigure('income', () =>
    withIncomeEstate(
      async (database, { estate, sales }): Promise<IncomeResult> => ({
        postgresVersion: estate.postgresVersion,
        seedSeconds: estate.seedSeconds,
        sales,
        query: await measureIncomeQuery(database, estate),
        export: await measureIncomeExport(database, estate),
        settlement: await measureSettlement(database, estate),
      }),
    ),
  );
  if (income) {
    printIncomeQuery(income.query, income.postgresVersion);
    printIncomeExport(income.export);
    printSettlement(income.settlement);
  }
  const stages = await runFigure('stages', measureStages);
  if (stages) printStages(stages);
  const hub = await runFigure('hub', measureHub);
  if (hub) printHub(hub);
  const multiNode = await runFigure('multi-node', measureMultiNode);
  if (multiNode) printMultiNode(multiNode);

  const targets = [
    ...evaluateTargets(portalBundles, lighthouseResults),
    ...evaluateServerTargets(hotReads, uploads, fuzz),
    ...gltfValidationTargets(gltfValidation),
    ...evaluateIncomeTargets(income),
    evaluateStagesTarget(stages),
    ...evaluateHubTargets(hub),
    // two nodes against one is a figure without a target: only its failure shows in the summary
    ...(multiNode ? [] : [{ name: 'Multi-node', target: 'measured', measured: 'failed (see above)', met: false }]),
  ];
  printSummary(targets, baselineBundles, lighthouseResults);

  const firstResult = lighthouseResults[0];
  const results: BenchResults = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    node: process.version,
    lighthouseVersion: firstResult?.lighthouseVersion ?? '',
    chromium: firstResult?.userAgent ?? '',
    runsPerPage: RUNS_PER_PAGE,
    webDistRebuiltDuringRun: rebuiltDuringRun,
    server: { startupSeconds: server.startupSeconds, memory },
    bundleSizes: { portal: portalBundles, baseline: baselineBundles },
    lighthouse: lighthouseResults,
    hotReads,
    uploads,
    gltfValidation,
    fuzz,
    income,
    stages,
    hub,
    multiNode,
    targets,
  };
  writeResults(results, startedAt);
}

function printServerMemory(pid: number, memory: ServerMemory | null): void {
  if (!memory) {
    console.log('\nPortal server memory: n/a (no /proc on this system)');
    return;
  }
  console.log(
    `\nPortal server (pid ${pid}) peak RSS ${formatMiB(memory.peakRssKb)} (VmHWM), ` +
      `${formatMiB(memory.currentRssKb)} at the end of the run (VmRSS)`,
  );
}

function evaluateTargets(bundles: RouteBundle[], lighthouseResults: LighthousePageResult[]): TargetResult[] {
  const targets: TargetResult[] = [];
  const home = bundles.find((bundle) => bundle.route === '/');
  targets.push({
    name: 'Home first visit JS (gzipped)',
    target: `<= ${formatKb(HOME_JS_BUDGET_BYTES)} KB`,
    measured: home ? `${formatKb(home.jsGzBytes)} KB` : 'n/a',
    met: home !== undefined && home.jsGzBytes <= HOME_JS_BUDGET_BYTES,
  });
  for (const result of lighthouseResults.filter((page) => page.targeted)) {
    targets.push({
      name: `${result.name} Lighthouse performance`,
      target: `>= ${PERFORMANCE_TARGET}`,
      measured: String(result.medianPerformance ?? 'n/a'),
      met: meetsPerformanceTarget(result),
    });
    targets.push({
      name: `${result.name} Lighthouse accessibility`,
      target: `${ACCESSIBILITY_TARGET}`,
      measured: String(result.medianAccessibility ?? 'n/a'),
      met: meetsAccessibilityTarget(result),
    });
  }
  return targets;
}

/** Runs a figure that needs more than the web build (PostgreSQL, a server of its own); a failure is reported, not fatal. */
async function runFigure<T>(name: string, measure: () => Promise<T>): Promise<T | null> {
  try {
    return await measure();
  } catch (err) {
    console.error(`\n${name} failed:`, err);
    process.exitCode = 1;
    return null;
  }
}

function evaluateServerTargets(
  hotReads: HotReadsResult | null,
  uploads: UploadResults | null,
  fuzz: FuzzResult | null,
): TargetResult[] {
  const failed = 'failed (see above)';
  const targets: TargetResult[] = [];
  for (const read of hotReads?.targets ?? []) {
    const met = verdicts(read);
    targets.push(
      {
        name: `${read.name}, cold`,
        target: `>= ${COLD_RATIO_TARGET} x bare, p99 <= ${P99_TARGET_MS} ms`,
        measured: `${read.ratios.cold.toFixed(2)} x, p99 ${read.cold.load.latencyMs.p99} ms`,
        met: met.cold,
      },
      {
        name: `${read.name}, cold CPU per request`,
        target: `server <= ${SERVER_CPU_TARGET_US} µs, PostgreSQL <= ${POSTGRES_CPU_TARGET_US} µs`,
        measured:
          `${perRequestUs(read.cold, read.cold.cpu.server).toFixed(0)} µs / ` +
          `${perRequestUs(read.cold, read.cold.cpu.postgres).toFixed(0)} µs`,
        met: met.serverCpu && met.postgresCpu,
      },
      {
        name: `${read.name}, warm`,
        target: `>= ${WARM_RATIO_TARGET} x bare, p99 <= ${P99_TARGET_MS} ms`,
        measured: `${read.ratios.warm.toFixed(2)} x, p99 ${read.warm.load.latencyMs.p99} ms`,
        met: met.warm,
      },
    );
  }
  if (!hotReads) targets.push({ name: 'Hot reads', target: 'measured', measured: failed, met: false });
  targets.push({
    name: 'Server memory growth, 50 MB build upload',
    target: `<= ${GROWTH_TARGET_MB} MB each run`,
    measured: uploads
      ? `${uploads.memory.map((run) => run.growthMb.toFixed(1)).join(' / ')} MB (${uploads.memory.length} runs)`
      : failed,
    met: uploads !== null && uploads.memory.length > 0 && uploads.memory.every((run) => run.meetsTarget),
  });
  targets.push({
    name: 'Upload MB/s, 50 MB build, vs bare stream-to-disk route',
    target: `>= ${UPLOAD_RATIO_TARGET} x bare (issue 11)`,
    measured: uploads
      ? `${uploads.throughput.ratioToBare.toFixed(2)} x (${uploads.throughput.portalMedianMbPerSecond.toFixed(0)} vs ` +
        `${uploads.throughput.bareMedianMbPerSecond.toFixed(0)} MB/s)`
      : failed,
    met: uploads?.throughput.meetsTarget ?? false,
  });
  targets.push({
    name: `Fuzzer, ${fuzz?.requests ?? 'n/a'} seeded requests`,
    target: '0 x 5xx / bad error body / 429 without Retry-After / data change',
    measured: fuzz
      ? `${fuzz.serverErrors} / ${fuzz.malformedErrorBodies} / ${fuzz.missingRetryAfter} / ${fuzz.dataChanges}`
      : failed,
    met: fuzz?.met ?? false,
  });
  return targets;
}

function evaluateIncomeTargets(income: IncomeResult | null): TargetResult[] {
  const failed = 'failed (see above)';
  const sales = EXPORT_SALES.toLocaleString('en');
  const filtered = income?.query.targets.find((target) => target.targeted);
  const exportRuns = income?.export.runs ?? [];
  const settlement = income?.settlement;
  return [
    {
      name: `Income query, filtered page of a partner with ${sales} sales`,
      target: `p99 < ${QUERY_P99_TARGET_MS} ms`,
      measured:
        income && filtered
          ? `p99 ${filtered.run.load.latencyMs.p99} ms, ${filtered.run.load.requestsPerSecond.toFixed(0)} req/s ` +
            `(${ratio(filtered.run, income.query.bare).toPrecision(2)} x bare)`
          : failed,
      met: filtered !== undefined && meetsQueryTarget(filtered),
    },
    {
      name: `Income export, ${sales} sales`,
      target: `< ${EXPORT_SECONDS_TARGET} s each run`,
      measured: income
        ? `${exportRuns.map((run) => run.download.totalSeconds.toFixed(2)).join(' / ')} s (bare stream ` +
          `${income.export.bare.map((download) => download.totalSeconds.toFixed(2)).join(' / ')} s)`
        : failed,
      met: exportRuns.length > 0 && exportRuns.every((run) => run.meetsTime),
    },
    {
      name: 'Server memory growth, income export',
      target: `< ${EXPORT_GROWTH_TARGET_MB} MB each run`,
      measured: income ? `${exportRuns.map((run) => run.growthMb.toFixed(1)).join(' / ')} MB` : failed,
      met: exportRuns.length > 0 && exportRuns.every((run) => run.meetsMemory),
    },
    {
      name: `Settlement run, ${sales} due sales of ${SETTLEMENT_PARTNERS.toLocaleString('en')} partners`,
      target: `< ${SETTLEMENT_SECONDS_TARGET} s, every check passing`,
      measured: settlement
        ? `${settlement.seconds.toFixed(2)} s (set-based floor ${settlement.floorSeconds.toFixed(2)} s), ` +
          `${settlement.failures.length === 0 ? 'checks passed' : `${settlement.failures.length} checks failed`}`
        : failed,
      met: settlement?.met ?? false,
    },
  ];
}

function evaluateStagesTarget(stages: StagesResult | null): TargetResult {
  return {
    name: `Nearby stages (AR app), ${STAGES.toLocaleString('en')} stages, ${NEARBY_CONNECTIONS} connections`,
    target: `p99 < ${NEARBY_P99_TARGET_MS} ms`,
    measured: stages
      ? `p99 ${stages.nearby.load.latencyMs.p99} ms, ${stages.nearby.load.requestsPerSecond.toFixed(0)} req/s ` +
        `(${ratio(stages.nearby, stages.bare).toPrecision(2)} x bare), ${stages.meanStages.toFixed(1)} stages per answer`
      : 'failed (see above)',
    met: stages !== null && meetsNearbyTarget(stages.nearby),
  };
}

function evaluateHubTargets(hub: HubResult | null): TargetResult[] {
  const failed = 'failed (see above)';
  const clients = (hub?.clients ?? CONNECTIONS_TARGET).toLocaleString('en');
  const games = hub ? `${hub.games} games of ${hub.playersPerGame}` : 'games of 8';
  const latency = hub ? targetPhase(hub.hub) : undefined;
  return [
    {
      name: `Game hub, ${clients} clients on one process`,
      target: `${CONNECTIONS_TARGET.toLocaleString('en')} connections held`,
      measured: hub
        ? `${hub.hub.heldAtEnd.toLocaleString('en')} open at the end (${hub.hub.connect.failed} failed, ` +
          `${hub.hub.droppedDuringRun} dropped), ${hub.hub.connect.perConnectionKb.toFixed(1)} KB each`
        : failed,
      met: hub?.met.connections ?? false,
    },
    {
      name: `Game hub fan-out, ${games}, each game every ${latency?.intervalMs ?? 'n/a'} ms`,
      target: `p99 < ${FANOUT_P99_TARGET_MS} ms`,
      measured:
        hub && latency
          ? `p50 ${latency.latencyMs.p50.toFixed(1)} ms, p99 ${latency.latencyMs.p99.toFixed(1)} ms, ` +
            `${Math.round(latency.messagesPerSecond).toLocaleString('en')} messages/s`
          : failed,
      met: hub?.met.latency ?? false,
    },
    {
      name: `Game hub messages/s, ${games}, closed loop, vs raw ws`,
      target: `>= ${RAW_RATIO_TARGET} x raw ws`,
      measured: hub
        ? `${hub.ratio.toFixed(2)} x (${Math.round(hub.hub.closedLoop.messagesPerSecond).toLocaleString('en')} vs ` +
          `${Math.round(hub.raw.closedLoop.messagesPerSecond).toLocaleString('en')} messages/s)`
        : failed,
      met: hub?.met.ratio ?? false,
    },
  ];
}

function printSummary(
  targets: TargetResult[],
  baselineBundles: RouteBundle[],
  lighthouseResults: LighthousePageResult[],
): void {
  printTable(
    'Summary',
    [{ header: 'figure' }, { header: 'target' }, { header: 'measured', align: 'right' }, { header: 'verdict' }],
    targets.map((target) => [target.name, target.target, target.measured, formatVerdict(target.met)]),
  );
  const baselineJs = baselineBundles.reduce((sum, bundle) => sum + bundle.jsGzBytes, 0);
  const baselineScores = lighthouseResults.find((result) => !result.targeted);
  console.log(
    `For scale, ${BASELINE_NAME}: ${formatKb(baselineJs)} KB gzipped JS, Lighthouse performance ` +
      `${baselineScores?.medianPerformance ?? 'n/a'}, accessibility ${baselineScores?.medianAccessibility ?? 'n/a'}`,
  );
  console.log(`For scale, hot reads: ${SCALE_NOTE}.`);
  const missed = targets.filter((target) => !target.met).length;
  console.log(missed === 0 ? 'All targets MET.' : `${missed} of ${targets.length} targets MISSED.`);
}

function writeResults(results: BenchResults, startedAt: Date): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${fileStamp(startedAt)}.json`);
  const json = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(file, json);
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), json);
  console.log(`\nResults written to ${path.relative(REPO_ROOT, file)} and bench/results/latest.json`);
}

runAll().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
