import { formatBytes } from '../lib/format.ts';
import type { UploadTransfer } from './use-single-upload.ts';

/** The progress of an upload in flight. */
export function UploadProgress({
  percent,
  label,
  valueText = `${percent}%`,
  isInline = false,
}: {
  percent: number;
  label: string;
  valueText?: string;
  isInline?: boolean;
}) {
  return (
    <div
      className={`upload__progress${isInline ? ' upload__progress--inline' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
    >
      <span className="upload__progress-bar" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** How far an upload has come, in words: "42% · 21.0 MB of 50.0 MB", then the wait for the file host's checks. */
export function describeTransfer({ percent, sentBytes, totalBytes }: UploadTransfer): string {
  if (percent >= 100) return 'Sent · checking the file…';
  return `${percent}% · ${formatBytes(sentBytes)} of ${formatBytes(totalBytes)}`;
}

/**
 * An upload in flight under its uploader, beside the rest of the form: the file, a bar, percent and bytes sent, and
 * a Cancel that stops it.
 */
export function UploadStatus({
  transfer,
  subject,
  onCancel,
}: {
  transfer: UploadTransfer;
  /** What is uploading ("the iOS build"): names the bar and Cancel for screen readers. */
  subject: string;
  onCancel: () => void;
}) {
  const figures = describeTransfer(transfer);
  return (
    <div className="upload-status">
      <div className="upload-status__head">
        <span className="upload-status__name">
          Uploading <strong>{transfer.fileName}</strong>
        </span>
        <button type="button" className="link-button upload-status__cancel" onClick={onCancel}>
          Cancel<span className="visually-hidden"> the upload of {subject}</span>
        </button>
      </div>
      <UploadProgress
        percent={transfer.percent}
        label={`Uploading ${subject}`}
        valueText={figures.replace(' · ', ', ')}
        isInline
      />
      <div className="upload-status__figures" aria-hidden="true">
        {figures}
      </div>
    </div>
  );
}

export interface UploadFooterProps {
  hint: string;
  hintId: string;
  /** What Remove removes, for screen readers ("icon", "the iOS build"). */
  subject: string;
  onRemove: (() => void) | undefined;
  notice: string | undefined;
  noticeId: string;
}

/** Under an uploader: what it accepts, Remove when it holds a file, and why a file was refused. */
export function UploadFooter({ hint, hintId, subject, onRemove, notice, noticeId }: UploadFooterProps) {
  return (
    <>
      <div className="upload__meta">
        <span className="field__hint" id={hintId}>
          {hint}
        </span>
        {onRemove ? (
          <button type="button" className="link-button upload__remove" onClick={onRemove}>
            Remove<span className="visually-hidden"> {subject}</span>
          </button>
        ) : null}
      </div>
      {notice ? (
        <div className="field__error" id={noticeId} role="alert">
          {notice}
        </div>
      ) : null}
    </>
  );
}
