import {
  type ConsoleAction,
  type ConsoleMessage,
  consoleMessageSchema,
  describeIssues,
  gameActions,
  syntheticPlayerActions,
} from '@portal/contracts';
import { z } from 'zod';

/**
 * A console session, recorded from connect to disconnect: every invocation with its positional arguments, its
 * result and every event, each with its time. The partner downloads it as JSON and loads it again to replay its
 * invocations against a new game (see `replay.ts`).
 */

/** What a session log file says it is, and the version of its format this console writes and reads. */
export const SESSION_LOG_FORMAT = 'staging-session-log';
export const SESSION_LOG_VERSION = 1;
/** Records one session keeps: the first ones, so that a full log still replays from its start. */
export const MAX_SESSION_RECORDS = 10_000;

const isoTime = z.iso.datetime({ offset: true });
const consoleActionSchema = z.enum([...gameActions, ...syntheticPlayerActions]);

export const invocationRecordSchema = z.object({
  type: z.literal('invocation'),
  /** Unique in the session: its result names it. */
  id: z.number().int().nonnegative(),
  action: consoleActionSchema,
  /** Positional, as the hub invocation carried them. */
  args: z.array(z.unknown()),
  at: isoTime,
});
export const resultRecordSchema = z.object({
  type: z.literal('result'),
  invocationId: z.number().int().nonnegative(),
  action: consoleActionSchema,
  at: isoTime,
  message: consoleMessageSchema,
});
export const eventRecordSchema = z.object({ type: z.literal('event'), at: isoTime, message: consoleMessageSchema });
/** The connection's own story: connected, lost and reconnecting, back, disconnected. */
export const connectionRecordSchema = z.object({
  type: z.literal('connection'),
  at: isoTime,
  status: z.enum(['connected', 'reconnecting', 'reconnected', 'disconnected']),
  error: z.string().nullable(),
});

export const sessionRecordSchema = z.discriminatedUnion('type', [
  invocationRecordSchema,
  resultRecordSchema,
  eventRecordSchema,
  connectionRecordSchema,
]);
export type SessionRecord = z.infer<typeof sessionRecordSchema>;
export type InvocationRecord = z.infer<typeof invocationRecordSchema>;
export type ResultRecord = z.infer<typeof resultRecordSchema>;
export type ConnectionStatusRecord = z.infer<typeof connectionRecordSchema>['status'];

/** The file: `staging-session-<date>.json`. */
export const sessionLogSchema = z.object({
  format: z.literal(SESSION_LOG_FORMAT),
  version: z.literal(SESSION_LOG_VERSION),
  /** The product the console was opened for (`prodId`); empty when none. */
  productId: z.string(),
  startedAt: isoTime,
  /** Null while the session goes on. */
  endedAt: isoTime.nullable(),
  /** Records past MAX_SESSION_RECORDS that were not kept: the log is truncated when this is not 0. */
  droppedRecords: z.number().int().nonnegative(),
  records: z.array(sessionRecordSchema).max(MAX_SESSION_RECORDS),
});
export type SessionLog = z.infer<typeof sessionLogSchema>;

export const sessionLogMessages = {
  notJson: 'This file is not a session log: it is not JSON.',
  notSessionLog: 'This file is not a session log of the staging console.',
  unknownVersion: (version: unknown) =>
    `This session log has format version ${String(version)}; this console reads version ${SESSION_LOG_VERSION}.`,
  damaged: (details: string) => `This session log is damaged: ${details}`,
} as const;

export type ParsedSessionLog = { success: true; log: SessionLog } | { success: false; message: string };

/** A loaded file's text, checked: the log, or why it is not one. */
export function parseSessionLog(text: string): ParsedSessionLog {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { success: false, message: sessionLogMessages.notJson };
  }
  if (typeof json !== 'object' || json === null || (json as { format?: unknown }).format !== SESSION_LOG_FORMAT) {
    return { success: false, message: sessionLogMessages.notSessionLog };
  }
  const { version } = json as { version?: unknown };
  if (version !== SESSION_LOG_VERSION) return { success: false, message: sessionLogMessages.unknownVersion(version) };
  const parsed = sessionLogSchema.safeParse(json);
  return parsed.success
    ? { success: true, log: parsed.data }
    : { success: false, message: sessionLogMessages.damaged(describeIssues(parsed.error.issues)) };
}

/** `staging-session-2025-11-25-214012.json`: the session's start, in UTC. */
export const sessionLogFileName = (log: Pick<SessionLog, 'startedAt'>) =>
  `staging-session-${log.startedAt.slice(0, 19).replace('T', '-').replaceAll(':', '')}.json`;

/**
 * Records a session as it goes: bounded, cheap to append to (a log grows by an event every round of every bot),
 * read as a file when the partner downloads it.
 */
export class SessionRecorder {
  private log: SessionLog | null = null;

  /** Starts a new session; the previous one is forgotten. */
  start(productId: string, at: Date): void {
    this.log = {
      format: SESSION_LOG_FORMAT,
      version: SESSION_LOG_VERSION,
      productId,
      startedAt: at.toISOString(),
      endedAt: null,
      droppedRecords: 0,
      records: [],
    };
  }

  /** Ends the session: it stays to be downloaded until the next one starts. */
  end(at: Date): void {
    if (this.log && this.log.endedAt === null) this.log.endedAt = at.toISOString();
  }

  get isRecording(): boolean {
    return this.log !== null && this.log.endedAt === null;
  }

  /** How much the session holds, for the console to show. */
  get summary(): { startedAt: string; endedAt: string | null; records: number; droppedRecords: number } | null {
    if (!this.log) return null;
    const { startedAt, endedAt, records, droppedRecords } = this.log;
    return { startedAt, endedAt, records: records.length, droppedRecords };
  }

  recordInvocation(invocation: { id: number; action: ConsoleAction; args: readonly unknown[]; at: Date }): void {
    const { id, action, args, at } = invocation;
    this.append({ type: 'invocation', id, action, args: [...args], at: at.toISOString() });
  }

  recordResult(invocationId: number, action: ConsoleAction, message: ConsoleMessage, at: Date): void {
    this.append({ type: 'result', invocationId, action, at: at.toISOString(), message });
  }

  recordEvent(message: ConsoleMessage, at: Date): void {
    this.append({ type: 'event', at: at.toISOString(), message });
  }

  recordConnection(status: ConnectionStatusRecord, at: Date, error?: Error | string | null): void {
    const text = error instanceof Error ? error.message || String(error) : (error ?? null);
    this.append({ type: 'connection', at: at.toISOString(), status, error: text });
  }

  /** The session as its file holds it; null before the first session. */
  toFile(): SessionLog | null {
    return this.log ? { ...this.log, records: [...this.log.records] } : null;
  }

  private append(record: SessionRecord): void {
    if (!this.isRecording || !this.log) return;
    if (this.log.records.length >= MAX_SESSION_RECORDS) {
      this.log.droppedRecords += 1;
      return;
    }
    this.log.records.push(record);
  }
}
