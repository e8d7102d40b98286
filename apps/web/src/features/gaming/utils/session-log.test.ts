import type { ConsoleMessage } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  MAX_SESSION_RECORDS,
  parseSessionLog,
  SESSION_LOG_FORMAT,
  SessionRecorder,
  sessionLogFileName,
  sessionLogMessages,
} from './session-log.ts';

const START = new Date('2025-11-25T21:40:12.345Z');
const at = (seconds: number) => new Date(START.getTime() + seconds * 1000);
const ok = (data: unknown): ConsoleMessage => ({ succeeded: true, jsonData: JSON.stringify(data), error: null });

function recordedSession() {
  const recorder = new SessionRecorder();
  recorder.start('prod-1', START);
  recorder.recordConnection('connected', START);
  recorder.recordInvocation({
    id: 7,
    action: 'CreateGame',
    args: ['lobby-anchor', { ProductId: 'prod-1' }],
    at: at(1),
  });
  recorder.recordResult(7, 'CreateGame', ok({ id: 'game-1' }), at(1.2));
  recorder.recordEvent(ok({ event: 'joined', gameId: 'game-1', userId: 'bot-1', at: at(2).toISOString() }), at(2));
  return recorder;
}

describe('SessionRecorder', () => {
  it('records invocations, results, events and the connection with their times, in order', () => {
    const recorder = recordedSession();
    recorder.recordConnection('disconnected', at(3), new Error('Server timeout'));
    recorder.end(at(3));
    const file = recorder.toFile();
    expect(file).toMatchObject({
      format: SESSION_LOG_FORMAT,
      version: 1,
      productId: 'prod-1',
      startedAt: '2025-11-25T21:40:12.345Z',
      endedAt: '2025-11-25T21:40:15.345Z',
      droppedRecords: 0,
    });
    expect(file?.records.map((record) => record.type)).toEqual([
      'connection',
      'invocation',
      'result',
      'event',
      'connection',
    ]);
    expect(file?.records[1]).toEqual({
      type: 'invocation',
      id: 7,
      action: 'CreateGame',
      args: ['lobby-anchor', { ProductId: 'prod-1' }],
      at: '2025-11-25T21:40:13.345Z',
    });
    expect(file?.records[4]).toMatchObject({ status: 'disconnected', error: 'Server timeout' });
  });

  it('records nothing once the session has ended, and keeps it until the next one starts', () => {
    const recorder = recordedSession();
    recorder.end(at(3));
    recorder.recordEvent(ok({}), at(4));
    expect(recorder.summary).toEqual({
      startedAt: START.toISOString(),
      endedAt: at(3).toISOString(),
      records: 4,
      droppedRecords: 0,
    });
    recorder.start('prod-2', at(5));
    expect(recorder.summary?.records).toBe(0);
  });

  it('keeps the first records of a long session and counts those it drops', () => {
    const recorder = new SessionRecorder();
    recorder.start('', START);
    for (let index = 0; index < MAX_SESSION_RECORDS + 3; index += 1) recorder.recordEvent(ok({ index }), START);
    const file = recorder.toFile();
    expect(file?.records).toHaveLength(MAX_SESSION_RECORDS);
    expect(file?.droppedRecords).toBe(3);
    expect(file?.records[0]).toMatchObject({ message: ok({ index: 0 }) });
  });

  it('answers no file before the first session', () => {
    expect(new SessionRecorder().toFile()).toBeNull();
  });
});

describe('parseSessionLog', () => {
  it('reads back a downloaded log', () => {
    const file = recordedSession().toFile();
    expect(parseSessionLog(JSON.stringify(file))).toEqual({ success: true, log: file });
  });

  it('says a file is not JSON, not a session log, or of another version', () => {
    expect(parseSessionLog('<html>')).toEqual({ success: false, message: sessionLogMessages.notJson });
    expect(parseSessionLog('{"hello":"world"}')).toEqual({ success: false, message: sessionLogMessages.notSessionLog });
    expect(parseSessionLog('[1, 2]')).toEqual({ success: false, message: sessionLogMessages.notSessionLog });
    expect(parseSessionLog(JSON.stringify({ format: SESSION_LOG_FORMAT, version: 2 }))).toEqual({
      success: false,
      message: 'This session log has format version 2; this console reads version 1.',
    });
  });

  it('names the records at fault in a damaged log', () => {
    const file = recordedSession().toFile();
    const damaged = {
      ...file,
      records: [...(file?.records ?? []), { type: 'invocation', id: 8, action: 'Fly', args: [] }],
    };
    const parsed = parseSessionLog(JSON.stringify(damaged));
    expect(parsed.success).toBe(false);
    expect(!parsed.success && parsed.message).toMatch(/^This session log is damaged: records\.4\.action: /);
  });
});

describe('sessionLogFileName', () => {
  it('names the file after the session’s start, in UTC', () => {
    expect(sessionLogFileName({ startedAt: START.toISOString() })).toBe('staging-session-2025-11-25-214012.json');
  });
});
