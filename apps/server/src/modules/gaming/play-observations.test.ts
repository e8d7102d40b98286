import type { GameInfo } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { GameObservation } from '../analytics/service.ts';
import { createGameRegistry, type GameCaller } from './registry.ts';
import { createSyntheticPlayers } from './synthetic-players.ts';

const user = (name: string): GameCaller => ({ connectionId: `c-${name}`, userId: `u-${name}` });
const alice = user('alice');
const bob = user('bob');
const carol = user('carol');

/** A registry whose clock the test moves, with what it told play analytics. */
function setup() {
  let clock = Date.parse('2026-11-20T10:00:00Z');
  const seen: GameObservation[] = [];
  const registry = createGameRegistry({
    checkVersion: async () => true,
    now: () => new Date(clock),
    observe: (observation) => seen.push(observation),
  });
  const synthetic = createSyntheticPlayers({
    registry,
    deliver: () => undefined,
    attach: () => undefined,
    detach: () => undefined,
    log: { debug: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger,
  });
  const act = (caller: GameCaller, action: string, ...args: unknown[]) => registry.invoke(action, caller, args);
  const createGame = async () => {
    const created = await act(alice, 'CreateGame', 'anchor', { ProductId: 'p-1', ProductVersion: 3 });
    return (JSON.parse(created.result.jsonData ?? '{}') as GameInfo).id;
  };
  /** What was told since the last look, as `kind people duration`. */
  const told = () =>
    seen
      .splice(0)
      .map(
        (one) => `${one.kind} ${one.userIds.join(',') || '-'}${one.durationMs === null ? '' : ` ${one.durationMs}`}`,
      );
  return {
    registry,
    synthetic,
    act,
    createGame,
    told,
    seen,
    later: (ms: number) => {
      clock += ms;
    },
  };
}

describe("the game registry tells play analytics what its games' figures count", () => {
  it('tells of a game created, joined, started, left and ended, with who and for how long', async () => {
    const { act, createGame, told, seen, later } = setup();
    const gameId = await createGame();
    expect(seen[0]).toEqual({
      kind: 'game-created',
      at: Date.parse('2026-11-20T10:00:00Z'),
      gameId,
      productId: 'p-1',
      productVersion: 3,
      userIds: ['u-alice'],
      durationMs: null,
    });
    await act(bob, 'JoinGame', gameId);
    await act(carol, 'ViewGame', gameId);
    expect(told()).toEqual(['game-created u-alice', 'player-joined u-alice', 'player-joined u-bob']);

    later(1000);
    await act(alice, 'StartGame', gameId);
    later(60_000);
    await act(bob, 'LeaveGame', gameId);
    later(30_000);
    await act(alice, 'EndGame', gameId);
    expect(told()).toEqual(['game-started u-alice,u-bob', 'player-left u-bob 61000', 'game-ended u-alice 90000']);
  });

  it('never tells of synthetic players, in a game or joining and leaving it', async () => {
    const { act, createGame, told, synthetic, later } = setup();
    const gameId = await createGame();
    const added = await synthetic.add(alice, [gameId, 2, 'win']);
    expect(added.result.succeeded).toBe(true);
    later(5000);
    await act(alice, 'StartGame', gameId);
    await synthetic.remove(alice, [gameId]);
    expect(told()).toEqual(['game-created u-alice', 'player-joined u-alice', 'game-started u-alice']);
    synthetic.stopAll();
  });

  it('ends a game closed while it plays, and lets out everyone still in it', async () => {
    const { act, createGame, told, later } = setup();
    const gameId = await createGame();
    await act(bob, 'JoinGame', gameId);
    await act(alice, 'StartGame', gameId);
    told();
    later(10_000);
    await act(alice, 'CloseGame', gameId);
    expect(told()).toEqual(['player-left u-alice 10000', 'player-left u-bob 10000', 'game-ended u-alice,u-bob 10000']);
  });

  it('tells of a player whose connection went, and of nothing more when their waiting game closes with them', async () => {
    const { createGame, told, registry, later } = setup();
    const gameId = await createGame();
    told();
    later(2000);
    registry.disconnect(alice.connectionId);
    expect(told()).toEqual(['player-left u-alice 2000']);
    expect(registry.lookUp(gameId, 'u-alice')).toBeUndefined();
  });
});
