import {
  BUDGET_METRICS,
  BUILD_PLATFORMS,
  type BudgetCheck,
  type BudgetMetric,
  type BuildFinding,
  type BuildReport,
  type BuildReportResponse,
  budgetMetricLabels,
  budgetPlatformLabels,
  errorCatalog,
  isValidationPending,
  submissionBlockerOf,
} from '@portal/contracts';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { apiRequest } from '../lib/api-client.ts';
import { formatBytes } from '../lib/format.ts';
import { ModelPreviewButton } from './model-preview.tsx';

const count = new Intl.NumberFormat('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${count.format(n)} ${n === 1 ? one : many}`;
const metres = (value: number) => (value >= 1 ? value.toFixed(2) : value.toPrecision(2)).replace(/\.?0+$/, '');

/** One line a partner can read at a glance: what the file is and how heavy. */
export function summaryOf(report: BuildReport): string {
  const parts: string[] = [];
  if (report.glb) {
    const { glb } = report;
    parts.push(glb.gltfVersion ? `glTF ${glb.gltfVersion}` : 'glTF binary');
    parts.push(
      plural(glb.meshes, 'mesh', 'meshes'),
      plural(glb.triangles, 'triangle'),
      plural(glb.materials, 'material'),
    );
    if (glb.textures > 0) parts.push(plural(glb.textures, 'texture'));
    if (glb.animations > 0) parts.push(plural(glb.animations, 'animation'));
    if (glb.dimensions) parts.push(`${glb.dimensions.map(metres).join(' × ')} m`);
  } else if (report.assetBundle) {
    const { assetBundle } = report;
    parts.push(`${assetBundle.signature} AssetBundle`);
    if (assetBundle.unityVersion) parts.push(`Unity ${assetBundle.unityVersion}`);
  } else {
    parts.push(report.format === 'glb' ? 'glTF binary' : 'AssetBundle');
  }
  parts.push(formatBytes(report.size));
  return parts.join(' · ');
}

/** A figure of the budget table, in the unit of its metric. */
export function formatMeasure(metric: BudgetMetric, value: number): string {
  if (metric === 'textureMemory' || metric === 'fileSize') return formatBytes(value);
  if (metric === 'textureSide') return value === 0 ? 'No textures' : `${count.format(value)} px`;
  return count.format(value);
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A limit as short as a table cell on a phone allows: 100K triangles, 64 MB, 2048 (px). */
export function formatLimit(metric: BudgetMetric, value: number): string {
  if (metric === 'textureMemory' || metric === 'fileSize') return formatBytes(value).replace(/\.0 /, ' ');
  // pixels, as the row's figure says: a side is read whole (2048, not 2K)
  if (metric === 'textureSide') return String(value);
  return compact.format(value);
}

/** The report's findings by level, errors first: ours and the validator's together. */
export function groupFindings(findings: BuildFinding[]): { errors: BuildFinding[]; warnings: BuildFinding[] } {
  return {
    errors: findings.filter((finding) => finding.level === 'error'),
    warnings: findings.filter((finding) => finding.level !== 'error'),
  };
}

/** How often a report whose validation is pending is asked for again. */
export const VALIDATION_POLL_MS = 2000;

export const buildReportQueryKey = (url: string) => ['build-report', url] as const;

/**
 * A stored build's report and file name, fetched once per URL however many places show it, and fetched again every
 * VALIDATION_POLL_MS while the reference validator has yet to finish with it.
 */
export const buildReportQuery = (url: string) =>
  queryOptions({
    queryKey: buildReportQueryKey(url),
    queryFn: ({ signal }) =>
      apiRequest<BuildReportResponse>('/FileUpload/Report', {
        host: 'files',
        query: { url },
        signal,
        background: true,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) =>
      query.state.data && isValidationPending(query.state.data) ? VALIDATION_POLL_MS : false,
    retry: false,
    meta: { handlesErrors: 'all' },
  });

export type SubmissionBlocker = 'BuildReportHasErrors' | 'BuildReportPending';

/**
 * Whether these builds' reports hold back a submission, by the rule the server applies on submit: `blocker` and
 * the message to show, or undefined. Pending reports are polled, so the answer follows the validator. While a
 * report loads, `isLoading` is true and `blocker` says nothing yet; a report that cannot be read does not block here
 * (the server decides on submit).
 */
export function useSubmissionBlocker(urls: ReadonlyArray<string | null | undefined>): {
  blocker: SubmissionBlocker | undefined;
  message: string | undefined;
  isLoading: boolean;
} {
  const present = [...new Set(urls.filter((url): url is string => Boolean(url)))];
  const reports = useQueries({ queries: present.map((url) => buildReportQuery(url)) });
  const blocker = submissionBlockerOf(reports.map((report) => report.data));
  return {
    blocker,
    message: blocker ? errorCatalog[blocker].message : undefined,
    isLoading: reports.some((report) => report.isPending),
  };
}

/**
 * The name a build is shown under: the one it was uploaded with, as the file host keeps it (the report query, which
 * the build's report shares). Undefined while it loads; `fallback`, else the URL's last segment, if the host cannot
 * say.
 */
export function useBuildFileName(url: string | null, fallback?: string): string | undefined {
  const report = useQuery({ ...buildReportQuery(url ?? ''), enabled: url !== null });
  if (!url) return undefined;
  if (report.data) return report.data.fileName;
  return report.isError ? fallback || url.split('/').pop() : undefined;
}

export interface BuildReportViewProps {
  /** The build's URL, as the file host issued it. */
  url: string;
  /** Names the report for assistive technology ("iOS build"). */
  label: string;
}

function FindingList({ title, findings, level }: { title: string; findings: BuildFinding[]; level: string }) {
  const titleId = useId();
  if (findings.length === 0) return null;
  return (
    <div className="build-report__group">
      <p className="build-report__group-title" id={titleId}>
        {title} ({count.format(findings.length)})
      </p>
      <ul className="build-report__findings" aria-labelledby={titleId}>
        {findings.map((finding, index) => (
          <li
            // validator codes repeat (one per place in the model), and a report never changes once written
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className={`build-report__finding build-report__finding--${level}`}
          >
            <span className="build-report__level">{finding.level === 'error' ? 'Problem' : 'Check'}</span>
            {finding.message}
            {finding.source === 'validator' && finding.code !== 'ValidationFailed' ? (
              <span className="build-report__where">
                {' '}
                <code>{finding.code}</code>
                {finding.pointer ? (
                  <>
                    {' at '}
                    <code>{finding.pointer}</code>
                  </>
                ) : null}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function BudgetCell({ check }: { check: BudgetCheck | undefined }) {
  if (!check) {
    return (
      <td className="build-report__budget build-report__budget--none">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">Not judged</span>
      </td>
    );
  }
  return (
    <td className={`build-report__budget build-report__budget--${check.isOver ? 'over' : 'pass'}`}>
      <span className="build-report__verdict">
        <span aria-hidden="true">{check.isOver ? '▲ ' : '✓ '}</span>
        {check.isOver ? 'Over' : 'Pass'}
      </span>
      <span className="build-report__limit">
        <span className="visually-hidden">, limit </span>
        <span aria-hidden="true">≤ </span>
        {formatLimit(check.metric, check.limit)}
      </span>
    </td>
  );
}

/**
 * Each metric as measured, against each platform's limit: a row per metric (its figure under its name, so that the
 * table fits the report's column on a phone), a column per platform.
 */
function BudgetTable({ report, label }: { report: BuildReport; label: string }) {
  const budgets = report.budgets;
  if (!budgets) return null;
  const checkOf = (platform: string, metric: BudgetMetric) =>
    budgets.find((budget) => budget.platform === platform)?.checks.find((check) => check.metric === metric);
  const metrics = BUDGET_METRICS.filter((metric) => budgets.some((budget) => checkOf(budget.platform, metric)));
  const platforms = BUILD_PLATFORMS.filter((platform) => budgets.some((budget) => budget.platform === platform));
  const onlySize = metrics.length === 1 && metrics[0] === 'fileSize';
  return (
    <div className="build-report__budgets">
      <section
        className="build-report__budget-scroll"
        aria-label={`${label} budgets`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls in this box, by keyboard too
        tabIndex={0}
      >
        <table className="build-report__budget-table">
          <caption>Platform budgets</caption>
          <thead>
            <tr>
              <th scope="col">This build</th>
              {platforms.map((platform) => (
                <th scope="col" key={platform}>
                  {budgetPlatformLabels[platform]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {metrics.map((metric) => {
              const value = budgets.map((budget) => checkOf(budget.platform, metric)).find(Boolean)?.value;
              return (
                <tr key={metric}>
                  <th scope="row">
                    <span className="build-report__metric">{budgetMetricLabels[metric]}</span>
                    <span className="build-report__measured">
                      <span className="visually-hidden">: </span>
                      {value === undefined ? '—' : formatMeasure(metric, value)}
                    </span>
                  </th>
                  {platforms.map((platform) => (
                    <BudgetCell key={platform} check={checkOf(platform, metric)} />
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      {onlySize ? (
        <p className="build-report__note">
          {report.format === 'assetbundle'
            ? 'An AssetBundle is judged on its file size only: what is inside it cannot be measured here.'
            : 'Only the file size could be judged: the validator did not measure this model.'}
        </p>
      ) : null}
    </div>
  );
}

function ValidationStatus({ report }: { report: BuildReport }) {
  const validation = report.validation;
  if (!validation) return null;
  if (validation.state === 'pending') {
    return (
      <p className="build-report__validation build-report__validation--pending" role="status">
        Validating with the glTF reference validator…
      </p>
    );
  }
  if (validation.state === 'failed' || !validation.counts) return null;
  const { errors, warnings } = validation.counts;
  return (
    <p className="build-report__validation">
      Checked by the glTF Validator{validation.validatorVersion ? ` ${validation.validatorVersion}` : ''}:{' '}
      {plural(errors, 'error')}, {plural(warnings, 'warning')}
      {validation.omitted > 0 ? ` (${plural(validation.omitted, 'more message')} not shown)` : ''}.
    </p>
  );
}

/**
 * What the file host found in an uploaded build: a summary line, the findings to act on (ours and the reference
 * validator's, by level), the validator's progress, and the platform budgets.
 */
export function BuildReportView({ url, label }: BuildReportViewProps) {
  const report = useQuery(buildReportQuery(url));
  if (report.isPending) {
    return (
      <p className="build-report build-report--pending" role="status">
        Inspecting the {label}…
      </p>
    );
  }
  if (report.isError) return null;
  const { findings } = report.data;
  const { errors, warnings } = groupFindings(findings);
  const isPending = isValidationPending(report.data);
  return (
    <section className="build-report" aria-label={`${label} report`}>
      <p className="build-report__summary">{summaryOf(report.data)}</p>
      <ValidationStatus report={report.data} />
      {findings.length === 0 && !isPending ? (
        <p className="build-report__ok">
          <span aria-hidden="true">✓ </span>No problems found
        </p>
      ) : null}
      <FindingList title="Errors" findings={errors} level="error" />
      <FindingList title="Warnings" findings={warnings} level="warning" />
      <BudgetTable report={report.data} label={label} />
      {report.data.glb && report.data.glb.meshes > 0 ? <ModelPreviewButton url={url} label={label} /> : null}
    </section>
  );
}
