import { z } from 'zod';
import { catalogMessages } from './catalog.ts';
import {
  ACTIONS_PER_SECOND,
  GAME_DEFAULTS,
  gameResults,
  gameStates,
  gameTypes,
  isRoundRangeValid,
  MAX_ACTIVE_GAMES_PER_USER,
  MAX_AR_ID_LENGTH,
  MAX_CUSTOM_CONTENT_LENGTH,
  MAX_GAME_ID_LENGTH,
  MAX_GAME_INFO_LENGTH,
  MAX_GOAL_KEY_LENGTH,
  MAX_GOAL_VALUE_LENGTH,
  MAX_GOALS_PER_GAME,
  MAX_MESSAGE_BYTES,
  MAX_PLAYERS_PER_GAME,
  MAX_PRODUCT_ID_LENGTH,
  MAX_ROUND_VALUE,
  MAX_SETTING_TEXT_LENGTH,
  MAX_SPECTATORS_PER_GAME,
  MAX_SYNTHETIC_PLAYERS_PER_PARTNER,
  MAX_SYNTHETIC_PLAYERS_PER_REQUEST,
  MAX_TOTAL_TIME_SECONDS,
  type SyntheticBehaviour,
  syntheticBehaviours,
} from './game-rules.ts';
import { stagingMessages } from './messages.ts';
import { messages, noControlChars, requiredText } from './validation.ts';
import { versionMessages } from './versions.ts';

/**
 * The staging console's realtime game API (SPEC §3, §4, §5, §7; DESIGN §5): the fifteen hub methods, their
 * arguments as the wire names them, the result every method answers with (`ReceiveMessage`) and the events pushed to
 * a game's participants (`EventMessage`). The rules they obey live in `game-rules.ts`.
 */

/** SPEC §4: the hub methods, as a client invokes them. */
export const gameActions = [
  'CreateGame',
  'RestartGame',
  'JoinGame',
  'LeaveGame',
  'LeaveAllGame',
  'GetGameInformation',
  'StartGame',
  'StartGameV1',
  'EndGame',
  'CloseGame',
  'ViewGame',
  'Win',
  'Lose',
  'SetAchieveGoalInRound',
  'SetMyGameInfo',
] as const;
export type GameAction = (typeof gameActions)[number];
export const isGameAction = (name: string): name is GameAction => (gameActions as readonly string[]).includes(name);

/**
 * The console's hub methods beyond SPEC §4's fifteen: synthetic players, run by the server, that join the caller's
 * game over connections of their own and play it, so a partner can test a multiplayer game alone.
 */
export const syntheticPlayerActions = ['AddSyntheticPlayers', 'RemoveSyntheticPlayers'] as const;
export type SyntheticPlayerAction = (typeof syntheticPlayerActions)[number];
export const isSyntheticPlayerAction = (name: string): name is SyntheticPlayerAction =>
  (syntheticPlayerActions as readonly string[]).includes(name);
/** Every hub method a client may invoke. */
export type ConsoleAction = GameAction | SyntheticPlayerAction;

export const syntheticBehaviourLabels: Record<SyntheticBehaviour, string> = {
  win: 'Always wins',
  lose: 'Always loses',
  random: 'Wins or loses at random',
  goals: 'Sets a goal every round',
};

/** The client methods the hub calls: each action's result, and the events of a game. */
export const GAME_RESULT_METHOD = 'ReceiveMessage';
export const GAME_EVENT_METHOD = 'EventMessage';

/** SPEC §5: the staging forms' messages. */
export const gameFieldMessages = {
  productIdRequired: 'Please input Product ID',
  arIdRequired: 'Please input AR ID',
  productVersionRequired: 'Please input Product Version',
  productVersionInvalid: versionMessages.positiveInteger,
  gameIdRequired: 'Please input Game ID',
  keyRequired: 'Please input Key',
  valueRequired: 'Please input Value',
  gameInfoRequired: 'Please input Game Information',
  positiveIntegerRequired: 'Please input the positive integer',
  digits: catalogMessages.digits,
  nonNegative: catalogMessages.nonNegative,
  atMost: (max: number) => `Must be at most ${max}`,
  roundsMaxBelowMin: stagingMessages.roundsMaxBelowMin,
  roundsMinAboveMax: 'Must be less than maximum number of rounds',
  gameType: `Game type must be ${gameTypes.join(' or ')}`,
  baseInfo: 'baseInfo must be an object holding the game settings',
  syntheticCountRequired: 'Please input the number of players',
  syntheticCount: `Must be a whole number from 1 to ${MAX_SYNTHETIC_PLAYERS_PER_REQUEST}`,
  syntheticBehaviour: `Behaviour must be ${syntheticBehaviours.join(', ')}`,
} as const;

/**
 * Why an action was refused: the `error` of a failed result. The registry answers these and never throws.
 * `InvalidArguments` carries the messages of the fields at fault instead of its own.
 */
export const gameErrorCatalog = {
  InvalidArguments: 'Some arguments are missing or invalid.',
  UnknownAction: `Unknown action: the game server offers ${gameActions.join(', ')}.`,
  MessageTooLarge: `This message is too large: at most ${MAX_MESSAGE_BYTES / 1024} KB.`,
  RateLimited: `Too many actions on this connection: at most ${ACTIONS_PER_SECOND} a second. Please wait a moment.`,
  GameNotFound: 'This game does not exist or has been closed.',
  VersionNotPlayable:
    'This product version cannot be played: it must be a released or testing version of the product that you may test.',
  VersionCheckFailed: 'The product version could not be checked, please try again.',
  NotHost: 'Only the host of this game can do this.',
  NotInGame: 'You are not in this game.',
  NotPlayer: 'Only the players of this game can do this: spectators watch.',
  AlreadyPlayer: 'You are already a player in this game.',
  RejoinInstead: 'You left this game while it was playing: join it again to come back.',
  GameNotStarted: 'This game has not started yet.',
  GameAlreadyStarted: 'This game has already started: you can view it instead.',
  GameEnded: 'This game has ended.',
  GameNotEnded: 'Only an ended game can be restarted: end it first.',
  GameFull: `This game is full: at most ${MAX_PLAYERS_PER_GAME} players.`,
  TooManySpectators: `This game already has ${MAX_SPECTATORS_PER_GAME} spectators, the most it takes.`,
  TooManyGames: `You are already in ${MAX_ACTIVE_GAMES_PER_USER} games: leave one before entering another.`,
  ServerFull: 'The game server is full, please try again later.',
  ResultAlreadyReported: 'You have already reported your result in this game.',
  TooManyGoals: `This game already holds ${MAX_GOALS_PER_GAME} goals, the most it keeps.`,
  SyntheticPlayersJoinWaitingGames: 'Synthetic players join a game while it waits: add them before you start it.',
  TooManySyntheticPlayers: `You can run ${MAX_SYNTHETIC_PLAYERS_PER_PARTNER} synthetic players at once: remove some from your other games first.`,
} as const;
export type GameErrorCode = keyof typeof gameErrorCatalog;

// ---------------------------------------------------------------------------------------------------------------
// Fields

const m = gameFieldMessages;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** A positive whole number, worded as SPEC §5 words the round fields. */
function positiveInteger(max: number) {
  return z
    .number({ error: (issue) => (isEmpty(issue.input) ? m.positiveIntegerRequired : m.digits) })
    .int({ error: m.digits })
    .min(1, { error: m.nonNegative })
    .max(max, { error: m.atMost(max) });
}

const productVersionField = z
  .number({ error: (issue) => (isEmpty(issue.input) ? m.productVersionRequired : m.productVersionInvalid) })
  .int({ error: m.productVersionInvalid })
  .min(1, { error: m.productVersionInvalid })
  .max(1_000_000, { error: m.productVersionInvalid });

const gameTypeField = z.enum(gameTypes, { error: m.gameType });

/** Free text of a game's settings: absent or null (a C# client's null string) reads as empty. */
const settingText = (max: number) =>
  z.preprocess(
    (value) => value ?? '',
    z
      .string()
      .max(max, { error: messages.tooLong(max) })
      .check(noControlChars({ multiline: true })),
  );

/** A value the server defaults when it is absent or null. */
const orDefault = <T extends z.ZodType>(schema: T, value: unknown) => z.preprocess((input) => input ?? value, schema);

/**
 * Renames an object's keys to `names` regardless of case and drops the others, as the game server's JSON reader
 * (ASP.NET Core SignalR: case-insensitive, unknown properties ignored) does: a C# client sends `totalTime` where the
 * console sends `TotalTime`. Where both spellings come, the exact one wins.
 */
function canonicalKeys(names: readonly string[]) {
  const byLowerCase = new Map(names.map((name) => [name.toLowerCase(), name]));
  return (value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const result: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      const name = byLowerCase.get(key.toLowerCase());
      if (name !== undefined && (key === name || !(name in result))) result[name] = field;
    }
    return result;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Game settings (SPEC §3, "game base info")

/** `RoundInfo`: the round range and the number of rounds. */
export const roundInfoSchema = z.preprocess(
  canonicalKeys(['Min', 'Max', 'TotalRounds']),
  z
    .object(
      {
        Min: orDefault(positiveInteger(MAX_ROUND_VALUE), GAME_DEFAULTS.roundInfoMin),
        Max: orDefault(positiveInteger(MAX_ROUND_VALUE), GAME_DEFAULTS.roundInfoMax),
        TotalRounds: orDefault(positiveInteger(MAX_ROUND_VALUE), GAME_DEFAULTS.totalRounds),
      },
      { error: 'RoundInfo must be an object with Min, Max and TotalRounds' },
    )
    .superRefine((round, ctx) => {
      if (!isRoundRangeValid(round.Min, round.Max)) {
        ctx.addIssue({ code: 'custom', path: ['Max'], message: m.roundsMaxBelowMin });
      }
    }),
);

const baseInfoKeys = [
  'TotalTime',
  'RoundInfo',
  'ProductVersion',
  'ProductId',
  'GameType',
  'RoundUsersOrder',
  'CustomContent',
  'BroadcastMessage',
] as const;

/**
 * `baseInfo` of CreateGame and RestartGame, field names verbatim (PascalCase). Keys match regardless of case and
 * unknown keys are ignored, like the game server's own reader; what is left out takes the SPEC §9 defaults.
 */
export const baseInfoSchema = z.preprocess(
  canonicalKeys(baseInfoKeys),
  z.object(
    {
      TotalTime: orDefault(positiveInteger(MAX_TOTAL_TIME_SECONDS), GAME_DEFAULTS.totalTime),
      RoundInfo: orDefault(roundInfoSchema, {}),
      ProductVersion: productVersionField,
      ProductId: requiredText(m.productIdRequired, MAX_PRODUCT_ID_LENGTH),
      GameType: orDefault(gameTypeField, GAME_DEFAULTS.gameType),
      RoundUsersOrder: settingText(MAX_SETTING_TEXT_LENGTH),
      CustomContent: settingText(MAX_CUSTOM_CONTENT_LENGTH),
      BroadcastMessage: settingText(MAX_SETTING_TEXT_LENGTH),
    },
    { error: m.baseInfo },
  ),
);
export type BaseInfo = z.output<typeof baseInfoSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Arguments of each action

const gameIdField = requiredText(m.gameIdRequired, MAX_GAME_ID_LENGTH);
/** SPEC §5: the join and leave forms ask for the game id with "Please input Product ID". */
const joinLeaveGameIdField = requiredText(m.productIdRequired, MAX_GAME_ID_LENGTH);
const gameInfoText = { multiline: true };

export const createGameArgsSchema = z.strictObject({
  arId: requiredText(m.arIdRequired, MAX_AR_ID_LENGTH),
  baseInfo: baseInfoSchema,
});
export const restartGameArgsSchema = z.strictObject({ gameId: gameIdField, baseInfo: baseInfoSchema });
export const joinGameArgsSchema = z.strictObject({ gameId: joinLeaveGameIdField });
export const leaveGameArgsSchema = z.strictObject({ gameId: joinLeaveGameIdField });
/** Takes nothing; a game id, which SPEC §7 lets a client send to every remaining method, is accepted and ignored. */
export const leaveAllGameArgsSchema = z.strictObject({
  gameId: z.string().max(MAX_GAME_ID_LENGTH).nullish(),
});
export const gameIdArgsSchema = z.strictObject({ gameId: gameIdField });
/** StartGameV1: start with the host's game information, which may be left empty (SPEC §5). */
export const startGameV1ArgsSchema = z.strictObject({
  gameId: gameIdField,
  text: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
    z
      .string()
      .max(MAX_GAME_INFO_LENGTH, { error: messages.tooLong(MAX_GAME_INFO_LENGTH) })
      .check(noControlChars(gameInfoText))
      .nullable(),
  ),
});
export const setAchieveGoalInRoundArgsSchema = z.strictObject({
  gameId: gameIdField,
  key: requiredText(m.keyRequired, MAX_GOAL_KEY_LENGTH),
  value: requiredText(m.valueRequired, MAX_GOAL_VALUE_LENGTH, gameInfoText),
});
export const setMyGameInfoArgsSchema = z.strictObject({
  gameId: gameIdField,
  text: requiredText(m.gameInfoRequired, MAX_GAME_INFO_LENGTH, gameInfoText),
});

export const addSyntheticPlayersArgsSchema = z.strictObject({
  gameId: gameIdField,
  count: z
    .number({ error: (issue) => (isEmpty(issue.input) ? m.syntheticCountRequired : m.syntheticCount) })
    .int({ error: m.syntheticCount })
    .min(1, { error: m.syntheticCount })
    .max(MAX_SYNTHETIC_PLAYERS_PER_REQUEST, { error: m.syntheticCount }),
  behaviour: z.enum(syntheticBehaviours, { error: m.syntheticBehaviour }),
});
export const removeSyntheticPlayersArgsSchema = z.strictObject({ gameId: gameIdField });

/** Each action's arguments, by name. */
export const gameActionArgsSchemas = {
  CreateGame: createGameArgsSchema,
  RestartGame: restartGameArgsSchema,
  JoinGame: joinGameArgsSchema,
  LeaveGame: leaveGameArgsSchema,
  LeaveAllGame: leaveAllGameArgsSchema,
  GetGameInformation: gameIdArgsSchema,
  StartGame: gameIdArgsSchema,
  StartGameV1: startGameV1ArgsSchema,
  EndGame: gameIdArgsSchema,
  CloseGame: gameIdArgsSchema,
  ViewGame: gameIdArgsSchema,
  Win: gameIdArgsSchema,
  Lose: gameIdArgsSchema,
  SetAchieveGoalInRound: setAchieveGoalInRoundArgsSchema,
  SetMyGameInfo: setMyGameInfoArgsSchema,
  AddSyntheticPlayers: addSyntheticPlayersArgsSchema,
  RemoveSyntheticPlayers: removeSyntheticPlayersArgsSchema,
} as const satisfies Record<ConsoleAction, z.ZodType>;
export type GameActionArgs = { [A in ConsoleAction]: z.output<(typeof gameActionArgsSchemas)[A]> };

/** SPEC §7: each method's arguments in the order a hub invocation carries them. */
export const gameActionParameters = {
  CreateGame: ['arId', 'baseInfo'],
  RestartGame: ['gameId', 'baseInfo'],
  JoinGame: ['gameId'],
  LeaveGame: ['gameId'],
  LeaveAllGame: ['gameId'],
  GetGameInformation: ['gameId'],
  StartGame: ['gameId'],
  StartGameV1: ['gameId', 'text'],
  EndGame: ['gameId'],
  CloseGame: ['gameId'],
  ViewGame: ['gameId'],
  Win: ['gameId'],
  Lose: ['gameId'],
  SetAchieveGoalInRound: ['gameId', 'key', 'value'],
  SetMyGameInfo: ['gameId', 'text'],
  AddSyntheticPlayers: ['gameId', 'count', 'behaviour'],
  RemoveSyntheticPlayers: ['gameId'],
} as const satisfies { [A in ConsoleAction]: ReadonlyArray<keyof GameActionArgs[A]> };

const MAX_REPORTED_ISSUES = 5;

/** The fields at fault, one message each: `baseInfo.RoundInfo.Max: Must be greater than minimum number of rounds`. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, MAX_REPORTED_ISSUES)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

export type ParsedArgs<A extends ConsoleAction> =
  | { success: true; data: GameActionArgs[A] }
  | { success: false; message: string };

/**
 * An action's arguments, checked: positionally, as a hub invocation carries them (`["<gameId>", "key", "value"]`),
 * or by name (`{ gameId, key, value }`). No arguments at all reads as an empty list.
 */
export function parseGameActionArgs<A extends ConsoleAction>(action: A, args: unknown): ParsedArgs<A> {
  const names: readonly string[] = gameActionParameters[action];
  let named: unknown = args;
  if (args === undefined || args === null || Array.isArray(args)) {
    const list: readonly unknown[] = args ?? [];
    if (list.length > names.length) {
      const takes = names.length === 1 ? '1 argument' : `${names.length} arguments`;
      return { success: false, message: `${action} takes ${takes}: ${names.join(', ')}` };
    }
    named = Object.fromEntries(names.map((name, index) => [name, list[index]]));
  } else if (typeof args !== 'object') {
    return { success: false, message: `${action} takes a list of arguments: ${names.join(', ')}` };
  }
  const schema: z.ZodType<GameActionArgs[A]> = gameActionArgsSchemas[action] as never;
  const parsed = schema.safeParse(named);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, message: describeIssues(parsed.error.issues) };
}

// ---------------------------------------------------------------------------------------------------------------
// The create and restart forms (SPEC §5): their own field names, turned into `baseInfo` by `baseInfoFromForm`

const formShape = {
  productId: requiredText(m.productIdRequired, MAX_PRODUCT_ID_LENGTH),
  arId: requiredText(m.arIdRequired, MAX_AR_ID_LENGTH),
  productVersion: productVersionField,
  totalTime: positiveInteger(MAX_TOTAL_TIME_SECONDS),
  totalRounds: positiveInteger(MAX_ROUND_VALUE),
  roundInfoMin: positiveInteger(MAX_ROUND_VALUE),
  roundInfoMax: positiveInteger(MAX_ROUND_VALUE),
  gameType: gameTypeField.optional(),
};

/** Both round fields carry the range's message: changing one re-validates the other (SPEC §5). */
function checkRoundFields(form: { roundInfoMin: number; roundInfoMax: number }, ctx: z.RefinementCtx) {
  if (isRoundRangeValid(form.roundInfoMin, form.roundInfoMax)) return;
  ctx.addIssue({ code: 'custom', path: ['roundInfoMin'], message: m.roundsMinAboveMax });
  ctx.addIssue({ code: 'custom', path: ['roundInfoMax'], message: m.roundsMaxBelowMin });
}

export const createGameFormSchema = z.object(formShape).superRefine(checkRoundFields);
export type CreateGameForm = z.output<typeof createGameFormSchema>;
export const restartGameFormSchema = z.object({ gameId: gameIdField, ...formShape }).superRefine(checkRoundFields);
export type RestartGameForm = z.output<typeof restartGameFormSchema>;

/** The console's form values as the hub's `baseInfo`. */
export function baseInfoFromForm(form: CreateGameForm): BaseInfo {
  return {
    TotalTime: form.totalTime,
    RoundInfo: { Min: form.roundInfoMin, Max: form.roundInfoMax, TotalRounds: form.totalRounds },
    ProductVersion: form.productVersion,
    ProductId: form.productId,
    GameType: form.gameType ?? GAME_DEFAULTS.gameType,
    RoundUsersOrder: '',
    CustomContent: '',
    BroadcastMessage: '',
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Results (`ReceiveMessage`) and events (`EventMessage`)

export const gameStateSchema = z.enum(gameStates);
export const gameTypeSchema = z.enum(gameTypes);
export const gameResultSchema = z.enum(gameResults);

export const gameGoalSchema = z.object({ round: z.number().int(), key: z.string(), value: z.string(), at: z.string() });
export type GameGoal = z.infer<typeof gameGoalSchema>;

/** A player: present, or absent (left while the game was playing, may come back until it ends). */
export const gamePlayerSchema = z.object({
  userId: z.string(),
  isHost: z.boolean(),
  isPresent: z.boolean(),
  joinedAt: z.string(),
  info: z.string().nullable(),
  result: gameResultSchema.nullable(),
  goals: z.array(gameGoalSchema),
});
export type GamePlayer = z.infer<typeof gamePlayerSchema>;

export const gameSpectatorSchema = z.object({ userId: z.string(), joinedAt: z.string() });

/**
 * A game as CreateGame, RestartGame, JoinGame, ViewGame, GetGameInformation, StartGame, StartGameV1 and EndGame
 * answer it. `id`, `productVersion` and `gameType` are what the console pre-fills its other forms with (SPEC §4).
 */
export const gameInfoSchema = z.object({
  id: z.string(),
  arId: z.string(),
  state: gameStateSchema,
  hostUserId: z.string(),
  productId: z.string(),
  productVersion: z.number().int(),
  gameType: gameTypeSchema,
  totalTime: z.number().int(),
  roundInfo: z.object({ min: z.number().int(), max: z.number().int(), totalRounds: z.number().int() }),
  roundUsersOrder: z.string(),
  customContent: z.string(),
  broadcastMessage: z.string(),
  /** The round a playing game is in now; null unless it is playing. */
  currentRound: z.number().int().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  players: z.array(gamePlayerSchema),
  spectators: z.array(gameSpectatorSchema),
});
export type GameInfo = z.infer<typeof gameInfoSchema>;

/** LeaveGame and LeaveAllGame: the games the caller left. */
export const leftGamesSchema = z.object({ gameIds: z.array(z.string()) });
export const closedGameSchema = z.object({ gameId: z.string() });
export const reportedResultSchema = z.object({ gameId: z.string(), userId: z.string(), result: gameResultSchema });
export const goalSetSchema = z.object({
  gameId: z.string(),
  userId: z.string(),
  round: z.number().int(),
  key: z.string(),
  value: z.string(),
});
export const gameInfoSetSchema = z.object({ gameId: z.string(), userId: z.string(), text: z.string() });

/** A synthetic player: its user id in the game, the name the console shows, and how it plays. */
export const syntheticPlayerSchema = z.object({
  userId: z.string(),
  name: z.string(),
  behaviour: z.enum(syntheticBehaviours),
});
export type SyntheticPlayer = z.infer<typeof syntheticPlayerSchema>;
/** AddSyntheticPlayers: the players added; RemoveSyntheticPlayers: those who left. */
export const syntheticPlayersSchema = z.object({ gameId: z.string(), players: z.array(syntheticPlayerSchema) });

/** What each action's `jsonData` decodes to when it succeeds. */
export const gameActionResultSchemas = {
  CreateGame: gameInfoSchema,
  RestartGame: gameInfoSchema,
  JoinGame: gameInfoSchema,
  LeaveGame: leftGamesSchema,
  LeaveAllGame: leftGamesSchema,
  GetGameInformation: gameInfoSchema,
  StartGame: gameInfoSchema,
  StartGameV1: gameInfoSchema,
  EndGame: gameInfoSchema,
  CloseGame: closedGameSchema,
  ViewGame: gameInfoSchema,
  Win: reportedResultSchema,
  Lose: reportedResultSchema,
  SetAchieveGoalInRound: goalSetSchema,
  SetMyGameInfo: gameInfoSetSchema,
  AddSyntheticPlayers: syntheticPlayersSchema,
  RemoveSyntheticPlayers: syntheticPlayersSchema,
} as const satisfies Record<ConsoleAction, z.ZodType>;
export type GameActionResults = { [A in ConsoleAction]: z.infer<(typeof gameActionResultSchemas)[A]> };

export const gameErrorSchema = z.object({ errorCode: z.string(), message: z.string() });
export type GameError = z.infer<typeof gameErrorSchema>;

/**
 * SPEC §3 "console result message", the body of both `ReceiveMessage` and `EventMessage`: `jsonData` is a
 * JSON-encoded string (null on failure), `error.message` says why an action failed (null on success).
 */
export const consoleMessageSchema = z.object({
  succeeded: z.boolean(),
  jsonData: z.string().nullable(),
  error: gameErrorSchema.nullable(),
});
export type ConsoleMessage = z.infer<typeof consoleMessageSchema>;

/** Event names, as `jsonData.event` carries them. */
export const gameEventNames = [
  'joined',
  'left',
  'started',
  'restarted',
  'ended',
  'closed',
  'goalSet',
  'infoSet',
  'win',
  'lose',
] as const;
export type GameEventName = (typeof gameEventNames)[number];

const participantRoleSchema = z.enum(['player', 'spectator']);
/** Every event names the game, the user concerned (who joined, left, started, scored…) and when. */
const eventBase = { gameId: z.string(), userId: z.string(), at: z.string() };

/** The `jsonData` of an `EventMessage`, decoded. */
export const gameEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('joined'), ...eventBase, role: participantRoleSchema }),
  /** `hostUserId`: the host after the departure, another player when the host left. */
  z.object({
    event: z.literal('left'),
    ...eventBase,
    role: participantRoleSchema,
    reason: z.enum(['left', 'disconnected']),
    hostUserId: z.string(),
  }),
  z.object({ event: z.literal('started'), ...eventBase, game: gameInfoSchema }),
  z.object({ event: z.literal('restarted'), ...eventBase, game: gameInfoSchema }),
  z.object({
    event: z.literal('ended'),
    ...eventBase,
    results: z.array(z.object({ userId: z.string(), result: gameResultSchema.nullable() })),
  }),
  /** `host`: the host closed it; `empty`: its last player left. */
  z.object({ event: z.literal('closed'), ...eventBase, reason: z.enum(['host', 'empty']) }),
  z.object({ event: z.literal('goalSet'), ...eventBase, round: z.number().int(), key: z.string(), value: z.string() }),
  z.object({ event: z.literal('infoSet'), ...eventBase, text: z.string() }),
  z.object({ event: z.literal('win'), ...eventBase }),
  z.object({ event: z.literal('lose'), ...eventBase }),
]);
export type GameEvent = z.infer<typeof gameEventSchema>;

/** The `EventMessage` carrying `event`. */
export const toEventMessage = (event: GameEvent): ConsoleMessage => ({
  succeeded: true,
  jsonData: JSON.stringify(event),
  error: null,
});

/** The event an `EventMessage` carries, or undefined when it carries none this API knows. */
export function parseGameEvent(message: ConsoleMessage): GameEvent | undefined {
  if (!message.succeeded || message.jsonData === null) return undefined;
  try {
    const parsed = gameEventSchema.safeParse(JSON.parse(message.jsonData));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** `POST {game host}/api/Access/Login`: the game token, with the `Bearer ` prefix the console strips (SPEC §7). */
export const gameLoginResponseSchema = z.object({ accessToken: z.string() });
export type GameLoginResponse = z.infer<typeof gameLoginResponseSchema>;
