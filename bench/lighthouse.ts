import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_FLAGS } from './lib/chromium.ts';
import { runScript } from './lib/script.ts';
import { startPortalServer } from './lib/server.ts';
import { formatVerdict, printTable } from './lib/table.ts';
import { ensureWebBuilt } from './lib/web-build.ts';

export const LIGHTHOUSE_ROUTES = [
  { name: 'Home', route: '/' },
  { name: 'Developers', route: '/developers' },
  { name: 'Login', route: '/login' },
];
export const RUNS_PER_PAGE = 3;
export const PERFORMANCE_TARGET = 98;
export const ACCESSIBILITY_TARGET = 100;

const CATEGORIES = ['performance', 'accessibility'] as const;
type CategoryId = (typeof CATEGORIES)[number];
const MAX_ITEMS_PER_FINDING = 6;

export interface LighthousePage {
  name: string;
  url: string;
  /** Whether the targets apply: they are the portal's, the baseline is only there for scale. */
  targeted: boolean;
}

/** An audit that cost points in the run, or (for performance) one Lighthouse estimates would save time. */
export interface AuditFinding {
  category: CategoryId;
  id: string;
  title: string;
  weight: number;
  score: number | null;
  displayValue?: string;
  metricSavings?: Record<string, number>;
  items: string[];
}

export interface LighthouseRun {
  performance: number | null;
  accessibility: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
  runtimeError?: string;
  findings: AuditFinding[];
}

export interface LighthousePageResult extends LighthousePage {
  runs: LighthouseRun[];
  medianPerformance: number | null;
  medianAccessibility: number | null;
  /** The run whose performance score is the median: its metrics and findings are the ones reported. */
  medianRun: LighthouseRun;
  lighthouseVersion: string;
  userAgent: string;
}

export async function runLighthousePages(
  pages: LighthousePage[],
  runs = RUNS_PER_PAGE,
): Promise<LighthousePageResult[]> {
  const results: LighthousePageResult[] = [];
  for (const page of pages) {
    const pageRuns: LighthouseRun[] = [];
    let lhr: Result | undefined;
    for (let i = 1; i <= runs; i += 1) {
      process.stdout.write(`Lighthouse ${page.name} (${page.url}) run ${i}/${runs}\n`);
      lhr = await runLighthouseOnce(page.url);
      pageRuns.push(summarizeRun(lhr));
    }
    const medianRun = pickMedianRun(pageRuns);
    results.push({
      ...page,
      runs: pageRuns,
      medianPerformance: medianRun.performance,
      medianAccessibility: median(pageRuns.map((run) => run.accessibility)),
      medianRun,
      lighthouseVersion: lhr?.lighthouseVersion ?? '',
      userAgent: lhr?.environment.hostUserAgent ?? '',
    });
  }
  return results;
}

/** A fresh Chromium per run, so no run inherits a warm process or profile from the one before. */
async function runLighthouseOnce(url: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: HEADLESS_CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  try {
    // No formFactor, screenEmulation or throttling here: Lighthouse's defaults are the mobile, simulated ones.
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

function summarizeRun(lhr: Result): LighthouseRun {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  return {
    performance: toScore(lhr.categories.performance?.score),
    accessibility: toScore(lhr.categories.accessibility?.score),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndexMs: numeric('speed-index'),
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    findings: CATEGORIES.flatMap((category) => collectFindings(lhr, category)),
  };
}

function collectFindings(lhr: Result, category: CategoryId): AuditFinding[] {
  const findings: AuditFinding[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    const savings = positiveSavings(audit.metricSavings);
    if (ref.weight === 0 && !savings) continue;
    findings.push({
      category,
      id: ref.id,
      title: audit.title,
      weight: ref.weight,
      score: audit.score,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      ...(savings ? { metricSavings: savings } : {}),
      items: describeItems(audit.details),
    });
  }
  return findings.sort((a, b) => b.weight * (1 - (b.score ?? 0)) - a.weight * (1 - (a.score ?? 0)));
}

function positiveSavings(savings: Partial<Record<string, number>> | undefined): Record<string, number> | undefined {
  const entries = Object.entries(savings ?? {}).filter((entry): entry is [string, number] => (entry[1] ?? 0) > 0);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

interface DetailNode {
  selector?: string;
  snippet?: string;
  nodeLabel?: string;
  explanation?: string;
}

/** Lighthouse's details are a wide union; only the fields that name an element or a URL are needed here. */
function describeItems(details: unknown): string[] {
  const items = (details as { items?: unknown[] } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  return items.slice(0, MAX_ITEMS_PER_FINDING).flatMap((item) => {
    const record = item as Record<string, unknown>;
    const node = record.node as DetailNode | undefined;
    if (node?.selector || node?.snippet) {
      const explanation = node.explanation ? ` (${node.explanation.replace(/\s+/g, ' ').trim()})` : '';
      return [`${node.selector ?? ''} ${node.snippet ?? ''}${explanation}`.trim()];
    }
    const url = record.url ?? record.source ?? record.label;
    if (typeof url !== 'string') return [];
    const extras = ['wastedBytes', 'wastedMs', 'totalBytes', 'transferSize', 'duration']
      .filter((key) => typeof record[key] === 'number')
      .map((key) => `${key}=${Math.round(record[key] as number)}`);
    return [[url, ...extras].join(' ')];
  });
}

function toScore(score: number | null | undefined): number | null {
  return typeof score === 'number' ? Math.round(score * 100) : null;
}

function pickMedianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  const run = sorted[Math.floor(sorted.length / 2)];
  if (!run) throw new Error('no Lighthouse runs to pick a median from');
  return run;
}

function median(values: (number | null)[]): number | null {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

function formatMs(ms: number | null): string {
  return ms === null ? 'n/a' : `${Math.round(ms)} ms`;
}

function formatScore(score: number | null): string {
  return score === null ? 'n/a' : String(score);
}

export function meetsPerformanceTarget(result: LighthousePageResult): boolean {
  return (result.medianPerformance ?? 0) >= PERFORMANCE_TARGET;
}

export function meetsAccessibilityTarget(result: LighthousePageResult): boolean {
  return (result.medianAccessibility ?? 0) >= ACCESSIBILITY_TARGET;
}

export function printLighthouseTable(results: LighthousePageResult[]): void {
  const runs = results[0]?.runs.length ?? RUNS_PER_PAGE;
  printTable(
    `Lighthouse (mobile, simulated throttling; median of ${runs} runs; metrics of the median run)`,
    [
      { header: 'page' },
      { header: 'perf', align: 'right' },
      { header: 'a11y', align: 'right' },
      { header: 'perf runs' },
      { header: 'LCP', align: 'right' },
      { header: 'TBT', align: 'right' },
      { header: 'CLS', align: 'right' },
      { header: `target (perf >= ${PERFORMANCE_TARGET}, a11y ${ACCESSIBILITY_TARGET})` },
    ],
    results.map((result) => [
      result.name,
      formatScore(result.medianPerformance),
      formatScore(result.medianAccessibility),
      result.runs.map((run) => formatScore(run.performance)).join('/'),
      formatMs(result.medianRun.lcpMs),
      formatMs(result.medianRun.tbtMs),
      result.medianRun.cls === null ? 'n/a' : result.medianRun.cls.toFixed(3),
      result.targeted
        ? `perf ${formatVerdict(meetsPerformanceTarget(result))}, a11y ${formatVerdict(meetsAccessibilityTarget(result))}`
        : 'baseline, for scale',
    ]),
  );
}

export function printFindings(results: LighthousePageResult[]): void {
  for (const result of results) {
    const { findings, runtimeError } = result.medianRun;
    console.log(`\nAudits that cost points or show savings on ${result.name} (median run):`);
    if (runtimeError) console.log(`  runtime error: ${runtimeError}`);
    if (findings.length === 0) console.log('  none');
    for (const finding of findings) {
      const score = finding.score === null ? '' : ` score ${finding.score.toFixed(2)}`;
      const value = finding.displayValue ? ` ${finding.displayValue}` : '';
      const savings = finding.metricSavings
        ? ` savings ${Object.entries(finding.metricSavings)
            .map(([metric, amount]) => `${metric} ${Math.round(amount * 1000) / 1000}`)
            .join(', ')}`
        : '';
      console.log(`  [${finding.category}] ${finding.id} (weight ${finding.weight})${score}${value}${savings}`);
      for (const item of finding.items) console.log(`      ${item}`);
    }
  }
}

/** The portal's pages at `portalUrl`, then the baseline's at `baseline.url`. */
export function lighthousePages(portalUrl: string, baseline: { name: string; url: string }): LighthousePage[] {
  return [
    ...LIGHTHOUSE_ROUTES.map(({ name, route }) => ({ name, url: new URL(route, portalUrl).href, targeted: true })),
    { name: baseline.name, url: `${baseline.url}/`, targeted: false },
  ];
}

/** The portal's pages, then the baseline: scores of one run on one machine compare, scores of two runs less so. */
runScript(import.meta.url, async () => {
  ensureWebBuilt();
  // imported here: the baseline module runs its own figures with this module's runner
  const { BASELINE_NAME, startAntdBaseline } = await import('./baseline-antd.ts');
  const server = await startPortalServer();
  const baseline = await startAntdBaseline().catch(async (err: unknown) => {
    await server.stop();
    throw err;
  });
  try {
    const results = await runLighthousePages(lighthousePages(server.url, { name: BASELINE_NAME, url: baseline.url }));
    printLighthouseTable(results);
    printFindings(results);
  } finally {
    await baseline.close();
    await server.stop();
  }
});
