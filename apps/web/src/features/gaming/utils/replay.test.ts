import type { ConsoleMessage } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  compareResults,
  IGNORED_TIME,
  IGNORED_VALUE,
  learnIds,
  mapIds,
  normaliseResult,
  replayStepsOf,
  waitBefore,
} from './replay.ts';
import type { SessionRecord } from './session-log.ts';

const ok = (data: unknown): ConsoleMessage => ({ succeeded: true, jsonData: JSON.stringify(data), error: null });
const failed = (errorCode: string, message: string): ConsoleMessage => ({
  succeeded: false,
  jsonData: null,
  error: { errorCode, message },
});

/** A game as CreateGame answers it, for `gameId`, hosted by `hostId`, created at `time`. */
const game = (gameId: string, hostId: string, time: string, extra: Record<string, unknown> = {}) => ({
  id: gameId,
  state: 'Waiting',
  hostUserId: hostId,
  productId: 'prod-1',
  currentRound: null,
  createdAt: time,
  startedAt: null,
  players: [{ userId: hostId, isHost: true, joinedAt: time, info: null, result: null, goals: [] }],
  ...extra,
});

describe('replayStepsOf', () => {
  it('lists the invocations in order with their recorded results and the gaps between them', () => {
    const records: SessionRecord[] = [
      { type: 'connection', at: '2025-01-01T10:00:00.000Z', status: 'connected', error: null },
      { type: 'invocation', id: 1, action: 'CreateGame', args: ['a', {}], at: '2025-01-01T10:00:01.000Z' },
      { type: 'invocation', id: 2, action: 'StartGame', args: ['g'], at: '2025-01-01T10:00:03.500Z' },
      { type: 'result', invocationId: 1, action: 'CreateGame', at: '2025-01-01T10:00:01.100Z', message: ok({}) },
      { type: 'event', at: '2025-01-01T10:00:04.000Z', message: ok({ event: 'started' }) },
      { type: 'invocation', id: 3, action: 'EndGame', args: ['g'], at: '2025-01-01T10:00:03.000Z' },
    ];
    const steps = replayStepsOf({ records });
    expect(steps.map(({ index, action, delayMs }) => ({ index, action, delayMs }))).toEqual([
      { index: 0, action: 'CreateGame', delayMs: 0 },
      { index: 1, action: 'StartGame', delayMs: 2500 },
      // a clock that stepped back waits for nothing
      { index: 2, action: 'EndGame', delayMs: 0 },
    ]);
    expect(steps[0]?.recorded).toEqual(ok({}));
    // its answer never came
    expect(steps[1]?.recorded).toBeNull();
  });
});

describe('waitBefore', () => {
  it('waits the recorded gap less what has passed since the previous step was sent', () => {
    expect(waitBefore({ delayMs: 2500 }, null, 10_000)).toBe(0);
    expect(waitBefore({ delayMs: 2500 }, 10_000, 10_400)).toBe(2100);
    expect(waitBefore({ delayMs: 2500 }, 10_000, 13_000)).toBe(0);
  });
});

describe('learnIds', () => {
  it('maps a recorded game and its host to the new ones, and synthetic players to theirs', () => {
    let ids = learnIds(
      new Map(),
      ok(game('game-old', 'me-old', '2025-01-01T10:00:00Z')),
      ok(game('game-new', 'me-new', '2025-06-01T09:00:00Z')),
    );
    ids = learnIds(
      ids,
      ok({ gameId: 'game-old', players: [{ userId: 'bot-old-1', name: 'Bot 1', behaviour: 'win' }] }),
      ok({ gameId: 'game-new', players: [{ userId: 'bot-new-1', name: 'Bot 1', behaviour: 'win' }] }),
    );
    ids = learnIds(ids, ok({ gameIds: ['game-old', 'other-old'] }), ok({ gameIds: ['game-new', 'other-new'] }));
    expect(Object.fromEntries(ids)).toEqual({
      'game-old': 'game-new',
      'me-old': 'me-new',
      'bot-old-1': 'bot-new-1',
      'other-old': 'other-new',
    });
  });

  it('keeps a mapping once learned and maps no two recorded ids to one new id', () => {
    const ids = new Map([['game-old', 'game-new']]);
    const learned = learnIds(
      ids,
      ok({ gameId: 'game-old', userId: 'x-old' }),
      ok({ gameId: 'game-2', userId: 'game-new' }),
    );
    expect(Object.fromEntries(learned)).toEqual({ 'game-old': 'game-new' });
  });

  it('learns nothing from a failure', () => {
    const ids = learnIds(new Map(), failed('GameNotFound', 'Gone'), ok({ id: 'game-new' }));
    expect(ids.size).toBe(0);
  });
});

describe('mapIds', () => {
  it('replaces every argument equal to a recorded id, however deep, and leaves the rest', () => {
    const ids = new Map([['game-old', 'game-new']]);
    expect(mapIds(['game-old', 'score', 'game-old-ish', 3, { ProductId: 'prod-1', ref: ['game-old'] }], ids)).toEqual([
      'game-new',
      'score',
      'game-old-ish',
      3,
      { ProductId: 'prod-1', ref: ['game-new'] },
    ]);
  });
});

describe('normaliseResult', () => {
  it('decodes the data, maps ids and sets aside times and the current round', () => {
    const ids = new Map([['game-old', 'game-new']]);
    expect(
      normaliseResult(ok({ id: 'game-old', at: '2025-01-01T10:00:00.123Z', currentRound: 2, endedAt: null }), ids),
    ).toEqual({
      succeeded: true,
      error: null,
      data: { id: 'game-new', at: IGNORED_TIME, currentRound: IGNORED_VALUE, endedAt: null },
    });
  });

  it('keeps a failure’s code and message', () => {
    expect(normaliseResult(failed('NotHost', 'Only the host of this game can do this.'))).toEqual({
      succeeded: false,
      error: { errorCode: 'NotHost', message: 'Only the host of this game can do this.' },
      data: null,
    });
  });

  it('keeps data that is not JSON as it came', () => {
    expect(normaliseResult({ succeeded: true, jsonData: 'plain text', error: null }).data).toBe('plain text');
  });
});

describe('compareResults', () => {
  it('finds a replayed game the same as the recorded one once its ids are mapped and its times ignored', () => {
    const recorded = ok(game('game-old', 'me-old', '2025-01-01T10:00:00Z'));
    const replayed = ok(game('game-new', 'me-new', '2025-06-01T09:00:00.5Z'));
    const ids = learnIds(new Map(), recorded, replayed);
    expect(compareResults(recorded, replayed, ids)).toEqual([]);
  });

  it('lists the paths that differ with the recorded and the replayed value', () => {
    const ids = new Map([
      ['game-old', 'game-new'],
      ['bot-old', 'bot-new'],
    ]);
    const players = (result: string | null) => [{ userId: 'bot-old', result }];
    const recorded = ok({ id: 'game-old', state: 'Playing', players: players('Win') });
    const replayed = ok({ id: 'game-new', state: 'Ended', players: [{ userId: 'bot-new', result: null }], extra: 1 });
    expect(compareResults(recorded, replayed, ids)).toEqual([
      { path: 'data.state', recorded: 'Playing', replayed: 'Ended' },
      { path: 'data.players[0].result', recorded: 'Win', replayed: null },
      { path: 'data.extra', recorded: undefined, replayed: 1 },
    ]);
  });

  it('tells a success from a failure', () => {
    expect(compareResults(ok({ gameId: 'g' }), failed('GameNotFound', 'Gone'), new Map())).toEqual([
      { path: 'succeeded', recorded: true, replayed: false },
      { path: 'error', recorded: null, replayed: { errorCode: 'GameNotFound', message: 'Gone' } },
      { path: 'data', recorded: { gameId: 'g' }, replayed: null },
    ]);
  });

  it('counts an id the replay did not map as a difference', () => {
    expect(compareResults(ok({ gameId: 'game-old' }), ok({ gameId: 'game-new' }), new Map())).toEqual([
      { path: 'data.gameId', recorded: 'game-old', replayed: 'game-new' },
    ]);
  });

  it('compares lists item by item', () => {
    expect(compareResults(ok({ gameIds: ['a'] }), ok({ gameIds: ['a', 'b'] }), new Map())).toEqual([
      { path: 'data.gameIds[1]', recorded: undefined, replayed: 'b' },
    ]);
  });
});
