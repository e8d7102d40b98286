import {
  ACTION_BURST,
  ACTIONS_PER_SECOND,
  type GameAction,
  type GameEvent,
  type GameInfo,
  gameActions,
  MAX_ACTIVE_GAMES_PER_USER,
  MAX_MESSAGE_BYTES,
  MAX_PLAYERS_PER_GAME,
  MAX_SPECTATORS_PER_GAME,
  parseGameEvent,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../lib/seeded-random.ts';
import { createGameRegistry, type GameActionOutcome, type GameCaller, type VersionToCheck } from './registry.ts';

const START = Date.parse('2025-03-01T10:00:00.000Z');
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setup(checkVersion?: (version: VersionToCheck) => Promise<boolean>) {
  let ms = START;
  const checked: VersionToCheck[] = [];
  const registry = createGameRegistry({
    checkVersion:
      checkVersion ??
      (async (version) => {
        checked.push(version);
        return version.productId === 'p-1' && version.productVersion === 3;
      }),
    now: () => new Date(ms),
    random: seededRandom(42),
  });
  return {
    registry,
    checked,
    advance: (by: number) => {
      ms += by;
    },
  };
}

const user = (name: string): GameCaller => ({ connectionId: `c-${name}`, userId: `u-${name}` });
const alice = user('alice');
const bob = user('bob');
const carol = user('carol');
const dave = user('dave');

const baseInfo = { ProductId: 'p-1', ProductVersion: 3 };

const isOk = (outcome: GameActionOutcome) => outcome.result.succeeded;
const dataOf = <T = GameInfo>(outcome: GameActionOutcome): T => {
  expect(outcome.result).toMatchObject({ succeeded: true, error: null });
  return JSON.parse(outcome.result.jsonData ?? 'null') as T;
};
const errorOf = (outcome: GameActionOutcome) => {
  expect(outcome.result.succeeded).toBe(false);
  expect(outcome.result.jsonData).toBeNull();
  expect(outcome.events).toEqual([]);
  return outcome.result.error?.errorCode;
};
/** The events decoded, each with who it goes to. */
const eventsOf = (outcome: GameActionOutcome | GameActionOutcome['events']): Array<{ to: string[] } & GameEvent> =>
  ('events' in outcome ? outcome.events : outcome).map(({ to, event }) => {
    const decoded = parseGameEvent(event);
    if (!decoded) throw new Error(`Not a game event: ${event.jsonData}`);
    return { to, ...decoded };
  });

type Registry = ReturnType<typeof setup>['registry'];

async function createGame(registry: Registry, host: GameCaller = alice, info: object = baseInfo): Promise<string> {
  return dataOf(await registry.CreateGame(host, ['lobby-anchor', info])).id;
}

async function playingGame(registry: Registry) {
  const gameId = await createGame(registry);
  expect(isOk(await registry.JoinGame(bob, [gameId]))).toBe(true);
  expect(isOk(await registry.StartGame(alice, [gameId]))).toBe(true);
  return gameId;
}

describe('CreateGame', () => {
  it('creates a waiting game with its creator as host and first player, on the SPEC §9 defaults', async () => {
    const { registry, checked } = setup();
    const outcome = await registry.CreateGame(alice, ['lobby-anchor', baseInfo]);
    const game = dataOf(outcome);
    expect(game).toMatchObject({
      arId: 'lobby-anchor',
      state: 'Waiting',
      hostUserId: 'u-alice',
      productId: 'p-1',
      productVersion: 3,
      gameType: 'Default',
      totalTime: 60,
      roundInfo: { min: 10, max: 15, totalRounds: 5 },
      currentRound: null,
      createdAt: '2025-03-01T10:00:00.000Z',
      startedAt: null,
      spectators: [],
    });
    expect(game.id).toMatch(UUID_V4);
    expect(game.players).toEqual([
      {
        userId: 'u-alice',
        isHost: true,
        isPresent: true,
        joinedAt: '2025-03-01T10:00:00.000Z',
        info: null,
        result: null,
        goals: [],
      },
    ]);
    expect(outcome.events).toEqual([]);
    expect(checked).toEqual([{ productId: 'p-1', productVersion: 3, userId: 'u-alice' }]);
  });

  it('draws its ids from the given random source', async () => {
    const first = await createGame(setup().registry);
    const second = await createGame(setup().registry);
    expect(first).toBe(second);
  });

  it('refuses bad arguments with the fields at fault', async () => {
    const { registry, checked } = setup();
    const outcome = await registry.CreateGame(alice, ['', { ProductVersion: 3, RoundInfo: { Min: 5, Max: 4 } }]);
    expect(errorOf(outcome)).toBe('InvalidArguments');
    expect(outcome.result.error?.message).toBe(
      'arId: Please input AR ID; baseInfo.RoundInfo.Max: Must be greater than minimum number of rounds; ' +
        'baseInfo.ProductId: Please input Product ID',
    );
    expect(checked).toEqual([]);
  });

  it('refuses a product version that is not released or in testing', async () => {
    const { registry } = setup();
    const outcome = await registry.CreateGame(alice, ['lobby-anchor', { ...baseInfo, ProductVersion: 4 }]);
    expect(errorOf(outcome)).toBe('VersionNotPlayable');
    expect(registry.gamesOf('u-alice')).toEqual([]);
  });

  it('answers a failed version check with a refusal, not an exception', async () => {
    const { registry } = setup(() => Promise.reject(new Error('database down')));
    const outcome = await registry.CreateGame(alice, ['lobby-anchor', baseInfo]);
    expect(errorOf(outcome)).toBe('VersionCheckFailed');
    expect(outcome.result.error?.message).toBe('The product version could not be checked, please try again.');
  });

  it(`refuses a user's game beyond ${MAX_ACTIVE_GAMES_PER_USER}`, async () => {
    const { registry } = setup();
    for (let i = 0; i < MAX_ACTIVE_GAMES_PER_USER; i++) await createGame(registry);
    expect(errorOf(await registry.CreateGame(alice, ['lobby-anchor', baseInfo]))).toBe('TooManyGames');
    expect(registry.gamesOf('u-alice')).toHaveLength(MAX_ACTIVE_GAMES_PER_USER);
  });

  it('counts the games being created while the version is checked', async () => {
    const pending: Array<() => void> = [];
    const { registry } = setup(() => new Promise<boolean>((resolve) => pending.push(() => resolve(true))));
    const creations = Array.from({ length: MAX_ACTIVE_GAMES_PER_USER + 2 }, (_, i) =>
      registry.CreateGame({ connectionId: `c-alice-${i}`, userId: 'u-alice' }, ['lobby-anchor', baseInfo]),
    );
    await Promise.resolve();
    for (const resolve of pending) resolve();
    const outcomes = await Promise.all(creations);
    expect(outcomes.filter(isOk)).toHaveLength(MAX_ACTIVE_GAMES_PER_USER);
    expect(outcomes.filter((outcome) => !isOk(outcome)).map(errorOf)).toEqual(['TooManyGames', 'TooManyGames']);
  });
});

describe('JoinGame', () => {
  it('adds a player to a waiting game and tells everyone in it', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    const outcome = await registry.JoinGame(bob, [gameId]);
    expect(dataOf(outcome).players.map((player) => [player.userId, player.isHost])).toEqual([
      ['u-alice', true],
      ['u-bob', false],
    ]);
    expect(eventsOf(outcome)).toEqual([
      {
        to: ['c-alice', 'c-bob'],
        event: 'joined',
        gameId,
        userId: 'u-bob',
        at: '2025-03-01T10:00:00.000Z',
        role: 'player',
      },
    ]);
  });

  it('refuses an unknown game, a started one and an ended one', async () => {
    const { registry } = setup();
    expect(errorOf(await registry.JoinGame(bob, ['no-such-game']))).toBe('GameNotFound');
    const gameId = await playingGame(registry);
    const refused = await registry.JoinGame(carol, [gameId]);
    expect(errorOf(refused)).toBe('GameAlreadyStarted');
    expect(refused.result.error?.message).toBe('This game has already started: you can view it instead.');
    await registry.EndGame(alice, [gameId]);
    expect(errorOf(await registry.JoinGame(carol, [gameId]))).toBe('GameEnded');
  });

  it(`refuses a player beyond ${MAX_PLAYERS_PER_GAME}`, async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    for (let i = 1; i < MAX_PLAYERS_PER_GAME; i++)
      expect(isOk(await registry.JoinGame(user(`p${i}`), [gameId]))).toBe(true);
    const refused = await registry.JoinGame(carol, [gameId]);
    expect(errorOf(refused)).toBe('GameFull');
    expect(refused.result.error?.message).toBe('This game is full: at most 16 players.');
  });

  it(`refuses a user already in ${MAX_ACTIVE_GAMES_PER_USER} games`, async () => {
    const { registry } = setup();
    for (let i = 0; i < MAX_ACTIVE_GAMES_PER_USER; i++) await createGame(registry, bob);
    const gameId = await createGame(registry);
    expect(errorOf(await registry.JoinGame(bob, [gameId]))).toBe('TooManyGames');
  });

  it('moves a player who joins again from another connection there, quietly', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    await registry.JoinGame(bob, [gameId]);
    const bobAgain = { connectionId: 'c-bob-2', userId: 'u-bob' };
    const rejoined = await registry.JoinGame(bobAgain, [gameId]);
    expect(dataOf(rejoined).players).toHaveLength(2);
    expect(rejoined.events).toEqual([]);
    expect(eventsOf(await registry.SetMyGameInfo(alice, [gameId, 'ready']))[0]?.to).toEqual(['c-alice', 'c-bob-2']);
    expect(registry.disconnect('c-bob')).toEqual([]);
    expect(registry.gamesOf('u-bob').map((game) => game.id)).toEqual([gameId]);
  });

  it("refuses a player who may not play the game's version, asking as they join", async () => {
    const { registry, checked } = setup(async (version) => {
      checked.push(version);
      return version.userId !== 'u-carol';
    });
    const gameId = await createGame(registry);
    expect(errorOf(await registry.JoinGame(carol, [gameId]))).toBe('VersionNotPlayable');
    expect(isOk(await registry.JoinGame(bob, [gameId]))).toBe(true);
    expect(checked.map((version) => version.userId)).toEqual(['u-alice', 'u-carol', 'u-bob']);
  });

  it('asks for a synthetic player on the right of the user it plays for', async () => {
    const { registry, checked } = setup(async (version) => {
      checked.push(version);
      return version.userId === 'u-alice';
    });
    const gameId = await createGame(registry);
    const bot = { connectionId: 'synthetic-1', userId: 'bot-1', playsFor: 'u-alice' };
    expect(isOk(await registry.JoinGame(bot, [gameId]))).toBe(true);
    expect(checked.at(-1)).toEqual({ productId: 'p-1', productVersion: 3, userId: 'u-alice' });
  });

  it('asks the rules again after the version check, so a game closed meanwhile stays closed', async () => {
    let hold: Promise<void> | undefined;
    const { registry } = setup(async () => {
      await hold;
      return true;
    });
    const gameId = await createGame(registry);
    let release: () => void = () => undefined;
    hold = new Promise((resolve) => {
      release = resolve;
    });
    const join = registry.JoinGame(bob, [gameId]);
    const view = registry.ViewGame(carol, [gameId]);
    expect(isOk(await registry.CloseGame(alice, [gameId]))).toBe(true);
    release();
    expect(errorOf(await join)).toBe('GameNotFound');
    expect(errorOf(await view)).toBe('GameNotFound');
    expect(registry.gamesOf('u-bob')).toEqual([]);
  });

  it('makes a spectator who joins a waiting game a player', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    await registry.ViewGame(carol, [gameId]);
    const game = dataOf(await registry.JoinGame(carol, [gameId]));
    expect(game.players.map((player) => player.userId)).toEqual(['u-alice', 'u-carol']);
    expect(game.spectators).toEqual([]);
  });
});

describe('LeaveGame', () => {
  it('takes the player out and tells those who stay', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    await registry.JoinGame(bob, [gameId]);
    const outcome = await registry.LeaveGame(bob, [gameId]);
    expect(dataOf(outcome)).toEqual({ gameIds: [gameId] });
    expect(eventsOf(outcome)).toEqual([
      expect.objectContaining({
        to: ['c-alice'],
        event: 'left',
        userId: 'u-bob',
        role: 'player',
        reason: 'left',
        hostUserId: 'u-alice',
      }),
    ]);
    expect(registry.gamesOf('u-bob')).toEqual([]);
  });

  it('refuses someone not in the game', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    expect(errorOf(await registry.LeaveGame(bob, [gameId]))).toBe('NotInGame');
  });

  it('hands a waiting game over to the next player when the host leaves', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    await registry.JoinGame(bob, [gameId]);
    await registry.JoinGame(carol, [gameId]);
    const outcome = await registry.LeaveGame(alice, [gameId]);
    expect(eventsOf(outcome)).toEqual([
      expect.objectContaining({ to: ['c-bob', 'c-carol'], event: 'left', userId: 'u-alice', hostUserId: 'u-bob' }),
    ]);
    expect(dataOf(await registry.GetGameInformation(carol, [gameId])).hostUserId).toBe('u-bob');
    expect(isOk(await registry.StartGame(bob, [gameId]))).toBe(true);
  });

  it('closes the game when its last player leaves, telling the spectators', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    await registry.ViewGame(dave, [gameId]);
    const outcome = await registry.LeaveGame(alice, [gameId]);
    expect(eventsOf(outcome)).toEqual([
      expect.objectContaining({ to: ['c-dave'], event: 'closed', userId: 'u-alice', reason: 'empty' }),
    ]);
    expect(errorOf(await registry.GetGameInformation(dave, [gameId]))).toBe('GameNotFound');
    expect(registry.gamesOf('u-dave')).toEqual([]);
  });
});

describe('LeaveAllGame', () => {
  it('leaves every game the user is in, as player or spectator', async () => {
    const { registry } = setup();
    const first = await createGame(registry, alice);
    const second = await createGame(registry, carol);
    await registry.JoinGame(bob, [first]);
    await registry.ViewGame(bob, [second]);
    const outcome = await registry.LeaveAllGame(bob, []);
    expect(dataOf(outcome)).toEqual({ gameIds: [first, second] });
    expect(eventsOf(outcome)).toEqual([
      expect.objectContaining({ to: ['c-alice'], event: 'left', gameId: first, role: 'player' }),
      expect.objectContaining({ to: ['c-carol'], event: 'left', gameId: second, role: 'spectator' }),
    ]);
    expect(registry.gamesOf('u-bob')).toEqual([]);
  });

  it('succeeds with nothing to leave, with or without a game id', async () => {
    const { registry } = setup();
    expect(dataOf(await registry.LeaveAllGame(bob, undefined))).toEqual({ gameIds: [] });
    expect(dataOf(await registry.LeaveAllGame(bob, ['ignored']))).toEqual({ gameIds: [] });
  });
});

describe('GetGameInformation', () => {
  it('answers anyone who knows the id, with the current round of a playing game', async () => {
    const { registry, advance } = setup();
    const gameId = await playingGame(registry);
    advance(12_000);
    const game = dataOf(await registry.GetGameInformation(carol, [gameId]));
    expect(game).toMatchObject({ id: gameId, state: 'Playing', currentRound: 2 });
  });

  it('refuses an unknown game', async () => {
    const { registry } = setup();
    const outcome = await registry.GetGameInformation(alice, ['nope']);
    expect(errorOf(outcome)).toBe('GameNotFound');
    expect(outcome.result.error?.message).toBe('This game does not exist or has been closed.');
  });
});

describe('StartGame and StartGameV1', () => {
  it('starts a waiting game for the host and tells everyone, spectators too', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    await registry.JoinGame(bob, [gameId]);
    await registry.ViewGame(dave, [gameId]);
    const outcome = await registry.StartGame(alice, [gameId]);
    expect(dataOf(outcome)).toMatchObject({ state: 'Playing', startedAt: '2025-03-01T10:00:00.000Z', currentRound: 1 });
    const [started] = eventsOf(outcome);
    expect(started).toMatchObject({ to: ['c-alice', 'c-bob', 'c-dave'], event: 'started', userId: 'u-alice' });
    expect(started?.event === 'started' && started.game.state).toBe('Playing');
  });

  it('refuses anyone but the host, and a game already started', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    await registry.JoinGame(bob, [gameId]);
    const refused = await registry.StartGame(bob, [gameId]);
    expect(errorOf(refused)).toBe('NotHost');
    expect(refused.result.error?.message).toBe('Only the host of this game can do this.');
    await registry.StartGame(alice, [gameId]);
    expect(errorOf(await registry.StartGame(alice, [gameId]))).toBe('GameAlreadyStarted');
    expect(errorOf(await registry.StartGameV1(alice, [gameId, 'x']))).toBe('GameAlreadyStarted');
  });

  it("starts with the host's game information, which may be left out", async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    const game = dataOf(await registry.StartGameV1(alice, [gameId, '{"team":"red"}']));
    expect(game.players[0]?.info).toBe('{"team":"red"}');
    const other = await createGame(registry);
    expect(dataOf(await registry.StartGameV1(alice, [other])).players[0]?.info).toBeNull();
  });
});

describe('EndGame', () => {
  it('ends a playing game and tells everyone the results', async () => {
    const { registry } = setup();
    const gameId = await playingGame(registry);
    await registry.Win(bob, [gameId]);
    const outcome = await registry.EndGame(alice, [gameId]);
    expect(dataOf(outcome)).toMatchObject({ state: 'Ended', endedAt: '2025-03-01T10:00:00.000Z', currentRound: null });
    expect(eventsOf(outcome)).toEqual([
      expect.objectContaining({
        to: ['c-alice', 'c-bob'],
        event: 'ended',
        results: [
          { userId: 'u-alice', result: null },
          { userId: 'u-bob', result: 'Win' },
        ],
      }),
    ]);
  });

  it('refuses a game not started, and anyone but the host', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    await registry.JoinGame(bob, [gameId]);
    expect(errorOf(await registry.EndGame(alice, [gameId]))).toBe('GameNotStarted');
    await registry.StartGame(alice, [gameId]);
    expect(errorOf(await registry.EndGame(bob, [gameId]))).toBe('NotHost');
  });
});

describe('CloseGame', () => {
  it('closes the game for everyone and forgets it', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    await registry.JoinGame(bob, [gameId]);
    await registry.ViewGame(dave, [gameId]);
    const outcome = await registry.CloseGame(alice, [gameId]);
    expect(dataOf(outcome)).toEqual({ gameId });
    expect(eventsOf(outcome)).toEqual([
      expect.objectContaining({ to: ['c-alice', 'c-bob', 'c-dave'], event: 'closed', reason: 'host' }),
    ]);
    for (const name of ['u-alice', 'u-bob', 'u-dave']) expect(registry.gamesOf(name)).toEqual([]);
    expect(errorOf(await registry.JoinGame(carol, [gameId]))).toBe('GameNotFound');
  });

  it('refuses anyone but the host', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    await registry.ViewGame(dave, [gameId]);
    expect(errorOf(await registry.CloseGame(dave, [gameId]))).toBe('NotHost');
  });
});

describe('ViewGame', () => {
  it('adds a spectator in any state, who hears the game from then on', async () => {
    const { registry } = setup();
    const gameId = await playingGame(registry);
    const outcome = await registry.ViewGame(dave, [gameId]);
    expect(dataOf(outcome).spectators).toEqual([{ userId: 'u-dave', joinedAt: '2025-03-01T10:00:00.000Z' }]);
    expect(eventsOf(outcome)).toEqual([
      expect.objectContaining({ to: ['c-alice', 'c-bob', 'c-dave'], event: 'joined', role: 'spectator' }),
    ]);
    expect(eventsOf(await registry.Win(bob, [gameId]))[0]?.to).toContain('c-dave');
  });

  it('refuses a player, and a spectator beyond the limit', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    expect(errorOf(await registry.ViewGame(alice, [gameId]))).toBe('AlreadyPlayer');
    for (let i = 0; i < MAX_SPECTATORS_PER_GAME; i++)
      expect(isOk(await registry.ViewGame(user(`s${i}`), [gameId]))).toBe(true);
    expect(errorOf(await registry.ViewGame(dave, [gameId]))).toBe('TooManySpectators');
  });

  it("refuses a spectator who may not play the game's version", async () => {
    const { registry } = setup(async (version) => version.userId !== 'u-dave');
    const gameId = await createGame(registry);
    expect(errorOf(await registry.ViewGame(dave, [gameId]))).toBe('VersionNotPlayable');
    expect(registry.gamesOf('u-dave')).toEqual([]);
  });

  it('lets a spectator watch, not play', async () => {
    const { registry } = setup();
    const gameId = await playingGame(registry);
    await registry.ViewGame(dave, [gameId]);
    for (const action of ['Win', 'Lose'] as const)
      expect(errorOf(await registry[action](dave, [gameId]))).toBe('NotPlayer');
    expect(errorOf(await registry.SetAchieveGoalInRound(dave, [gameId, 'k', 'v']))).toBe('NotPlayer');
    expect(errorOf(await registry.SetMyGameInfo(dave, [gameId, 'x']))).toBe('NotPlayer');
  });
});

describe('expel', () => {
  it('takes a player out as if they had left, telling those who stay and the player', async () => {
    const { registry } = setup();
    const gameId = await playingGame(registry);
    await registry.ViewGame(dave, [gameId]);
    expect(eventsOf(registry.expel(gameId, 'u-bob'))).toEqual([
      expect.objectContaining({ to: ['c-alice', 'c-dave', 'c-bob'], event: 'left', userId: 'u-bob', role: 'player' }),
    ]);
    expect(registry.gamesOf('u-bob')).toEqual([]);
    expect(errorOf(await registry.Win(bob, [gameId]))).toBe('NotInGame');
  });

  it('takes a spectator out, and does nothing to someone not in the game', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    await registry.ViewGame(dave, [gameId]);
    expect(eventsOf(registry.expel(gameId, 'u-dave'))).toEqual([
      expect.objectContaining({ to: ['c-alice', 'c-dave'], event: 'left', userId: 'u-dave', role: 'spectator' }),
    ]);
    expect(registry.expel(gameId, 'u-dave')).toEqual([]);
    expect(registry.expel('no-such-game', 'u-alice')).toEqual([]);
  });
});

describe('Win and Lose', () => {
  it('records each player’s result once and tells everyone', async () => {
    const { registry } = setup();
    const gameId = await playingGame(registry);
    const won = await registry.Win(alice, [gameId]);
    expect(dataOf(won)).toEqual({ gameId, userId: 'u-alice', result: 'Win' });
    expect(eventsOf(won)).toEqual([
      { to: ['c-alice', 'c-bob'], event: 'win', gameId, userId: 'u-alice', at: '2025-03-01T10:00:00.000Z' },
    ]);
    const lost = await registry.Lose(bob, [gameId]);
    expect(eventsOf(lost)[0]).toMatchObject({ event: 'lose', userId: 'u-bob' });
    expect(errorOf(await registry.Lose(alice, [gameId]))).toBe('ResultAlreadyReported');
    const game = dataOf(await registry.GetGameInformation(alice, [gameId]));
    expect(game.players.map((player) => player.result)).toEqual(['Win', 'Lose']);
  });

  it('refuses a game not started and someone not in it', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    expect(errorOf(await registry.Win(alice, [gameId]))).toBe('GameNotStarted');
    await registry.StartGame(alice, [gameId]);
    expect(errorOf(await registry.Lose(carol, [gameId]))).toBe('NotInGame');
  });
});

describe('SetAchieveGoalInRound', () => {
  it('records the goal in the round the clock is in, a key set again replacing its value', async () => {
    const { registry, advance } = setup();
    const gameId = await playingGame(registry);
    const first = await registry.SetAchieveGoalInRound(bob, [gameId, 'coins', '3']);
    expect(dataOf(first)).toEqual({ gameId, userId: 'u-bob', round: 1, key: 'coins', value: '3' });
    expect(eventsOf(first)).toEqual([
      expect.objectContaining({ to: ['c-alice', 'c-bob'], event: 'goalSet', round: 1, key: 'coins', value: '3' }),
    ]);
    await registry.SetAchieveGoalInRound(bob, [gameId, 'coins', '5']);
    advance(12_000);
    await registry.SetAchieveGoalInRound(bob, [gameId, 'coins', '1']);
    const goals = dataOf(await registry.GetGameInformation(bob, [gameId])).players[1]?.goals;
    expect(goals?.map(({ round, key, value }) => ({ round, key, value }))).toEqual([
      { round: 1, key: 'coins', value: '5' },
      { round: 2, key: 'coins', value: '1' },
    ]);
  });

  it('refuses a game not playing', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    expect(errorOf(await registry.SetAchieveGoalInRound(alice, [gameId, 'k', 'v']))).toBe('GameNotStarted');
  });
});

describe('SetMyGameInfo', () => {
  it("stores the caller's information, waiting or playing, and tells everyone", async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    await registry.JoinGame(bob, [gameId]);
    const outcome = await registry.SetMyGameInfo(bob, [gameId, '{"skin":"blue"}']);
    expect(dataOf(outcome)).toEqual({ gameId, userId: 'u-bob', text: '{"skin":"blue"}' });
    expect(eventsOf(outcome)).toEqual([
      expect.objectContaining({ to: ['c-alice', 'c-bob'], event: 'infoSet', text: '{"skin":"blue"}' }),
    ]);
    await registry.StartGame(alice, [gameId]);
    await registry.SetMyGameInfo(bob, [gameId, '{"score":10}']);
    expect(dataOf(await registry.GetGameInformation(bob, [gameId])).players[1]?.info).toBe('{"score":10}');
  });

  it('refuses an ended game and someone not in it', async () => {
    const { registry } = setup();
    const gameId = await playingGame(registry);
    expect(errorOf(await registry.SetMyGameInfo(carol, [gameId, 'x']))).toBe('NotInGame');
    await registry.EndGame(alice, [gameId]);
    expect(errorOf(await registry.SetMyGameInfo(bob, [gameId, 'x']))).toBe('GameEnded');
  });
});

describe('RestartGame', () => {
  it('plays an ended game again at once, with new settings and a clean slate', async () => {
    const { registry, advance } = setup();
    const gameId = await playingGame(registry);
    await registry.Win(alice, [gameId]);
    await registry.SetAchieveGoalInRound(bob, [gameId, 'k', 'v']);
    await registry.SetMyGameInfo(bob, [gameId, 'score']);
    await registry.EndGame(alice, [gameId]);
    advance(1000);
    const outcome = await registry.RestartGame(alice, [gameId, { ...baseInfo, GameType: 'Survival', TotalTime: 30 }]);
    const game = dataOf(outcome);
    expect(game).toMatchObject({
      state: 'Playing',
      gameType: 'Survival',
      totalTime: 30,
      startedAt: '2025-03-01T10:00:01.000Z',
      endedAt: null,
    });
    expect(game.players.map(({ userId, info, result, goals }) => ({ userId, info, result, goals }))).toEqual([
      { userId: 'u-alice', info: null, result: null, goals: [] },
      { userId: 'u-bob', info: null, result: null, goals: [] },
    ]);
    expect(eventsOf(outcome)).toEqual([
      expect.objectContaining({ to: ['c-alice', 'c-bob'], event: 'restarted', userId: 'u-alice' }),
    ]);
    expect(isOk(await registry.Win(bob, [gameId]))).toBe(true);
  });

  it('refuses a game not ended, anyone but the host, and a version that cannot be played', async () => {
    const { registry } = setup();
    const gameId = await playingGame(registry);
    expect(errorOf(await registry.RestartGame(alice, [gameId, baseInfo]))).toBe('GameNotEnded');
    await registry.EndGame(alice, [gameId]);
    expect(errorOf(await registry.RestartGame(bob, [gameId, baseInfo]))).toBe('NotHost');
    expect(errorOf(await registry.RestartGame(alice, [gameId, { ...baseInfo, ProductId: 'p-2' }]))).toBe(
      'VersionNotPlayable',
    );
    expect(errorOf(await registry.RestartGame(alice, ['nope', baseInfo]))).toBe('GameNotFound');
  });

  it('asks the rules again after the version check, so a game closed meanwhile stays closed', async () => {
    let hold: Promise<void> | undefined;
    const { registry } = setup(async () => {
      await hold;
      return true;
    });
    const gameId = await playingGame(registry);
    await registry.EndGame(alice, [gameId]);
    let release: () => void = () => undefined;
    hold = new Promise((resolve) => {
      release = resolve;
    });
    const restart = registry.RestartGame(alice, [gameId, baseInfo]);
    expect(isOk(await registry.CloseGame(alice, [gameId]))).toBe(true);
    release();
    expect(errorOf(await restart)).toBe('GameNotFound');
  });
});

describe('every action', () => {
  const onGame = gameActions.filter((action) => action !== 'CreateGame' && action !== 'LeaveAllGame');
  const argsFor = (action: GameAction, gameId: string): unknown[] =>
    action === 'RestartGame'
      ? [gameId, baseInfo]
      : action === 'SetAchieveGoalInRound'
        ? [gameId, 'k', 'v']
        : action === 'SetMyGameInfo'
          ? [gameId, 'text']
          : [gameId];

  it('refuses an unknown game', async () => {
    const { registry } = setup();
    for (const action of onGame)
      expect(errorOf(await registry[action](alice, argsFor(action, 'nope')))).toBe('GameNotFound');
  });

  it('refuses bad arguments, saying which', async () => {
    const { registry } = setup();
    for (const action of gameActions) {
      const outcome = await registry[action](alice, [1, 2, 3, 4]);
      expect(errorOf(outcome)).toBe('InvalidArguments');
      expect(outcome.result.error?.message).toMatch(new RegExp(`^${action} takes`));
    }
    const outcome = await registry.StartGame(alice, [42]);
    expect(outcome.result.error).toEqual({ errorCode: 'InvalidArguments', message: 'gameId: Please input Game ID' });
  });

  it('refuses a message over 32 KB before reading it', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    const outcome = await registry.SetMyGameInfo(alice, [gameId, 'x'.repeat(MAX_MESSAGE_BYTES)]);
    expect(errorOf(outcome)).toBe('MessageTooLarge');
    expect(outcome.result.error?.message).toBe('This message is too large: at most 32 KB.');
  });

  it('runs by hub method name, and refuses a name it does not know', async () => {
    const { registry } = setup();
    const gameId = dataOf(await registry.invoke('CreateGame', alice, ['lobby-anchor', baseInfo])).id;
    expect(dataOf(await registry.invoke('GetGameInformation', bob, [gameId])).id).toBe(gameId);
    const unknown = await registry.invoke('DeleteEverything', alice, []);
    expect(errorOf(unknown)).toBe('UnknownAction');
  });
});

describe('the rate limit', () => {
  it(`refuses a connection's action beyond ${ACTION_BURST} at once, with a failed result, until tokens come back`, async () => {
    const { registry, advance } = setup();
    for (let i = 0; i < ACTION_BURST; i++)
      expect(errorOf(await registry.GetGameInformation(alice, ['nope']))).toBe('GameNotFound');
    const limited = await registry.GetGameInformation(alice, ['nope']);
    expect(errorOf(limited)).toBe('RateLimited');
    expect(limited.result.error?.message).toBe(
      'Too many actions on this connection: at most 20 a second. Please wait a moment.',
    );
    expect(errorOf(await registry.CreateGame(alice, ['lobby-anchor', baseInfo]))).toBe('RateLimited');
    expect(errorOf(await registry.GetGameInformation(bob, ['nope']))).toBe('GameNotFound');
    advance(1000 / ACTIONS_PER_SECOND);
    expect(errorOf(await registry.GetGameInformation(alice, ['nope']))).toBe('GameNotFound');
    expect(errorOf(await registry.GetGameInformation(alice, ['nope']))).toBe('RateLimited');
  });

  it('starts a connection afresh after it disconnects', async () => {
    const { registry } = setup();
    for (let i = 0; i <= ACTION_BURST; i++) await registry.GetGameInformation(alice, ['nope']);
    registry.disconnect('c-alice');
    expect(errorOf(await registry.GetGameInformation(alice, ['nope']))).toBe('GameNotFound');
  });
});

describe('two players', () => {
  it("see each other's events, and a third in another game sees none of them", async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    const elsewhere = await createGame(registry, carol);
    await registry.JoinGame(bob, [gameId]);
    const outcomes = [
      await registry.StartGame(alice, [gameId]),
      await registry.SetMyGameInfo(bob, [gameId, 'bob info']),
      await registry.SetAchieveGoalInRound(alice, [gameId, 'flag', 'captured']),
      await registry.Lose(bob, [gameId]),
    ];
    const seen = outcomes.flatMap((outcome) => eventsOf(outcome));
    expect(seen.map((event) => [event.event, event.userId])).toEqual([
      ['started', 'u-alice'],
      ['infoSet', 'u-bob'],
      ['goalSet', 'u-alice'],
      ['lose', 'u-bob'],
    ]);
    for (const { to } of seen) expect(to).toEqual(['c-alice', 'c-bob']);
    expect(eventsOf(await registry.SetMyGameInfo(carol, [elsewhere, 'alone']))[0]?.to).toEqual(['c-carol']);
  });
});

describe('disconnect', () => {
  it('leaves every game of the connection, telling those who stay and no one else', async () => {
    const { registry } = setup();
    const hosted = await createGame(registry, bob);
    const joined = await createGame(registry, alice);
    const viewed = await createGame(registry, carol);
    await registry.JoinGame(alice, [hosted]);
    await registry.JoinGame(bob, [joined]);
    await registry.ViewGame(bob, [viewed]);
    const events = eventsOf(registry.disconnect('c-bob'));
    const left = (to: string, gameId: string, role: string, hostUserId: string) =>
      expect.objectContaining({ to: [to], event: 'left', gameId, role, reason: 'disconnected', hostUserId });
    expect(events).toEqual([
      left('c-alice', hosted, 'player', 'u-alice'),
      left('c-alice', joined, 'player', 'u-alice'),
      left('c-carol', viewed, 'spectator', 'u-carol'),
    ]);
    for (const { to } of events) expect(to).not.toContain('c-bob');
    expect(registry.gamesOf('u-bob')).toEqual([]);
    expect(registry.disconnect('c-bob')).toEqual([]);
    expect(registry.disconnect('c-never-seen')).toEqual([]);
  });

  it('closes a game its only player drops out of', async () => {
    const { registry } = setup();
    const gameId = await createGame(registry);
    expect(registry.disconnect('c-alice')).toEqual([]);
    expect(errorOf(await registry.GetGameInformation(bob, [gameId]))).toBe('GameNotFound');
  });

  it('keeps a player who drops out of a playing game, who may join again to come back', async () => {
    const { registry } = setup();
    const gameId = await playingGame(registry);
    await registry.Win(bob, [gameId]);
    registry.disconnect('c-bob');
    const bobBack = { connectionId: 'c-bob-2', userId: 'u-bob' };
    expect(errorOf(await registry.Lose(bobBack, [gameId]))).toBe('NotInGame');
    expect(errorOf(await registry.ViewGame(bobBack, [gameId]))).toBe('RejoinInstead');
    expect(errorOf(await registry.JoinGame(carol, [gameId]))).toBe('GameAlreadyStarted');
    const back = await registry.JoinGame(bobBack, [gameId]);
    expect(dataOf(back).players.find((player) => player.userId === 'u-bob')).toMatchObject({
      isPresent: true,
      result: 'Win',
    });
    expect(eventsOf(back)).toEqual([expect.objectContaining({ to: ['c-alice', 'c-bob-2'], event: 'joined' })]);
  });

  it('hands a playing game over when the host drops out', async () => {
    const { registry } = setup();
    const gameId = await playingGame(registry);
    const [left] = eventsOf(registry.disconnect('c-alice'));
    expect(left).toMatchObject({ to: ['c-bob'], event: 'left', hostUserId: 'u-bob' });
    const game = dataOf(await registry.GetGameInformation(bob, [gameId]));
    expect(game.players.map(({ userId, isHost, isPresent }) => ({ userId, isHost, isPresent }))).toEqual([
      { userId: 'u-alice', isHost: false, isPresent: false },
      { userId: 'u-bob', isHost: true, isPresent: true },
    ]);
    expect(isOk(await registry.EndGame(bob, [gameId]))).toBe(true);
  });
});

describe('a full round', () => {
  it('goes create → join ×2 → start → goals and info → win and lose → end → restart → close', async () => {
    const { registry, advance } = setup();
    const gameId = await createGame(registry);
    expect(eventsOf(await registry.JoinGame(bob, [gameId]))[0]?.to).toEqual(['c-alice', 'c-bob']);
    expect(eventsOf(await registry.JoinGame(carol, [gameId]))[0]?.to).toEqual(['c-alice', 'c-bob', 'c-carol']);
    expect(dataOf(await registry.StartGameV1(alice, [gameId, 'host ready'])).currentRound).toBe(1);

    advance(5_000);
    await registry.SetAchieveGoalInRound(bob, [gameId, 'flag', '1']);
    await registry.SetMyGameInfo(carol, [gameId, '{"score":7}']);
    advance(20_000);
    expect(dataOf<{ round: number }>(await registry.SetAchieveGoalInRound(carol, [gameId, 'flag', '2'])).round).toBe(3);

    await registry.Win(bob, [gameId]);
    await registry.Lose(carol, [gameId]);
    const ended = eventsOf(await registry.EndGame(alice, [gameId]))[0];
    expect(ended?.event === 'ended' && ended.results).toEqual([
      { userId: 'u-alice', result: null },
      { userId: 'u-bob', result: 'Win' },
      { userId: 'u-carol', result: 'Lose' },
    ]);

    const restarted = dataOf(await registry.RestartGame(alice, [gameId, baseInfo]));
    expect(restarted).toMatchObject({ state: 'Playing', currentRound: 1 });
    expect(restarted.players.every((player) => player.result === null && player.goals.length === 0)).toBe(true);

    const closed = await registry.CloseGame(alice, [gameId]);
    expect(eventsOf(closed)[0]).toMatchObject({ to: ['c-alice', 'c-bob', 'c-carol'], event: 'closed' });
    for (const name of ['u-alice', 'u-bob', 'u-carol']) expect(registry.gamesOf(name)).toEqual([]);
  });
});
