import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { formatClock, formatCount } from '../../../lib/format.ts';
import type { SessionSummary } from '../hooks/use-session-log.ts';
import { MAX_SESSION_RECORDS, parseSessionLog, type SessionLog } from '../utils/session-log.ts';
import { GamingCard } from './gaming-card.tsx';

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** The largest file worth reading: a full log of long events, with room to spare. */
const MAX_LOG_FILE_BYTES = 50 * 1024 * 1024;

export interface SessionLogPanelProps {
  /** The current or last session; null before the first connect. */
  summary: SessionSummary;
  onDownload: () => void;
  onLoad: (fileName: string, log: SessionLog) => void;
  /** The replay of a loaded log, under the panel's controls. */
  children?: ReactNode;
}

function describeSession(summary: NonNullable<SessionSummary>) {
  const started = formatClock(new Date(summary.startedAt));
  const records = plural(summary.records, 'record', 'records');
  return summary.endedAt === null
    ? `Recording since ${started}: ${records}.`
    : `Recorded from ${started} to ${formatClock(new Date(summary.endedAt))}: ${records}.`;
}

/**
 * The console session's log: every invocation, result and event with its time, downloaded as JSON; and a saved log
 * loaded to replay it.
 */
export function SessionLogPanel({ summary, onDownload, onLoad, children }: SessionLogPanelProps) {
  const inputId = useId();
  const [loadError, setLoadError] = useState<string | null>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // choosing the same file again loads it again
    input.value = '';
    if (!file) return;
    if (file.size > MAX_LOG_FILE_BYTES) {
      setLoadError('This file is too large to be a session log.');
      return;
    }
    const parsed = parseSessionLog(await file.text());
    if (!parsed.success) {
      setLoadError(parsed.message);
      return;
    }
    setLoadError(null);
    onLoad(file.name, parsed.log);
  };

  return (
    <GamingCard titleId="gaming-session-title" title="Session log">
      <p className="gaming-card__intro">
        {summary
          ? describeSession(summary)
          : 'Every invocation, result and event of a session is recorded with its time, from connect to disconnect.'}
      </p>
      {summary && summary.droppedRecords > 0 ? (
        <p className="gaming-notice" role="status">
          The log is full: it keeps the first {formatCount(MAX_SESSION_RECORDS)} records, and{' '}
          {plural(summary.droppedRecords, 'later one was', 'later ones were')} not recorded.
        </p>
      ) : null}
      <div className="gaming-session__actions">
        <Button variant="secondary" onClick={onDownload} disabled={!summary || summary.records === 0}>
          Download session log
        </Button>
        <div className="gaming-file">
          <input
            id={inputId}
            className="upload__input"
            type="file"
            accept=".json,application/json"
            onChange={pick}
            aria-invalid={loadError ? true : undefined}
            aria-describedby={loadError ? `${inputId}-error` : undefined}
          />
          <label className="btn btn--secondary btn--md gaming-file__label" htmlFor={inputId}>
            Load a saved log
          </label>
        </div>
      </div>
      {loadError ? (
        <p className="gaming-session__error" id={`${inputId}-error`} role="alert">
          {loadError}
        </p>
      ) : null}
      {children}
    </GamingCard>
  );
}
