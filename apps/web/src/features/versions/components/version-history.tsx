import type { CatalogItemType } from '@portal/contracts';
import { versionPagePath } from '@portal/contracts';
import { Link } from 'react-router';
import { VersionStatusPill, versionStatusTone } from '../../../components/status-pill.tsx';
import { formatDate } from '../../../lib/format.ts';
import { type AnyVersion, versionNumberOf } from '../utils/item-api.ts';
import { ConversationButton } from './conversation-dialog.tsx';

/** Rejected (and taken down) rows are styled as errors, released ones as successes (SPEC §4), as their pills. */
function rowStyle(version: AnyVersion) {
  const tone = versionStatusTone(version);
  return tone === 'success' || tone === 'error' ? `version-row--${tone}` : undefined;
}

export interface VersionHistoryProps {
  type: CatalogItemType;
  itemId: string;
  versions: AnyVersion[];
  onOpenConversation: (version: AnyVersion) => void;
}

/** Every version of the item: Version (to its page), Date of Submission, Status, and its conversation. */
export function VersionHistory({ type, itemId, versions, onOpenConversation }: VersionHistoryProps) {
  if (versions.length === 0) {
    return (
      <div className="empty">
        <p>No versions yet. Add the first one to upload builds and share them with your testers.</p>
      </div>
    );
  }
  return (
    <div className="table-wrap version-history">
      <table className="table" aria-label="Version history">
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Date of Submission</th>
            <th scope="col">Status</th>
            <th scope="col">Conversation</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <tr key={version.id} className={rowStyle(version)}>
              <td data-label="Version">
                <Link to={versionPagePath({ itemId, versionId: version.id, type })}>
                  Version {versionNumberOf(version)}
                </Link>
              </td>
              <td data-label="Date of Submission">{formatDate(version.submittedAt)}</td>
              <td data-label="Status">
                <VersionStatusPill version={version} />
              </td>
              <td data-label="Conversation">
                <ConversationButton version={version} onOpen={onOpenConversation} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
