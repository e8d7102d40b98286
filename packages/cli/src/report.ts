import {
  type BudgetMetric,
  type BuildReport,
  type BuildReportResponse,
  budgetMetricLabels,
  budgetPlatformLabels,
  hasReportErrors,
  isValidationPending,
} from '@portal/contracts';

const count = new Intl.NumberFormat('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${count.format(n)} ${n === 1 ? one : many}`;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A report as the file host may answer it: the contracts' fields, each possibly missing on an older or newer server,
 * and whatever else a newer one adds (validator results, platform budgets).
 */
export type LooseReport = Partial<BuildReportResponse> & Record<string, unknown>;

/** A report whose validation still runs: its findings and budgets are not final yet. */
export function isReportPending(report: LooseReport): boolean {
  return isValidationPending(report as BuildReport);
}

const KNOWN_FIELDS = new Set(['fileName', 'format', 'size', 'glb', 'assetBundle', 'findings', 'validation', 'budgets']);

function summaryOf(report: LooseReport): string {
  const parts: string[] = [];
  const { glb, assetBundle } = report;
  if (glb) {
    parts.push(glb.gltfVersion ? `glTF ${glb.gltfVersion}` : 'glTF binary');
    if (typeof glb.meshes === 'number') parts.push(plural(glb.meshes, 'mesh', 'meshes'));
    if (typeof glb.triangles === 'number') parts.push(plural(glb.triangles, 'triangle'));
    if (typeof glb.vertices === 'number') parts.push(plural(glb.vertices, 'vertex', 'vertices'));
    if (typeof glb.materials === 'number') parts.push(plural(glb.materials, 'material'));
    if (glb.textures) parts.push(plural(glb.textures, 'texture'));
    if (glb.animations) parts.push(plural(glb.animations, 'animation'));
    if (Array.isArray(glb.dimensions))
      parts.push(`${glb.dimensions.map((d) => Number(d.toPrecision(3))).join(' × ')} m`);
  } else if (assetBundle) {
    parts.push(`${assetBundle.signature} AssetBundle`);
    if (assetBundle.unityVersion) parts.push(`Unity ${assetBundle.unityVersion}`);
  } else if (report.format) {
    parts.push(report.format === 'glb' ? 'glTF binary' : 'AssetBundle');
  }
  if (typeof report.size === 'number') parts.push(formatBytes(report.size));
  return parts.join(' · ');
}

function compact(value: unknown, max = 160): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function validationLine(validation: NonNullable<BuildReport['validation']>): string {
  const validator = `glTF validator${validation.validatorVersion ? ` ${validation.validatorVersion}` : ''}`;
  if (validation.state === 'pending') return `${validator}: still running`;
  if (validation.state === 'failed')
    return `${validator}: could not finish${validation.failure ? ` (${validation.failure})` : ''}`;
  const counts = validation.counts;
  if (!counts) return `${validator}: done`;
  const omitted = validation.omitted > 0 ? `, ${count.format(validation.omitted)} not listed` : '';
  return `${validator}: ${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')}, ${plural(counts.infos, 'info')}, ${plural(counts.hints, 'hint')}${omitted}`;
}

function metricValue(metric: BudgetMetric, value: number): string {
  if (metric === 'fileSize' || metric === 'textureMemory') return formatBytes(value);
  if (metric === 'textureSide') return `${count.format(value)} px`;
  return count.format(value);
}

/** One line: the platforms whose budgets the build keeps, then each figure over another's. */
function budgetLine(budgets: NonNullable<BuildReport['budgets']>): string | undefined {
  const label = (platform: string) => (budgetPlatformLabels as Record<string, string>)[platform] ?? platform;
  const measured = budgets.filter((result) => result.checks.length > 0);
  if (measured.length === 0) return undefined;
  const within = measured
    .filter((result) => result.checks.every((check) => !check.isOver))
    .map((r) => label(r.platform));
  const over = measured
    .filter((result) => result.checks.some((check) => check.isOver))
    .map((result) => {
      const details = result.checks
        .filter((check) => check.isOver)
        .map(
          (check) =>
            `${budgetMetricLabels[check.metric] ?? check.metric} ${metricValue(check.metric, check.value)} > ${metricValue(check.metric, check.limit)}`,
        );
      return `${label(result.platform)} (${details.join(', ')})`;
    });
  const parts = [];
  if (within.length) parts.push(`within on ${within.join(', ')}`);
  if (over.length) parts.push(`over on ${over.join('; ')}`);
  return `Budgets: ${parts.join('; ')}`;
}

/** The lines a partner reads after each upload: what the file is, every finding with its level, validator, budgets. */
export function formatReport(report: LooseReport): string[] {
  const lines: string[] = [];
  const summary = summaryOf(report);
  if (summary) lines.push(summary);
  const findings = Array.isArray(report.findings) ? report.findings : [];
  if (findings.length === 0 && !isReportPending(report)) lines.push('✓ No problems found');
  for (const finding of findings) {
    const level = finding.level === 'error' ? 'error  ' : 'warning';
    const where = [finding.code, finding.pointer].filter(Boolean).join(' at ');
    lines.push(`${level} ${finding.message}${where ? ` (${where})` : ''}`);
  }
  if (report.validation) lines.push(validationLine(report.validation));
  const budgets = Array.isArray(report.budgets) ? budgetLine(report.budgets) : undefined;
  if (budgets) lines.push(budgets);
  for (const [key, value] of Object.entries(report)) {
    if (KNOWN_FIELDS.has(key) || value === null || value === undefined) continue;
    lines.push(`${key}: ${compact(value)}`);
  }
  return lines;
}

export function hasErrors(report: LooseReport): boolean {
  return Array.isArray(report.findings) && hasReportErrors(report as BuildReport);
}
