import type { BuildReport, BuildReportResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';
import { ModelPreviewButton } from './model-preview.tsx';

const count = new Intl.NumberFormat('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${count.format(n)} ${n === 1 ? one : many}`;
const metres = (value: number) => (value >= 1 ? value.toFixed(2) : value.toPrecision(2)).replace(/\.?0+$/, '');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

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

export const buildReportQueryKey = (url: string) => ['build-report', url] as const;

/** A stored build's report and file name, fetched once per URL however many places show it. */
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
    retry: false,
    meta: { handlesErrors: 'all' },
  });

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

/** What the file host found when it inspected an uploaded build: a summary line and the findings to act on. */
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
  return (
    <section className="build-report" aria-label={`${label} report`}>
      <p className="build-report__summary">{summaryOf(report.data)}</p>
      {findings.length === 0 ? (
        <p className="build-report__ok">
          <span aria-hidden="true">✓ </span>No problems found
        </p>
      ) : (
        <ul className="build-report__findings">
          {findings.map((finding) => (
            <li key={finding.code} className={`build-report__finding build-report__finding--${finding.level}`}>
              <span className="build-report__level">{finding.level === 'error' ? 'Problem' : 'Check'}</span>
              {finding.message}
            </li>
          ))}
        </ul>
      )}
      {report.data.glb && report.data.glb.meshes > 0 ? <ModelPreviewButton url={url} label={label} /> : null}
    </section>
  );
}
