import { describe, expect, it } from 'vitest';
import { displayCorrections } from './display-corrections.ts';
import {
  ACTION_BURST,
  ACTIONS_PER_SECOND,
  checkGameAction,
  checkGoal,
  checkJoin,
  checkPlayerSlot,
  checkResult,
  checkServerCapacity,
  checkSpectatorSlot,
  checkUserGames,
  checkView,
  currentRound,
  type GameActionOnGame,
  type GameRole,
  type GameState,
  gameActionRules,
  gameActionsFor,
  isBucketRefilled,
  isRoundRangeValid,
  MAX_ACTIVE_GAMES_PER_USER,
  MAX_GAMES,
  MAX_GOALS_PER_GAME,
  MAX_MESSAGE_BYTES,
  MAX_PLAYERS_PER_GAME,
  MAX_SPECTATORS_PER_GAME,
  nextGameState,
  nextHost,
  takeActionToken,
} from './game-rules.ts';
import {
  baseInfoFromForm,
  baseInfoSchema,
  consoleMessageSchema,
  createGameFormSchema,
  type GameEvent,
  gameActionArgsSchemas,
  gameActionParameters,
  gameActionResultSchemas,
  gameActions,
  gameErrorCatalog,
  gameFieldMessages,
  isGameAction,
  isSyntheticPlayerAction,
  parseGameActionArgs,
  parseGameEvent,
  restartGameFormSchema,
  syntheticPlayerActions,
  toEventMessage,
} from './gaming.ts';

const states = ['Waiting', 'Playing', 'Ended'] as const satisfies readonly GameState[];
const roles = ['host', 'player', 'spectator', 'absent', 'outsider'] as const satisfies readonly GameRole[];

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the state machine', () => {
  it('moves Waiting → Playing → Ended → Playing on start, end and restart, and anything to Closed on close', () => {
    expect(nextGameState('StartGame', 'Waiting')).toBe('Playing');
    expect(nextGameState('StartGameV1', 'Waiting')).toBe('Playing');
    expect(nextGameState('EndGame', 'Playing')).toBe('Ended');
    expect(nextGameState('RestartGame', 'Ended')).toBe('Playing');
    for (const state of states) expect(nextGameState('CloseGame', state)).toBe('Closed');
    for (const action of ['JoinGame', 'Win', 'SetMyGameInfo', 'GetGameInformation'] as const) {
      expect(nextGameState(action, 'Playing')).toBe('Playing');
    }
  });

  it('lets only the host start, end, restart and close a game', () => {
    for (const action of ['StartGame', 'StartGameV1', 'EndGame', 'RestartGame', 'CloseGame'] as const) {
      const state = gameActionRules[action].from[0] ?? 'Waiting';
      expect(checkGameAction(action, state, 'host')).toBeUndefined();
      for (const role of ['player', 'spectator', 'absent', 'outsider'] as const) {
        expect(checkGameAction(action, state, role)).toBe('NotHost');
      }
    }
  });

  it('asks who before the state: a spectator pressing Start on a started game hears that only the host starts', () => {
    expect(checkGameAction('StartGame', 'Playing', 'spectator')).toBe('NotHost');
    expect(checkGameAction('StartGame', 'Playing', 'host')).toBe('GameAlreadyStarted');
  });

  it('refuses each state with its own reason', () => {
    expect(checkGameAction('StartGame', 'Ended', 'host')).toBe('GameEnded');
    expect(checkGameAction('EndGame', 'Waiting', 'host')).toBe('GameNotStarted');
    expect(checkGameAction('EndGame', 'Ended', 'host')).toBe('GameEnded');
    expect(checkGameAction('RestartGame', 'Waiting', 'host')).toBe('GameNotEnded');
    expect(checkGameAction('RestartGame', 'Playing', 'host')).toBe('GameNotEnded');
    expect(checkGameAction('Win', 'Waiting', 'player')).toBe('GameNotStarted');
    expect(checkGameAction('SetMyGameInfo', 'Ended', 'player')).toBe('GameEnded');
    expect(checkGameAction('GetGameInformation', 'Closed', 'outsider')).toBe('GameNotFound');
  });

  it('lets players, the host among them, report results, goals and information, and not spectators', () => {
    for (const action of ['Win', 'Lose', 'SetAchieveGoalInRound', 'SetMyGameInfo'] as const) {
      expect(checkGameAction(action, 'Playing', 'host')).toBeUndefined();
      expect(checkGameAction(action, 'Playing', 'player')).toBeUndefined();
      expect(checkGameAction(action, 'Playing', 'spectator')).toBe('NotPlayer');
      expect(checkGameAction(action, 'Playing', 'absent')).toBe('NotInGame');
      expect(checkGameAction(action, 'Playing', 'outsider')).toBe('NotInGame');
    }
    expect(checkGameAction('SetMyGameInfo', 'Waiting', 'player')).toBeUndefined();
  });

  it('lets whoever is in a game leave it, and anyone with its id read it', () => {
    for (const state of states) {
      for (const role of ['host', 'player', 'spectator'] as const) {
        expect(checkGameAction('LeaveGame', state, role)).toBeUndefined();
      }
      expect(checkGameAction('LeaveGame', state, 'outsider')).toBe('NotInGame');
      expect(checkGameAction('LeaveGame', state, 'absent')).toBe('NotInGame');
      for (const role of roles) expect(checkGameAction('GetGameInformation', state, role)).toBeUndefined();
    }
  });

  it('joins a waiting game, brings back a player who left one still playing, and rebinds one already in', () => {
    expect(checkJoin('Waiting', 'outsider')).toBe('join');
    expect(checkJoin('Waiting', 'spectator')).toBe('join');
    expect(checkJoin('Playing', 'absent')).toBe('return');
    for (const state of states) {
      expect(checkJoin(state, 'host')).toBe('rebind');
      expect(checkJoin(state, 'player')).toBe('rebind');
    }
    expect(checkJoin('Playing', 'outsider')).toEqual({ refused: 'GameAlreadyStarted' });
    expect(checkJoin('Playing', 'spectator')).toEqual({ refused: 'GameAlreadyStarted' });
    expect(checkJoin('Ended', 'outsider')).toEqual({ refused: 'GameEnded' });
    expect(checkJoin('Ended', 'absent')).toEqual({ refused: 'GameEnded' });
    expect(checkJoin('Closed', 'outsider')).toEqual({ refused: 'GameNotFound' });
  });

  it('lets anyone not playing view a game in any state, and rebinds a spectator', () => {
    for (const state of states) {
      expect(checkView(state, 'outsider')).toBe('view');
      expect(checkView(state, 'spectator')).toBe('rebind');
      expect(checkView(state, 'host')).toEqual({ refused: 'AlreadyPlayer' });
      expect(checkView(state, 'player')).toEqual({ refused: 'AlreadyPlayer' });
    }
    expect(checkView('Playing', 'absent')).toEqual({ refused: 'RejoinInstead' });
  });

  it('offers each role the actions it may take now', () => {
    expect(gameActionsFor('Waiting', 'host')).toEqual([
      'LeaveGame',
      'GetGameInformation',
      'StartGame',
      'StartGameV1',
      'CloseGame',
      'SetMyGameInfo',
    ]);
    expect(gameActionsFor('Playing', 'player')).toEqual([
      'LeaveGame',
      'GetGameInformation',
      'Win',
      'Lose',
      'SetAchieveGoalInRound',
      'SetMyGameInfo',
    ]);
    expect(gameActionsFor('Ended', 'host')).toEqual(['RestartGame', 'LeaveGame', 'GetGameInformation', 'CloseGame']);
    expect(gameActionsFor('Waiting', 'outsider')).toEqual(['JoinGame', 'GetGameInformation', 'ViewGame']);
    expect(gameActionsFor('Playing', 'absent')).toEqual(['JoinGame', 'GetGameInformation']);
    expect(gameActionsFor('Playing', 'spectator')).toEqual(['LeaveGame', 'GetGameInformation']);
  });

  it('agrees with itself: an action offered is never refused', () => {
    for (const state of states) {
      for (const role of roles) {
        for (const action of gameActionsFor(state, role)) {
          expect(checkGameAction(action as GameActionOnGame, state, role)).toBeUndefined();
        }
      }
    }
  });

  it('hands a game over to the player present longest, or to nobody', () => {
    expect(
      nextHost([
        { userId: 'a', isPresent: false },
        { userId: 'b', isPresent: true },
        { userId: 'c', isPresent: true },
      ]),
    ).toBe('b');
    expect(nextHost([{ userId: 'a', isPresent: false }])).toBeUndefined();
    expect(nextHost([])).toBeUndefined();
  });
});

describe('limits', () => {
  it('holds 16 players, 32 spectators, 5 games a user and 10,000 games a process', () => {
    expect(MAX_PLAYERS_PER_GAME).toBe(16);
    expect(checkPlayerSlot(MAX_PLAYERS_PER_GAME - 1)).toBeUndefined();
    expect(checkPlayerSlot(MAX_PLAYERS_PER_GAME)).toBe('GameFull');
    expect(MAX_SPECTATORS_PER_GAME).toBe(32);
    expect(checkSpectatorSlot(MAX_SPECTATORS_PER_GAME - 1)).toBeUndefined();
    expect(checkSpectatorSlot(MAX_SPECTATORS_PER_GAME)).toBe('TooManySpectators');
    expect(MAX_ACTIVE_GAMES_PER_USER).toBe(5);
    expect(checkUserGames(MAX_ACTIVE_GAMES_PER_USER - 1)).toBeUndefined();
    expect(checkUserGames(MAX_ACTIVE_GAMES_PER_USER)).toBe('TooManyGames');
    expect(checkServerCapacity(MAX_GAMES - 1)).toBeUndefined();
    expect(checkServerCapacity(MAX_GAMES)).toBe('ServerFull');
    expect(MAX_MESSAGE_BYTES).toBe(32 * 1024);
  });

  it('takes one result per player and run', () => {
    expect(checkResult(null)).toBeUndefined();
    expect(checkResult('Win')).toBe('ResultAlreadyReported');
    expect(checkResult('Lose')).toBe('ResultAlreadyReported');
  });

  it('keeps at most 1000 goals a game, a goal set again replacing the old one', () => {
    expect(checkGoal(MAX_GOALS_PER_GAME - 1, false)).toBeUndefined();
    expect(checkGoal(MAX_GOALS_PER_GAME, false)).toBe('TooManyGoals');
    expect(checkGoal(MAX_GOALS_PER_GAME, true)).toBeUndefined();
  });
});

describe('the action rate', () => {
  it('lets a burst of 20 through at once, then one more every 50 ms', () => {
    let bucket = takeActionToken(undefined, 1000).bucket;
    for (let i = 1; i < ACTION_BURST; i++) {
      const taken = takeActionToken(bucket, 1000);
      expect(taken.allowed).toBe(true);
      bucket = taken.bucket;
    }
    expect(takeActionToken(bucket, 1000).allowed).toBe(false);
    expect(takeActionToken(bucket, 1000 + 1000 / ACTIONS_PER_SECOND - 1).allowed).toBe(false);
    const later = takeActionToken(bucket, 1000 + 1000 / ACTIONS_PER_SECOND);
    expect(later.allowed).toBe(true);
    expect(takeActionToken(later.bucket, 1000 + 1000 / ACTIONS_PER_SECOND).allowed).toBe(false);
  });

  it('refills no more than a burst, and nothing when the clock steps back', () => {
    const empty = { tokens: 0, updatedAt: 10_000 };
    expect(takeActionToken(empty, 5_000)).toEqual({ allowed: false, bucket: { tokens: 0, updatedAt: 10_000 } });
    expect(takeActionToken(empty, 1_000_000).bucket.tokens).toBe(ACTION_BURST - 1);
    expect(isBucketRefilled(empty, 10_999)).toBe(false);
    expect(isBucketRefilled(empty, 11_000)).toBe(true);
  });
});

describe('rounds and time', () => {
  it('allows a maximum equal to the minimum, not below it', () => {
    expect(isRoundRangeValid(10, 15)).toBe(true);
    expect(isRoundRangeValid(10, 10)).toBe(true);
    expect(isRoundRangeValid(10, 9)).toBe(false);
  });

  it('splits the total time evenly over the rounds, the last lasting until the game ends', () => {
    const settings = { totalTime: 60, totalRounds: 5 };
    expect(currentRound(settings, 0, 0)).toBe(1);
    expect(currentRound(settings, 0, 11_999)).toBe(1);
    expect(currentRound(settings, 0, 12_000)).toBe(2);
    expect(currentRound(settings, 0, 59_999)).toBe(5);
    expect(currentRound(settings, 0, 3_600_000)).toBe(5);
    expect(currentRound(settings, 5_000, 0)).toBe(1);
  });
});

describe('game settings (baseInfo)', () => {
  const required = { ProductId: 'p-1', ProductVersion: 3 };

  it('takes the SPEC §9 defaults for what is left out', () => {
    expect(baseInfoSchema.parse(required)).toEqual({
      ...required,
      TotalTime: 60,
      RoundInfo: { Min: 10, Max: 15, TotalRounds: 5 },
      GameType: 'Default',
      RoundUsersOrder: '',
      CustomContent: '',
      BroadcastMessage: '',
    });
    expect(baseInfoSchema.parse({ ...required, RoundInfo: { Max: 12 }, CustomContent: null }).RoundInfo).toEqual({
      Min: 10,
      Max: 12,
      TotalRounds: 5,
    });
  });

  it('reads keys regardless of case, the exact spelling winning, and ignores unknown keys', () => {
    const parsed = baseInfoSchema.parse({
      productId: 'p-1',
      productVersion: 3,
      totalTime: 90,
      roundInfo: { min: 2, max: 4, totalRounds: 3 },
      gameType: 'Survival',
      GAMETYPE: 'Default',
      Extra: true,
    });
    expect(parsed).toMatchObject({
      ProductId: 'p-1',
      TotalTime: 90,
      RoundInfo: { Min: 2, Max: 4, TotalRounds: 3 },
      GameType: 'Survival',
    });
    expect(parsed).not.toHaveProperty('Extra');
    expect(baseInfoSchema.parse({ ...required, gametype: 'Default', GameType: 'Survival' }).GameType).toBe('Survival');
  });

  it('shows the corrected message when the maximum of rounds is below the minimum', () => {
    const result = baseInfoSchema.safeParse({ ...required, RoundInfo: { Min: 10, Max: 9 } });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['RoundInfo', 'Max'], message: 'Must be greater than minimum number of rounds' }),
    ]);
    expect(gameFieldMessages.roundsMaxBelowMin).toBe(displayCorrections.roundsMaxBelowMin.shown);
    expect(baseInfoSchema.safeParse({ ...required, RoundInfo: { Min: 10, Max: 10 } }).success).toBe(true);
  });

  it('words bad round numbers as SPEC §5 does', () => {
    const roundMessage = (Min: unknown) => messagesOf(baseInfoSchema.safeParse({ ...required, RoundInfo: { Min } }));
    expect(roundMessage(0)).toEqual(['Must be non negative']);
    expect(roundMessage(-3)).toEqual(['Must be non negative']);
    expect(roundMessage(1.5)).toEqual(['Please input digits']);
    expect(roundMessage('10')).toEqual(['Please input digits']);
    const maxMessage = messagesOf(baseInfoSchema.safeParse({ ...required, RoundInfo: { Max: 1001 } }));
    expect(maxMessage).toEqual(['Must be at most 1000']);
    expect(messagesOf(baseInfoSchema.safeParse({ ...required, TotalTime: 0 }))).toEqual(['Must be non negative']);
    expect(messagesOf(baseInfoSchema.safeParse({ ...required, TotalTime: 86_401 }))).toEqual(['Must be at most 86400']);
  });

  it('requires the product and its version', () => {
    expect(messagesOf(baseInfoSchema.safeParse({}))).toEqual([
      'Please input Product Version',
      'Please input Product ID',
    ]);
    expect(messagesOf(baseInfoSchema.safeParse({ ProductId: '  ', ProductVersion: 0 }))).toEqual([
      'Please enter a positive integer',
      'Please input Product ID',
    ]);
    expect(messagesOf(baseInfoSchema.safeParse('settings'))).toEqual([gameFieldMessages.baseInfo]);
  });

  it('takes the game types Default and Survival only', () => {
    expect(baseInfoSchema.parse({ ...required, GameType: 'Survival' }).GameType).toBe('Survival');
    expect(messagesOf(baseInfoSchema.safeParse({ ...required, GameType: 'Battle' }))).toEqual([
      'Game type must be Default or Survival',
    ]);
  });
});

describe('the create and restart forms', () => {
  const form = {
    productId: 'p-1',
    arId: 'lobby-anchor',
    productVersion: 3,
    totalTime: 60,
    totalRounds: 5,
    roundInfoMin: 10,
    roundInfoMax: 15,
  };

  it('asks for every required field with its SPEC §5 message', () => {
    const result = restartGameFormSchema.safeParse({});
    expect(Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]))).toEqual({
      gameId: 'Please input Game ID',
      productId: 'Please input Product ID',
      arId: 'Please input AR ID',
      productVersion: 'Please input Product Version',
      totalTime: 'Please input the positive integer',
      totalRounds: 'Please input the positive integer',
      roundInfoMin: 'Please input the positive integer',
      roundInfoMax: 'Please input the positive integer',
    });
    expect(messagesOf(createGameFormSchema.safeParse({ ...form, roundInfoMin: null }))).toEqual([
      'Please input the positive integer',
    ]);
  });

  it('marks both round fields when the minimum is above the maximum', () => {
    const result = createGameFormSchema.safeParse({ ...form, roundInfoMin: 16 });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['roundInfoMin', 'Must be less than maximum number of rounds'],
      ['roundInfoMax', 'Must be greater than minimum number of rounds'],
    ]);
  });

  it('turns into the baseInfo the hub takes', () => {
    const baseInfo = baseInfoFromForm(createGameFormSchema.parse({ ...form, gameType: 'Survival' }));
    expect(baseInfo).toEqual({
      TotalTime: 60,
      RoundInfo: { Min: 10, Max: 15, TotalRounds: 5 },
      ProductVersion: 3,
      ProductId: 'p-1',
      GameType: 'Survival',
      RoundUsersOrder: '',
      CustomContent: '',
      BroadcastMessage: '',
    });
    expect(baseInfoSchema.parse(baseInfo)).toEqual(baseInfo);
  });
});

describe('action arguments', () => {
  it('names the fifteen actions and the synthetic players’ two once, with their arguments, parameters and results', () => {
    expect(gameActions).toHaveLength(15);
    const every = [...gameActions, ...syntheticPlayerActions];
    expect(Object.keys(gameActionArgsSchemas)).toEqual(every);
    expect(Object.keys(gameActionParameters)).toEqual(every);
    expect(Object.keys(gameActionResultSchemas)).toEqual(every);
    expect(isGameAction('StartGameV1')).toBe(true);
    expect(isGameAction('AddSyntheticPlayers')).toBe(false);
    expect(isSyntheticPlayerAction('AddSyntheticPlayers')).toBe(true);
    expect(isGameAction('toString')).toBe(false);
  });

  it('reads arguments positionally, as a hub invocation carries them, or by name', () => {
    expect(parseGameActionArgs('SetAchieveGoalInRound', ['g-1', 'coins', '3'])).toEqual({
      success: true,
      data: { gameId: 'g-1', key: 'coins', value: '3' },
    });
    expect(parseGameActionArgs('SetMyGameInfo', { gameId: 'g-1', text: '{"score":3}' })).toEqual({
      success: true,
      data: { gameId: 'g-1', text: '{"score":3}' },
    });
    expect(parseGameActionArgs('CreateGame', ['lobby-anchor', { ProductId: 'p-1', ProductVersion: 1 }]).success).toBe(
      true,
    );
  });

  it('words missing arguments as the console forms do', () => {
    const message = (action: Parameters<typeof parseGameActionArgs>[0], args: unknown) => {
      const parsed = parseGameActionArgs(action, args);
      return parsed.success ? undefined : parsed.message;
    };
    expect(message('StartGame', [])).toBe('gameId: Please input Game ID');
    expect(message('JoinGame', [''])).toBe('gameId: Please input Product ID');
    expect(message('LeaveGame', [])).toBe('gameId: Please input Product ID');
    expect(message('SetAchieveGoalInRound', ['g-1'])).toBe('key: Please input Key; value: Please input Value');
    expect(message('SetMyGameInfo', ['g-1', ' '])).toBe('text: Please input Game Information');
    expect(message('CreateGame', [])).toBe(`arId: Please input AR ID; baseInfo: ${gameFieldMessages.baseInfo}`);
    expect(message('StartGame', ['g-1', 'extra'])).toBe('StartGame takes 1 argument: gameId');
    expect(message('StartGame', 'g-1')).toBe('StartGame takes a list of arguments: gameId');
    expect(message('StartGame', { gameId: 'g-1', extra: 1 })).toBe('Unrecognized key: "extra"');
    expect(message('StartGame', ['g\u0000'])).toBe('gameId: Must not contain control characters');
  });

  it('lets StartGameV1 go without game information, and LeaveAllGame without a game id', () => {
    expect(parseGameActionArgs('StartGameV1', ['g-1'])).toEqual({ success: true, data: { gameId: 'g-1', text: null } });
    expect(parseGameActionArgs('StartGameV1', ['g-1', '  '])).toEqual({
      success: true,
      data: { gameId: 'g-1', text: null },
    });
    expect(parseGameActionArgs('LeaveAllGame', undefined).success).toBe(true);
    expect(parseGameActionArgs('LeaveAllGame', []).success).toBe(true);
    expect(parseGameActionArgs('LeaveAllGame', ['g-1']).success).toBe(true);
  });
});

describe('messages on the wire', () => {
  it('carries an event as a JSON string in an EventMessage and reads it back', () => {
    const event: GameEvent = {
      event: 'goalSet',
      gameId: 'g-1',
      userId: 'u-1',
      at: 'now',
      round: 2,
      key: 'k',
      value: 'v',
    };
    const message = toEventMessage(event);
    expect(consoleMessageSchema.parse(message)).toEqual({
      succeeded: true,
      jsonData: JSON.stringify(event),
      error: null,
    });
    expect(parseGameEvent(message)).toEqual(event);
    expect(parseGameEvent({ succeeded: true, jsonData: '{', error: null })).toBeUndefined();
    expect(parseGameEvent({ succeeded: true, jsonData: '{"event":"dance"}', error: null })).toBeUndefined();
  });

  it('has a message for every refusal', () => {
    for (const message of Object.values(gameErrorCatalog)) expect(message.length).toBeGreaterThan(10);
    expect(gameErrorCatalog.RateLimited).toContain('20 a second');
    expect(gameErrorCatalog.MessageTooLarge).toContain('32 KB');
  });
});
