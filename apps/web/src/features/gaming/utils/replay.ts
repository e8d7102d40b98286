import type { ConsoleAction, ConsoleMessage } from '@portal/contracts';
import type { SessionLog } from './session-log.ts';

/**
 * Replaying a session log against a new game: its invocations in order, the ids of the recorded session mapped to
 * those of the new one as the replayed results reveal them, and each replayed result compared with the recorded one
 * once what is bound to differ (ids, times, the round a playing game is in) is set aside.
 */

/** One recorded invocation to replay, with what it answered then. */
export interface ReplayStep {
  /** Its place in the replay, from 0. */
  index: number;
  action: ConsoleAction;
  args: readonly unknown[];
  /** When it was sent, and how long after the invocation before it (0 for the first): the original pace. */
  sentAt: string;
  delayMs: number;
  /** The recorded result; null when none came (the connection went first, or the log was cut short). */
  recorded: ConsoleMessage | null;
}

/** The log's invocations, in the order they were sent, each with its recorded result. */
export function replayStepsOf(log: Pick<SessionLog, 'records'>): ReplayStep[] {
  const results = new Map<number, ConsoleMessage>();
  for (const record of log.records) {
    if (record.type === 'result' && !results.has(record.invocationId)) results.set(record.invocationId, record.message);
  }
  const steps: ReplayStep[] = [];
  let previous: number | undefined;
  for (const record of log.records) {
    if (record.type !== 'invocation') continue;
    const sent = Date.parse(record.at);
    steps.push({
      index: steps.length,
      action: record.action,
      args: record.args,
      sentAt: record.at,
      delayMs: previous === undefined ? 0 : Math.max(0, sent - previous),
      recorded: results.get(record.id) ?? null,
    });
    previous = sent;
  }
  return steps;
}

/**
 * How long to wait before sending a step at the original pace: its recorded gap, less the time since the step
 * before it was sent in this replay (a slow answer eats into the wait rather than adding to it).
 */
export function waitBefore(step: Pick<ReplayStep, 'delayMs'>, previousSentAt: number | null, now: number): number {
  if (previousSentAt === null) return 0;
  return Math.max(0, step.delayMs - (now - previousSentAt));
}

/** Recorded id → the id it stands for in this replay. */
export type IdMap = ReadonlyMap<string, string>;

/** Keys holding one id (a game's, a user's), and keys holding a list of them. */
const ID_KEYS = new Set(['id', 'gameId', 'userId', 'hostUserId']);
const ID_LIST_KEYS = new Set(['gameIds']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `jsonData` decoded; as it came when it is not JSON, null when there is none. */
export function decodeJsonData(jsonData: string | null): unknown {
  if (jsonData === null) return null;
  try {
    return JSON.parse(jsonData);
  } catch {
    return jsonData;
  }
}

/**
 * The ids a replayed answer reveals: each id of the recorded answer paired with the one at the same place in the
 * replayed answer (a recorded CreateGame's game and host, the synthetic players AddSyntheticPlayers added). An id
 * already mapped keeps its mapping, and an id of this replay stands for one recorded id at most: a game that
 * answers with another game's id is a difference to show, not a mapping to learn.
 */
export function learnIds(ids: IdMap, recorded: ConsoleMessage, replayed: ConsoleMessage): IdMap {
  if (!recorded.succeeded || !replayed.succeeded) return ids;
  const learned = new Map(ids);
  const taken = new Set(learned.values());
  const pair = (from: unknown, to: unknown) => {
    if (typeof from !== 'string' || typeof to !== 'string' || learned.has(from) || taken.has(to)) return;
    learned.set(from, to);
    taken.add(to);
  };
  const walk = (from: unknown, to: unknown) => {
    if (Array.isArray(from) && Array.isArray(to)) {
      for (const [index, item] of from.entries()) walk(item, to[index]);
      return;
    }
    if (!isRecord(from) || !isRecord(to)) return;
    for (const [key, value] of Object.entries(from)) {
      if (ID_KEYS.has(key)) pair(value, to[key]);
      else if (ID_LIST_KEYS.has(key) && Array.isArray(value) && Array.isArray(to[key])) {
        const list = to[key] as unknown[];
        for (const [index, item] of value.entries()) pair(item, list[index]);
      } else walk(value, to[key]);
    }
  };
  walk(decodeJsonData(recorded.jsonData), decodeJsonData(replayed.jsonData));
  return learned;
}

/** `value` with every string that is a recorded id replaced by its id in this replay: a step's arguments. */
export function mapIds<T>(value: T, ids: IdMap): T {
  if (ids.size === 0) return value;
  const map = (item: unknown): unknown => {
    if (typeof item === 'string') return ids.get(item) ?? item;
    if (Array.isArray(item)) return item.map(map);
    if (isRecord(item)) return Object.fromEntries(Object.entries(item).map(([key, field]) => [key, map(field)]));
    return item;
  };
  return map(value) as T;
}

/** Times (createdAt, joinedAt, an event's `at`…) are never the same twice. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
/** Values that depend on when a step is replayed rather than on what it did. */
const VOLATILE_KEYS = new Set(['currentRound']);
export const IGNORED_TIME = '<time>';
export const IGNORED_VALUE = '<varies>';

/** What a result is compared on: its outcome, its error and its decoded data, ids mapped and volatile values set aside. */
export interface NormalisedResult {
  succeeded: boolean;
  error: { errorCode: string; message: string } | null;
  data: unknown;
}

export function normaliseResult(message: ConsoleMessage, ids: IdMap = new Map()): NormalisedResult {
  const normalise = (value: unknown, key?: string): unknown => {
    if (key !== undefined && VOLATILE_KEYS.has(key) && value !== null) return IGNORED_VALUE;
    if (typeof value === 'string') {
      if (ISO_TIME.test(value)) return IGNORED_TIME;
      return ids.get(value) ?? value;
    }
    if (Array.isArray(value)) return value.map((item) => normalise(item));
    if (isRecord(value)) {
      return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, normalise(field, name)]));
    }
    return value;
  };
  return {
    succeeded: message.succeeded,
    error: message.error ? { errorCode: message.error.errorCode, message: message.error.message } : null,
    data: normalise(decodeJsonData(message.jsonData)),
  };
}

/** A place where the replayed result differs from the recorded one; `undefined` is a value the other lacks. */
export interface ResultDifference {
  /** `succeeded`, `error.message`, `data.players[1].result`… */
  path: string;
  recorded: unknown;
  replayed: unknown;
}

const pathOf = (parent: string, key: string | number) =>
  typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key;

/** Where two normalised values differ, deepest first found; lists compare item by item. */
function differences(recorded: unknown, replayed: unknown, path: string, found: ResultDifference[]): void {
  if (Object.is(recorded, replayed)) return;
  if (Array.isArray(recorded) && Array.isArray(replayed)) {
    for (let index = 0; index < Math.max(recorded.length, replayed.length); index += 1) {
      differences(recorded[index], replayed[index], pathOf(path, index), found);
    }
    return;
  }
  if (isRecord(recorded) && isRecord(replayed)) {
    const keys = new Set([...Object.keys(recorded), ...Object.keys(replayed)]);
    for (const key of keys) differences(recorded[key], replayed[key], pathOf(path, key), found);
    return;
  }
  found.push({ path, recorded, replayed });
}

/**
 * How a replayed result differs from the recorded one, both normalised (the recorded one with its ids mapped):
 * none when they match.
 */
export function compareResults(recorded: ConsoleMessage, replayed: ConsoleMessage, ids: IdMap): ResultDifference[] {
  const found: ResultDifference[] = [];
  differences(normaliseResult(recorded, ids), normaliseResult(replayed), '', found);
  return found;
}
