/** The progress of an upload in flight. */
export function UploadProgress({
  percent,
  label,
  isInline = false,
}: {
  percent: number;
  label: string;
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
      aria-valuetext={`${percent}%`}
    >
      <span className="upload__progress-bar" style={{ width: `${percent}%` }} />
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
