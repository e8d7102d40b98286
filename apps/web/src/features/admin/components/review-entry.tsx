import { itemTypeLabels, type ReviewQueueItem } from '@portal/contracts';
import { BuildReportView } from '../../../components/build-report.tsx';
import { Button } from '../../../components/button.tsx';
import { VersionStatusPill } from '../../../components/status-pill.tsx';
import { toast } from '../../../components/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { EntryConversation } from './entry-conversation.tsx';

const PLATFORMS = [
  ['ios', 'iOS'],
  ['android', 'Android'],
  ['visionOS', 'VisionOS'],
  ['macOS', 'MacOS'],
] as const;

export interface ReviewEntryProps {
  entry: ReviewQueueItem;
  actions: React.ReactNode;
}

/** One version under review (or live): the item, the partner, the update log and the builds to download. */
export function ReviewEntry({ entry, actions }: ReviewEntryProps) {
  const download = async (url: string, platform: string) => {
    const extension = url.split('.').pop() ?? 'bin';
    const fileName = `${entry.itemName}-v${entry.version}-${platform}.${extension}`.replace(/[^\w.-]+/g, '-');
    try {
      await downloadFile(url.replace(/^https?:\/\/[^/]+/, ''), fileName);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Error');
    }
  };
  const titleId = `review-${entry.versionId}`;
  return (
    <article className="card review-entry" aria-labelledby={titleId}>
      <img className="review-entry__icon" src={entry.itemIconUrl} alt="" width="64" height="64" />
      <div className="review-entry__main">
        <h3 id={titleId}>
          {entry.itemName} <span className="review-entry__version">version {entry.version}</span>
        </h3>
        <p className="review-entry__meta">
          {itemTypeLabels[entry.itemType]} · {entry.partner.fullName} ({entry.partner.email})
          {entry.partner.businessName ? ` · ${entry.partner.businessName}` : ''}
        </p>
        <p className="review-entry__meta">
          <VersionStatusPill version={entry} /> Submitted {formatDateTime(entry.submittedAt)}
        </p>
        <p className="review-entry__log">{entry.updateLog || 'No update log.'}</p>
        <div className="button-row">
          {PLATFORMS.map(([key, label]) => {
            const url = entry.files[key];
            return url ? (
              <Button key={key} variant="secondary" onClick={() => download(url, label)}>
                Download {label}
              </Button>
            ) : null;
          })}
        </div>
        <div className="review-entry__reports">
          {PLATFORMS.map(([key, label]) => {
            const url = entry.files[key];
            return url ? (
              <div key={key}>
                <h4>{label} build</h4>
                <BuildReportView url={url} label={`${label} build`} />
              </div>
            ) : null;
          })}
        </div>
        <EntryConversation entry={entry} />
      </div>
      <div className="review-entry__actions">{actions}</div>
    </article>
  );
}
