import { Fragment, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { StatusPill, type StatusTone } from '../../../components/status-pill.tsx';
import { formatDateTimeSeconds } from '../../../lib/format.ts';
import type { LoadedSessionLog, StepOutcome } from '../hooks/use-replay.ts';
import type { IdMap, ReplayStep } from '../utils/replay.ts';

/** Differences listed per step; the rest are counted. */
const MAX_DIFFERENCES_SHOWN = 12;
const MAX_VALUE_LENGTH = 160;

const OUTCOME_PILLS: Record<StepOutcome['status'] | 'pending', { tone: StatusTone; text: string }> = {
  pending: { tone: 'neutral', text: 'Not replayed' },
  running: { tone: 'info', text: 'Replaying…' },
  same: { tone: 'success', text: 'Same' },
  different: { tone: 'error', text: 'Different' },
  unrecorded: { tone: 'neutral', text: 'Nothing recorded to compare' },
  failed: { tone: 'error', text: 'Failed' },
};

/** A value as the differences show it: JSON, cut short; "absent" where one side has none. */
function showValue(value: unknown): string {
  if (value === undefined) return 'absent';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/** A path that wraps between its parts rather than inside a name: `data.players[1].result`. */
function showPath(path: string): ReactNode[] {
  let offset = 0;
  return path.split(/(?=[.[])/).map((part) => {
    const start = offset;
    offset += part.length;
    return (
      <Fragment key={start}>
        {start > 0 ? <wbr /> : null}
        {part}
      </Fragment>
    );
  });
}

/** A step's arguments on one line: `"lobby-anchor", {…}`. */
function showArgs(args: readonly unknown[]): string {
  const text = args.map((arg) => (typeof arg === 'object' && arg !== null ? '{…}' : JSON.stringify(arg))).join(', ');
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function summaryOf(steps: readonly ReplayStep[], outcomes: readonly StepOutcome[]): string {
  if (outcomes.length === 0) return `${steps.length} ${steps.length === 1 ? 'invocation' : 'invocations'} to replay.`;
  const count = (status: StepOutcome['status']) => outcomes.filter((outcome) => outcome.status === status).length;
  const parts = [`${count('same')} same`, `${count('different')} different`];
  if (count('failed') > 0) parts.push(`${count('failed')} failed`);
  const progress = `${outcomes.length} of ${steps.length} replayed`;
  return `${progress}: ${parts.join(', ')}.`;
}

export interface ReplayPanelProps {
  replay: LoadedSessionLog;
  outcomes: readonly StepOutcome[];
  ids: IdMap;
  isConnected: boolean;
  isRunning: boolean;
  isPlaying: boolean;
  waiting: { index: number; ms: number } | null;
  /** The product this page is open for: a log of another product's session replays against that product. */
  productId: string;
  onNext: () => void;
  onPlay: () => void;
  onPause: () => void;
  onReset: () => void;
  onClose: () => void;
}

/** A loaded session log's invocations, replayed against a new game and compared with what they answered then. */
export function ReplayPanel({
  replay,
  outcomes,
  ids,
  isConnected,
  isRunning,
  isPlaying,
  waiting,
  productId,
  onNext,
  onPlay,
  onPause,
  onReset,
  onClose,
}: ReplayPanelProps) {
  const { log, steps, fileName } = replay;
  const isDone = outcomes.length >= steps.length;
  const status = waiting
    ? `Waiting ${seconds(waiting.ms)} before step ${waiting.index + 1}, as recorded.`
    : summaryOf(steps, outcomes);

  return (
    <section className="gaming-replay" aria-labelledby="gaming-replay-title">
      <div className="gaming-card__head">
        <h3 id="gaming-replay-title" className="gaming-replay__title">
          Replay of <span className="gaming-replay__file">{fileName}</span>
        </h3>
        <Button variant="ghost" onClick={onClose}>
          Close replay
        </Button>
      </div>
      <p className="gaming-replay__meta">
        Recorded {formatDateTimeSeconds(log.startedAt)}
        {log.productId ? (
          <>
            {' '}
            for product <code className="gaming-mono">{log.productId}</code>
          </>
        ) : null}
        .{log.droppedRecords > 0 ? ' The log was truncated: its last invocations are missing.' : null}
      </p>
      {log.productId && productId && log.productId !== productId ? (
        <p className="gaming-notice">
          This log was recorded for another product: its invocations replay against that product.
        </p>
      ) : null}
      {!isConnected ? <p className="gaming-notice">Connect to the game server to replay this session.</p> : null}
      <div className="gaming-replay__controls">
        <Button onClick={onNext} isThrottled={false} disabled={!isConnected || isDone || isRunning || isPlaying}>
          Next step
        </Button>
        {isPlaying ? (
          <Button variant="secondary" onClick={onPause} isThrottled={false}>
            Pause
          </Button>
        ) : (
          <Button variant="secondary" onClick={onPlay} isThrottled={false} disabled={!isConnected || isDone}>
            Play
          </Button>
        )}
        <Button variant="ghost" onClick={onReset} isThrottled={false} disabled={outcomes.length === 0 && !isPlaying}>
          Reset
        </Button>
      </div>
      <p className="gaming-replay__status" role="status">
        {status}
      </p>
      {steps.length === 0 ? (
        <p className="gaming-log__empty">This session log holds no invocation to replay.</p>
      ) : (
        <ol className="gaming-replay__steps" aria-label="Replay steps">
          {steps.map((step) => {
            const outcome = outcomes[step.index];
            const pill = OUTCOME_PILLS[outcome?.status ?? 'pending'];
            const isNext = step.index === outcomes.length && !isDone;
            return (
              <li
                key={step.index}
                className={`gaming-replay__step${isNext ? ' gaming-replay__step--next' : ''}`}
                aria-current={isNext ? 'step' : undefined}
              >
                <div className="gaming-replay__step-head">
                  <span className="gaming-replay__number">{step.index + 1}.</span>
                  <span className="gaming-log__name">{step.action}</span>
                  <StatusPill tone={pill.tone}>{pill.text}</StatusPill>
                </div>
                <p className="gaming-replay__args gaming-mono">{showArgs(outcome?.args ?? step.args)}</p>
                {outcome?.status === 'failed' ? <p className="gaming-log__error">{outcome.error}</p> : null}
                {outcome?.status === 'different' ? (
                  <div className="gaming-replay__diff">
                    <ul className="gaming-diff" aria-label={`Differences of step ${step.index + 1}`}>
                      {outcome.differences.slice(0, MAX_DIFFERENCES_SHOWN).map((difference) => (
                        <li key={difference.path} className="gaming-diff__item">
                          <code className="gaming-diff__path">{showPath(difference.path)}</code>
                          <dl className="gaming-diff__values">
                            <div>
                              <dt>Recorded</dt>
                              <dd className="gaming-mono">{showValue(difference.recorded)}</dd>
                            </div>
                            <div>
                              <dt>Replayed</dt>
                              <dd className="gaming-mono">{showValue(difference.replayed)}</dd>
                            </div>
                          </dl>
                        </li>
                      ))}
                    </ul>
                    {outcome.differences.length > MAX_DIFFERENCES_SHOWN ? (
                      <p className="gaming-replay__more">
                        And {outcome.differences.length - MAX_DIFFERENCES_SHOWN} more differences.
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {ids.size > 0 ? (
        <details className="gaming-log__data">
          <summary>Ids mapped to this replay ({ids.size})</summary>
          <ul className="gaming-replay__ids">
            {[...ids].map(([from, to]) => (
              <li key={from} className="gaming-mono">
                {from} → {to}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
