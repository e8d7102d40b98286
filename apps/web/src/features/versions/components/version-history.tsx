import { reviewStatusLabels, versionStatusLabels } from '@portal/contracts';
import { type AnyVersion, formatDate, versionNumberOf } from '../utils/item-api.ts';

function rowStyle(version: AnyVersion) {
  if (version.reviewStatus === 'Rejected') return 'version-row--error';
  if (version.reviewStatus === 'AcceptedAndReleased' && version.status === 'Active') return 'version-row--success';
  return undefined;
}

export function statusText(version: AnyVersion) {
  const review = reviewStatusLabels[version.reviewStatus];
  return version.status === 'TakeDown' ? `${review} · ${versionStatusLabels.TakeDown}` : review;
}

/** Every version of the item: Version, Date of Submission, Status; rejected rows in error style, accepted in success. */
export function VersionHistory({ versions }: { versions: AnyVersion[] }) {
  if (versions.length === 0) {
    return (
      <div className="empty">
        <p>No versions yet. Add the first one to upload builds and share them with your testers.</p>
      </div>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Version history">
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Date of Submission</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <tr key={version.id} className={rowStyle(version)}>
              <td>{versionNumberOf(version)}</td>
              <td>{formatDate(version.submittedAt)}</td>
              <td>{statusText(version)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
