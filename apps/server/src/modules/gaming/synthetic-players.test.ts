import {
  type ConsoleMessage,
  GAME_EVENT_METHOD,
  type GameEvent,
  type GameInfo,
  gameErrorCatalog,
  MAX_PLAYERS_PER_GAME,
  MAX_SYNTHETIC_PLAYERS_PER_PARTNER,
  parseGameEvent,
  type SyntheticPlayer,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGameRegistry, type GameActionOutcome, type GameCaller, type GameDelivery } from './registry.ts';
import { createSyntheticPlayers } from './synthetic-players.ts';

const user = (name: string): GameCaller => ({ connectionId: `c-${name}`, userId: `u-${name}` });
const alice = user('alice');
const bob = user('bob');
const baseInfo = (settings: Record<string, unknown> = {}) => ({ ProductId: 'p-1', ProductVersion: 1, ...settings });

function setup() {
  const registry = createGameRegistry({ checkVersion: async () => true });
  const sinks = new Map<string, { send(target: string, ...args: unknown[]): void }>();
  const heard = new Map<string, GameEvent[]>();
  const deliver = (deliveries: GameDelivery[]) => {
    for (const { to, event } of deliveries) for (const id of to) sinks.get(id)?.send(GAME_EVENT_METHOD, event);
  };
  let seed = 7;
  const synthetic = createSyntheticPlayers({
    registry,
    deliver,
    attach: (id, sink) => sinks.set(id, sink),
    detach: (id) => sinks.delete(id),
    random: () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    },
    log: { debug: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger,
  });
  /** A person's connection: what it hears is kept. */
  const connect = (caller: GameCaller) => {
    const events: GameEvent[] = [];
    heard.set(caller.connectionId, events);
    sinks.set(caller.connectionId, {
      send: (_target, message) => {
        const event = parseGameEvent(message as ConsoleMessage);
        if (event) events.push(event);
      },
    });
    return events;
  };
  /** Runs an action as the hub does: the result to the caller, the events to whom they name. */
  const run = async (outcome: Promise<GameActionOutcome>) => {
    const done = await outcome;
    deliver(done.events);
    return done;
  };
  const act = (caller: GameCaller, action: string, ...args: unknown[]) => run(registry.invoke(action, caller, args));
  const createGame = async (caller: GameCaller, settings?: Record<string, unknown>) => {
    const created = await act(caller, 'CreateGame', 'anchor', baseInfo(settings));
    return (JSON.parse(created.result.jsonData ?? '{}') as GameInfo).id;
  };
  const add = (caller: GameCaller, ...args: unknown[]) => run(synthetic.add(caller, args));
  const remove = (caller: GameCaller, ...args: unknown[]) => run(synthetic.remove(caller, args));
  const gone = (caller: GameCaller) => {
    sinks.delete(caller.connectionId);
    deliver(synthetic.ownerGone(caller.connectionId));
    deliver(registry.disconnect(caller.connectionId));
  };
  return { registry, synthetic, connect, act, createGame, add, remove, gone };
}

const playersOf = (outcome: GameActionOutcome) =>
  (JSON.parse(outcome.result.jsonData ?? '{}') as { players: SyntheticPlayer[] }).players;
const refusal = (outcome: GameActionOutcome) => {
  expect(outcome.result.succeeded).toBe(false);
  expect(outcome.events).toEqual([]);
  return outcome.result.error;
};
const named = (events: GameEvent[], name: GameEvent['event']) => events.filter((event) => event.event === name);

describe('synthetic players', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('join the host’s waiting game over connections of their own, each announced to everyone in it', async () => {
    const t = setup();
    const heard = t.connect(alice);
    const gameId = await t.createGame(alice);
    const added = await t.add(alice, gameId, 3, 'win');
    expect(added.result).toMatchObject({ succeeded: true, error: null });
    const players = playersOf(added);
    expect(players.map((player) => [player.name, player.behaviour])).toEqual([
      ['Bot 1', 'win'],
      ['Bot 2', 'win'],
      ['Bot 3', 'win'],
    ]);
    expect(named(heard, 'joined').map((event) => event.userId)).toEqual(players.map((player) => player.userId));
    const game = t.registry.lookUp(gameId, alice.userId)?.game;
    expect(game?.players.map((player) => player.userId)).toEqual([alice.userId, ...players.map((p) => p.userId)]);
    expect(t.synthetic.running(alice.userId)).toBe(3);

    // more are numbered after those already there
    const more = playersOf(await t.add(alice, gameId, 2, 'lose'));
    expect(more.map((player) => player.name)).toEqual(['Bot 4', 'Bot 5']);
  });

  it('refuses what the rules refuse, changing nothing', async () => {
    const t = setup();
    t.connect(alice);
    t.connect(bob);
    const gameId = await t.createGame(alice);
    expect(refusal(await t.add(alice, 'no-such-game', 1, 'win'))?.errorCode).toBe('GameNotFound');
    await t.act(bob, 'JoinGame', gameId);
    expect(refusal(await t.add(bob, gameId, 1, 'win'))?.message).toBe(gameErrorCatalog.NotHost);
    for (const args of [
      [gameId, 0, 'win'],
      [gameId, 17, 'win'],
      [gameId, 1.5, 'win'],
      [gameId, '2', 'win'],
    ]) {
      expect(refusal(await t.add(alice, ...args))).toMatchObject({
        errorCode: 'InvalidArguments',
        message: 'count: Must be a whole number from 1 to 16',
      });
    }
    expect(refusal(await t.add(alice, gameId, 1, 'cheat'))?.message).toBe(
      'behaviour: Behaviour must be win, lose, random, goals',
    );
    expect(refusal(await t.add(alice, gameId))?.message).toContain('Please input the number of players');
    // two players already: room for fourteen
    expect(refusal(await t.add(alice, gameId, 15, 'win'))).toMatchObject({
      errorCode: 'GameFull',
      message: `This game has room for ${MAX_PLAYERS_PER_GAME - 2} more players, at most ${MAX_PLAYERS_PER_GAME} in all.`,
    });
    expect(t.registry.lookUp(gameId, alice.userId)?.game.players).toHaveLength(2);
    expect(t.synthetic.running(alice.userId)).toBe(0);

    await t.act(alice, 'StartGame', gameId);
    expect(refusal(await t.add(alice, gameId, 1, 'win'))?.message).toBe(
      gameErrorCatalog.SyntheticPlayersJoinWaitingGames,
    );
  });

  it('are removed by the host only: a player or a stranger is refused, and the host’s stay', async () => {
    const t = setup();
    t.connect(alice);
    t.connect(bob);
    const gameId = await t.createGame(alice);
    expect(playersOf(await t.add(alice, gameId, 2, 'win'))).toHaveLength(2);
    expect(refusal(await t.remove(bob, 'no-such-game'))?.errorCode).toBe('GameNotFound');
    // before joining, and as a player
    for (const join of [false, true]) {
      if (join) await t.act(bob, 'JoinGame', gameId);
      expect(refusal(await t.remove(bob, gameId))).toMatchObject({
        errorCode: 'NotHost',
        message: gameErrorCatalog.NotHost,
      });
    }
    expect(t.synthetic.running(alice.userId)).toBe(2);
    expect(t.registry.lookUp(gameId, alice.userId)?.game.players).toHaveLength(4);
    const removed = await t.remove(alice, gameId);
    expect(removed.result.succeeded).toBe(true);
    expect(playersOf(removed)).toHaveLength(2);
    expect(t.synthetic.running(alice.userId)).toBe(0);
  });

  it(`are limited to ${MAX_SYNTHETIC_PLAYERS_PER_PARTNER} per partner, over all their games`, async () => {
    const t = setup();
    t.connect(alice);
    const first = await t.createGame(alice);
    const second = await t.createGame(alice);
    const third = await t.createGame(alice);
    expect(playersOf(await t.add(alice, first, 15, 'goals'))).toHaveLength(15);
    expect(playersOf(await t.add(alice, second, 15, 'goals'))).toHaveLength(15);
    expect(refusal(await t.add(alice, third, 3, 'goals'))).toMatchObject({
      errorCode: 'TooManySyntheticPlayers',
      message: `You can run ${MAX_SYNTHETIC_PLAYERS_PER_PARTNER} synthetic players at once and have 2 left: remove some from your other games first.`,
    });
    expect(playersOf(await t.add(alice, third, 2, 'goals'))).toHaveLength(2);
    // removing some frees the allowance
    expect(playersOf(await t.remove(alice, first))).toHaveLength(15);
    expect(t.synthetic.running(alice.userId)).toBe(17);
    expect(playersOf(await t.add(alice, third, 3, 'goals'))).toHaveLength(3);
  });

  it('keep to the allowance when several consoles of one partner add at once', async () => {
    const t = setup();
    const consoles = ['one', 'two', 'three'].map((name) => ({ connectionId: `c-${name}`, userId: alice.userId }));
    for (const caller of consoles) t.connect(caller);
    const games = await Promise.all(consoles.map((caller) => t.createGame(caller)));
    const outcomes = await Promise.all(consoles.map((caller, index) => t.add(caller, games[index], 15, 'goals')));
    expect(outcomes.filter((outcome) => outcome.result.succeeded)).toHaveLength(2);
    expect(outcomes.map((outcome) => outcome.result.error?.errorCode ?? null)).toContain('TooManySyntheticPlayers');
    expect(t.synthetic.running(alice.userId)).toBe(30);
  });

  it('follow the rounds: their information at the start, a goal a round, a result in the last round', async () => {
    const t = setup();
    const heard = t.connect(alice);
    // four rounds of a second each
    const gameId = await t.createGame(alice, { TotalTime: 4, RoundInfo: { Min: 1, Max: 4, TotalRounds: 4 } });
    const winners = playersOf(await t.add(alice, gameId, 2, 'win'));
    const losers = playersOf(await t.add(alice, gameId, 1, 'lose'));
    const scorers = playersOf(await t.add(alice, gameId, 1, 'goals'));
    const gamblers = playersOf(await t.add(alice, gameId, 2, 'random'));
    await t.act(alice, 'StartGame', gameId);

    await vi.advanceTimersByTimeAsync(1000);
    expect(named(heard, 'infoSet')).toHaveLength(6);
    expect(named(heard, 'infoSet')[0]).toMatchObject({ text: JSON.stringify({ name: 'Bot 1', behaviour: 'win' }) });
    expect(named(heard, 'win')).toEqual([]);
    // goals land inside their round
    expect(named(heard, 'goalSet').map((event) => 'round' in event && event.round)).toEqual([1, 1, 1]);

    await vi.advanceTimersByTimeAsync(2000);
    expect(named(heard, 'win')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    const goals = named(heard, 'goalSet');
    expect(goals).toHaveLength(12);
    expect(new Set(goals.map((event) => event.userId))).toEqual(
      new Set([...scorers, ...gamblers].map((player) => player.userId)),
    );
    const game = t.registry.lookUp(gameId, alice.userId)?.game;
    const resultOf = (player: SyntheticPlayer) => game?.players.find((p) => p.userId === player.userId)?.result;
    expect(winners.map(resultOf)).toEqual(['Win', 'Win']);
    expect(losers.map(resultOf)).toEqual(['Lose']);
    expect(scorers.map(resultOf)).toEqual([null]);
    for (const gambler of gamblers) expect(['Win', 'Lose']).toContain(resultOf(gambler));
    expect(named(heard, 'win').length + named(heard, 'lose').length).toBe(5);

    // an ended game that restarts is played again
    await t.act(alice, 'EndGame', gameId);
    await t.act(
      alice,
      'RestartGame',
      gameId,
      baseInfo({ TotalTime: 1, RoundInfo: { Min: 1, Max: 1, TotalRounds: 1 } }),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(named(heard, 'win').length + named(heard, 'lose').length).toBe(10);
  });

  it('stop playing when the game ends, and are gone with a closed game', async () => {
    const t = setup();
    const heard = t.connect(alice);
    const gameId = await t.createGame(alice, { TotalTime: 10, RoundInfo: { Min: 1, Max: 2, TotalRounds: 2 } });
    await t.add(alice, gameId, 2, 'goals');
    await t.act(alice, 'StartGame', gameId);
    await t.act(alice, 'EndGame', gameId);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(named(heard, 'goalSet')).toEqual([]);
    await t.act(alice, 'CloseGame', gameId);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.synthetic.running(alice.userId)).toBe(0);
  });

  it('leave when the console that added them disconnects, or when their owner leaves the game', async () => {
    const t = setup();
    t.connect(alice);
    const watched = t.connect(bob);
    const gameId = await t.createGame(alice);
    const bots = playersOf(await t.add(alice, gameId, 2, 'win'));
    await t.act(bob, 'ViewGame', gameId);
    t.gone(alice);
    expect(named(watched, 'left').map((event) => event.userId)).toEqual(bots.map((bot) => bot.userId));
    expect(named(watched, 'closed')).toHaveLength(1);
    expect(t.synthetic.running(alice.userId)).toBe(0);

    const heardByBob = t.connect(bob);
    t.connect(alice);
    const second = await t.createGame(alice);
    await t.add(alice, second, 2, 'lose');
    await t.act(bob, 'JoinGame', second);
    await t.act(alice, 'LeaveGame', second);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.synthetic.running(alice.userId)).toBe(0);
    const game = t.registry.lookUp(second, bob.userId)?.game;
    expect(game?.players.map((player) => player.userId)).toEqual([bob.userId]);
    expect(game?.hostUserId).toBe(bob.userId);
    expect(named(heardByBob, 'left')).toHaveLength(3);
  });

  it('count against the invoking connection’s allowance and refuse a game the caller cannot see', async () => {
    const t = setup();
    t.connect(alice);
    const gameId = await t.createGame(alice);
    expect(refusal(await t.remove(alice, 'nope'))?.errorCode).toBe('GameNotFound');
    expect(playersOf(await t.remove(alice, gameId))).toEqual([]);
    let limited = 0;
    for (let i = 0; i < 25; i++) {
      const outcome = await t.remove(alice, gameId);
      if (outcome.result.error?.errorCode === 'RateLimited') limited += 1;
    }
    expect(limited).toBeGreaterThan(0);
  });
});
