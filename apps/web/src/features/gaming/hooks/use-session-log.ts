import type { ConsoleAction, ConsoleMessage } from '@portal/contracts';
import { useMemo, useRef, useState } from 'react';
import { type ConnectionStatusRecord, SessionRecorder } from '../utils/session-log.ts';

export type SessionSummary = SessionRecorder['summary'];

/**
 * The console session's recorder: what it records stays out of React's state (a log grows by an event every round
 * of every bot), only its summary is rendered.
 */
export function useSessionLog() {
  const recorderRef = useRef<SessionRecorder | null>(null);
  recorderRef.current ??= new SessionRecorder();
  const recorder = recorderRef.current;
  const [summary, setSummary] = useState<SessionSummary>(null);

  const actions = useMemo(() => {
    const sync = () => setSummary(recorder.summary);
    return {
      start: (productId: string) => {
        recorder.start(productId, new Date());
        recorder.recordConnection('connected', new Date());
        sync();
      },
      end: (error?: Error | null) => {
        recorder.recordConnection('disconnected', new Date(), error);
        recorder.end(new Date());
        sync();
      },
      connection: (status: ConnectionStatusRecord, error?: Error | null) => {
        recorder.recordConnection(status, new Date(), error);
        sync();
      },
      invocation: (invocation: { id: number; action: ConsoleAction; args: readonly unknown[]; sentAt: Date }) => {
        recorder.recordInvocation({ ...invocation, at: invocation.sentAt });
        sync();
      },
      result: (invocationId: number, action: ConsoleAction, message: ConsoleMessage) => {
        recorder.recordResult(invocationId, action, message, new Date());
        sync();
      },
      event: (message: ConsoleMessage) => {
        recorder.recordEvent(message, new Date());
        sync();
      },
      toFile: () => recorder.toFile(),
    };
  }, [recorder]);
  return { summary, ...actions };
}
