import type { ReactNode } from 'react';
import { BuildReportView, useBuildFileName } from '../../../components/build-report.tsx';
import { VersionStatusPill } from '../../../components/status-pill.tsx';
import { type AnyVersion, BUILD_PLATFORMS, versionNumberOf } from '../utils/item-api.ts';

export interface VersionDetailsProps {
  version: AnyVersion;
  /** Why the page shows the version instead of a form. */
  reason: string;
  /** What the partner may still do about it (interrupt the review). */
  action?: ReactNode;
  /** Whether the member's role reads builds' validation reports (`builds`); else only which platforms have one. */
  showReports?: boolean;
}

function BuildFileName({ url }: { url: string }) {
  return <span className="version-details__file">{useBuildFileName(url) ?? '…'}</span>;
}

/** A version that cannot be edited now: its status, update log, builds and their reports, without inputs. */
export function VersionDetails({ version, reason, action, showReports = true }: VersionDetailsProps) {
  const titleId = `version-${version.id}-title`;
  const builds = BUILD_PLATFORMS.flatMap(({ key, label, urlKey }) => {
    const url = version[urlKey];
    return url ? [{ key, label, url }] : [];
  });
  return (
    <article className="card version-details" aria-labelledby={titleId}>
      <div className="version-details__head">
        <h2 id={titleId}>Version {versionNumberOf(version)}</h2>
        <VersionStatusPill version={version} />
      </div>
      <div className="alert alert--info version-details__why" role="note">
        <p>{reason}</p>
        {action}
      </div>
      <h3>Update log</h3>
      <p className="pre-line version-details__log">{version.updateLog || 'No update log was written.'}</p>
      <h3>Builds</h3>
      {builds.length === 0 ? (
        <p className="facts__none">No builds were uploaded.</p>
      ) : (
        <ul className="version-details__builds">
          {builds.map(({ key, label, url }) => (
            <li key={key}>
              <strong>{label}</strong>{' '}
              {showReports ? (
                <>
                  <BuildFileName url={url} />
                  <BuildReportView url={url} label={`${label} build`} />
                </>
              ) : (
                <span className="version-details__file">uploaded</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
