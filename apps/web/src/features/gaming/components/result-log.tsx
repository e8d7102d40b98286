import { Button } from '../../../components/button.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { formatClock } from '../../../lib/format.ts';
import { GamingCard } from './gaming-card.tsx';

/** One line of the console's log: the answer to an action, or an event of a game. */
export interface LogEntry {
  id: number;
  at: Date;
  kind: 'result' | 'event';
  /** The action, or the event's name. */
  name: string;
  succeeded: boolean;
  /** `jsonData` decoded (or as it came when it is not JSON); null when there is none. */
  data: unknown;
  error: string | null;
}

function statusOf(entry: LogEntry) {
  if (entry.kind === 'event') return { tone: 'info' as const, text: 'Event' };
  return entry.succeeded ? { tone: 'success' as const, text: 'Succeeded' } : { tone: 'error' as const, text: 'Failed' };
}

export interface ResultLogProps {
  entries: readonly LogEntry[];
  onClear: () => void;
}

/** Results and events, newest first, each with its data folded away. */
export function ResultLog({ entries, onClear }: ResultLogProps) {
  return (
    <GamingCard
      titleId="gaming-log-title"
      title="Result log"
      className="card gaming-log"
      actions={
        <Button variant="ghost" onClick={onClear} disabled={entries.length === 0}>
          Clear log
        </Button>
      }
    >
      {entries.length === 0 ? (
        <p className="gaming-log__empty">Results of your actions and events of your games show here, newest first.</p>
      ) : (
        <ol className="gaming-log__list" aria-label="Results and events">
          {entries.map((entry) => {
            const status = statusOf(entry);
            return (
              <li key={entry.id} className={`gaming-log__entry gaming-log__entry--${entry.kind}`}>
                <div className="gaming-log__head">
                  <time className="gaming-log__time" dateTime={entry.at.toISOString()}>
                    {formatClock(entry.at)}
                  </time>
                  <span className="gaming-log__name">{entry.name}</span>
                  <StatusPill tone={status.tone}>{status.text}</StatusPill>
                </div>
                {entry.error ? <p className="gaming-log__error">{entry.error}</p> : null}
                {entry.data !== null ? (
                  <details className="gaming-log__data">
                    <summary>Data</summary>
                    <pre>{typeof entry.data === 'string' ? entry.data : JSON.stringify(entry.data, null, 2)}</pre>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </GamingCard>
  );
}
