import type { GameAction, GameErrorCode } from './gaming.ts';
import { isRefusal, type Refusal } from './refusal.ts';

/**
 * The rules of a realtime game (SPEC §4, staging console; DESIGN §5), as pure functions: the in-memory registry
 * enforces them, the staging console asks them which actions to offer.
 *
 * A game is created Waiting by its host, who is also its first player. Players join while it waits; anyone may
 * view it as a spectator. The host starts it (Playing), ends it (Ended), restarts an ended game with new settings
 * straight into Playing (the SDK document's "starts the game again with new settings": the same players play again
 * at once; a new lobby is a new game) and may close it at any time (Closed, final: a closed game is forgotten).
 * A host who leaves hands the game over to the player who joined earliest, in every state, so a lobby outlives its
 * creator; a game with no player left closes.
 */

export const gameStates = ['Waiting', 'Playing', 'Ended', 'Closed'] as const;
export type GameState = (typeof gameStates)[number];

/** SPEC §3 and §9: the two kinds of game. */
export const gameTypes = ['Default', 'Survival'] as const;
export type GameType = (typeof gameTypes)[number];

/** What a player reports with Win or Lose. */
export const gameResults = ['Win', 'Lose'] as const;
export type GameResult = (typeof gameResults)[number];

/** SPEC §9: the staging console's defaults, also what the server assumes when a game's settings leave them out. */
export const GAME_DEFAULTS = {
  totalTime: 60,
  roundInfoMin: 10,
  roundInfoMax: 15,
  totalRounds: 5,
  gameType: 'Default',
  /** The AR id the console offers: the SDK document's example anchor. */
  arId: 'lobby-anchor',
} as const satisfies {
  totalTime: number;
  roundInfoMin: number;
  roundInfoMax: number;
  totalRounds: number;
  gameType: GameType;
  arId: string;
};

/** Players of one game, the host included: a full AR session in one place. */
export const MAX_PLAYERS_PER_GAME = 16;
/** Spectators (ViewGame) of one game: twice the players, so each player can bring a viewer. */
export const MAX_SPECTATORS_PER_GAME = 32;
/** Games one user is in at once (as host, player or spectator): enough to test several builds side by side. */
export const MAX_ACTIVE_GAMES_PER_USER = 5;
/** Games one process holds: past it, creating a game is refused until others close. */
export const MAX_GAMES = 10_000;
/** The largest message a client may send (the transport's frame limit, and the registry's check of arguments). */
export const MAX_MESSAGE_BYTES = 32 * 1024;
/**
 * Actions one connection may invoke per second, sustained, and in a burst: the console throttles clicks at 800 ms,
 * a game reporting goals and info every frame of a round is what the limit stops.
 */
export const ACTIONS_PER_SECOND = 20;
export const ACTION_BURST = 20;
/** Synthetic players one console adds to a game at once (SPEC has none: the console's bots, DESIGN §5). */
export const MAX_SYNTHETIC_PLAYERS_PER_REQUEST = 16;
/** Synthetic players one partner runs at once, over all their games and consoles: two full games. */
export const MAX_SYNTHETIC_PLAYERS_PER_PARTNER = 32;
/** A game lasts at most a day. */
export const MAX_TOTAL_TIME_SECONDS = 86_400;
/** The largest round count and round bound (RoundInfo Min, Max and TotalRounds). */
export const MAX_ROUND_VALUE = 1000;
/** Goals one game keeps (each player's goal per round and key), so a game's memory stays bounded. */
export const MAX_GOALS_PER_GAME = 1000;
/** The longest game id, AR id and product id a client may send; ours are 36-character UUIDs. */
export const MAX_GAME_ID_LENGTH = 100;
export const MAX_AR_ID_LENGTH = 200;
export const MAX_PRODUCT_ID_LENGTH = 100;
export const MAX_GOAL_KEY_LENGTH = 64;
export const MAX_GOAL_VALUE_LENGTH = 256;
/** A player's game information (SetMyGameInfo, StartGameV1): a score or a small JSON document. */
export const MAX_GAME_INFO_LENGTH = 2000;
/** RoundUsersOrder and BroadcastMessage of a game's settings. */
export const MAX_SETTING_TEXT_LENGTH = 1000;
/** CustomContent of a game's settings: game-specific data shared with every player. */
export const MAX_CUSTOM_CONTENT_LENGTH = 8000;

/**
 * Who the caller is to a game. `absent`: a player who left (or lost the connection) while the game was playing;
 * their goals, information and result stay, and they may join again to come back until the game ends.
 */
export type GameRole = 'host' | 'player' | 'spectator' | 'absent' | 'outsider';

/** Who may take an action: anyone who knows the game's id, its host, a present player, or anyone in it. */
export type GameActionWho = 'anyone' | 'host' | 'player' | 'participant';

/** An action taken on one existing game (every action but CreateGame and LeaveAllGame). */
export type GameActionOnGame = Exclude<GameAction, 'CreateGame' | 'LeaveAllGame'>;

export interface GameActionRule {
  /** The states the action is allowed in. */
  from: readonly GameState[];
  /** The state it leads to; none when it leaves the state as it is. */
  to?: GameState;
  who: GameActionWho;
}

/** Which action is allowed in which state, for whom, and where it leads. */
export const gameActionRules: Record<GameActionOnGame, GameActionRule> = {
  RestartGame: { from: ['Ended'], to: 'Playing', who: 'host' },
  JoinGame: { from: ['Waiting', 'Playing', 'Ended'], who: 'anyone' },
  LeaveGame: { from: ['Waiting', 'Playing', 'Ended'], who: 'participant' },
  GetGameInformation: { from: ['Waiting', 'Playing', 'Ended'], who: 'anyone' },
  StartGame: { from: ['Waiting'], to: 'Playing', who: 'host' },
  StartGameV1: { from: ['Waiting'], to: 'Playing', who: 'host' },
  EndGame: { from: ['Playing'], to: 'Ended', who: 'host' },
  CloseGame: { from: ['Waiting', 'Playing', 'Ended'], to: 'Closed', who: 'host' },
  ViewGame: { from: ['Waiting', 'Playing', 'Ended'], who: 'anyone' },
  Win: { from: ['Playing'], who: 'player' },
  Lose: { from: ['Playing'], who: 'player' },
  SetAchieveGoalInRound: { from: ['Playing'], who: 'player' },
  SetMyGameInfo: { from: ['Waiting', 'Playing'], who: 'player' },
};

const isPresentPlayer = (role: GameRole) => role === 'host' || role === 'player';

function whoRefusal(who: GameActionWho, role: GameRole): GameErrorCode | undefined {
  switch (who) {
    case 'anyone':
      return undefined;
    case 'host':
      return role === 'host' ? undefined : 'NotHost';
    case 'player':
      if (isPresentPlayer(role)) return undefined;
      return role === 'spectator' ? 'NotPlayer' : 'NotInGame';
    case 'participant':
      return isPresentPlayer(role) || role === 'spectator' ? undefined : 'NotInGame';
  }
}

/** Why a game in `state` refuses an action allowed only `from` some states. */
function stateRefusal(state: GameState, from: readonly GameState[]): GameErrorCode {
  if (state === 'Closed') return 'GameNotFound';
  if (from.length === 1 && from[0] === 'Ended') return 'GameNotEnded';
  if (state === 'Ended') return 'GameEnded';
  return state === 'Playing' ? 'GameAlreadyStarted' : 'GameNotStarted';
}

/**
 * Whether `role` may take `action` on a game in `state`: who is asked first (a spectator pressing Start hears that
 * only the host starts a game, whatever its state), then the state.
 */
export function checkGameAction(action: GameActionOnGame, state: GameState, role: GameRole): GameErrorCode | undefined {
  if (action === 'JoinGame' || action === 'ViewGame') {
    const kind = action === 'JoinGame' ? checkJoin(state, role) : checkView(state, role);
    return isRefusal<GameErrorCode>(kind) ? kind.refused : undefined;
  }
  const rule = gameActionRules[action];
  const refusal = whoRefusal(rule.who, role);
  if (refusal) return refusal;
  return rule.from.includes(state) ? undefined : stateRefusal(state, rule.from);
}

/** The state an allowed action leads to. */
export function nextGameState(action: GameActionOnGame, state: GameState): GameState {
  return gameActionRules[action].to ?? state;
}

/** The actions `role` may take on a game in `state` now, for the console to offer. */
export function gameActionsFor(state: GameState, role: GameRole): GameActionOnGame[] {
  return (Object.keys(gameActionRules) as GameActionOnGame[]).filter((action) => {
    // Joining or viewing again only moves the caller to another connection: nothing to offer.
    if (action === 'JoinGame') {
      const kind = checkJoin(state, role);
      return kind === 'join' || kind === 'return';
    }
    if (action === 'ViewGame') return checkView(state, role) === 'view';
    return checkGameAction(action, state, role) === undefined;
  });
}

/**
 * What JoinGame does: `join` a waiting game as a new player (a spectator becomes one); `return` to a game still
 * playing that the caller left; `rebind` a player already in the game to the calling connection (a reconnect,
 * which the old connection's late disconnect then leaves alone).
 */
export type JoinKind = 'join' | 'return' | 'rebind';

export function checkJoin(state: GameState, role: GameRole): JoinKind | Refusal<GameErrorCode> {
  if (state === 'Closed') return { refused: 'GameNotFound' };
  if (isPresentPlayer(role)) return 'rebind';
  if (role === 'absent') return state === 'Playing' ? 'return' : { refused: 'GameEnded' };
  if (state === 'Waiting') return 'join';
  return { refused: state === 'Playing' ? 'GameAlreadyStarted' : 'GameEnded' };
}

/**
 * What ViewGame does: `view` as a new spectator, or `rebind` a spectator to the calling connection. A player plays
 * rather than watches; a player who left a game still playing joins again rather than watching.
 */
export function checkView(state: GameState, role: GameRole): 'view' | 'rebind' | Refusal<GameErrorCode> {
  if (state === 'Closed') return { refused: 'GameNotFound' };
  if (isPresentPlayer(role)) return { refused: 'AlreadyPlayer' };
  if (role === 'absent') return { refused: 'RejoinInstead' };
  return role === 'spectator' ? 'rebind' : 'view';
}

/** What happens to a player's record when they leave: kept while the game plays (results survive), else dropped. */
export const keepsRecordOnLeave = (state: GameState) => state === 'Playing';

/** The next host when the host leaves: the player present longest, or none (the game closes). */
export function nextHost(players: ReadonlyArray<{ userId: string; isPresent: boolean }>): string | undefined {
  return players.find((player) => player.isPresent)?.userId;
}

/** Whether one more player fits a game holding `playerCount` (present or absent) players. */
export const checkPlayerSlot = (playerCount: number): GameErrorCode | undefined =>
  playerCount >= MAX_PLAYERS_PER_GAME ? 'GameFull' : undefined;

export const checkSpectatorSlot = (spectatorCount: number): GameErrorCode | undefined =>
  spectatorCount >= MAX_SPECTATORS_PER_GAME ? 'TooManySpectators' : undefined;

/** Whether a user in `activeGames` games may enter one more. */
export const checkUserGames = (activeGames: number): GameErrorCode | undefined =>
  activeGames >= MAX_ACTIVE_GAMES_PER_USER ? 'TooManyGames' : undefined;

export const checkServerCapacity = (games: number): GameErrorCode | undefined =>
  games >= MAX_GAMES ? 'ServerFull' : undefined;

/** A result is reported once per run: a second Win or Lose is refused rather than silently changing it. */
export const checkResult = (current: GameResult | null): GameErrorCode | undefined =>
  current === null ? undefined : 'ResultAlreadyReported';

/** Whether a goal fits: setting a key again in the same round replaces it; a new one counts against the limit. */
export const checkGoal = (goalCount: number, replacesGoal: boolean): GameErrorCode | undefined =>
  replacesGoal || goalCount < MAX_GOALS_PER_GAME ? undefined : 'TooManyGoals';

/** SPEC §5: the round range's maximum may equal its minimum but not be below it. */
export const isRoundRangeValid = (min: number, max: number) => max >= min;

/**
 * The round a playing game is in at `now`: its total time split evenly over its rounds, counted from the start.
 * Once the time is up the last round lasts until the host ends the game (the registry keeps no timers).
 */
export function currentRound(
  settings: { totalTime: number; totalRounds: number },
  startedAt: number,
  now: number,
): number {
  const roundMs = (settings.totalTime * 1000) / settings.totalRounds;
  const elapsed = Math.max(0, now - startedAt);
  return Math.min(settings.totalRounds, Math.floor(elapsed / roundMs) + 1);
}

/** A connection's action allowance: a token bucket holding up to ACTION_BURST, refilled ACTIONS_PER_SECOND. */
export interface TokenBucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Takes one token at `now` (ms) from `bucket` (a fresh bucket when undefined): answers whether the action may go
 * ahead and the bucket after it. A clock that steps back refills nothing.
 */
export function takeActionToken(
  bucket: TokenBucket | undefined,
  now: number,
): { allowed: boolean; bucket: TokenBucket } {
  const elapsed = bucket ? Math.max(0, now - bucket.updatedAt) : 0;
  const available = bucket
    ? Math.min(ACTION_BURST, bucket.tokens + (elapsed * ACTIONS_PER_SECOND) / 1000)
    : ACTION_BURST;
  const updatedAt = bucket ? Math.max(bucket.updatedAt, now) : now;
  if (available < 1) return { allowed: false, bucket: { tokens: available, updatedAt } };
  return { allowed: true, bucket: { tokens: available - 1, updatedAt } };
}

/** Whether a bucket last touched at `updatedAt` is full again at `now`, so forgetting it changes nothing. */
export const isBucketRefilled = (bucket: TokenBucket, now: number) =>
  bucket.tokens + ((now - bucket.updatedAt) * ACTIONS_PER_SECOND) / 1000 >= ACTION_BURST;

/** How a synthetic player plays: it reports a win or a loss in the last round, or sets a goal every round. */
export const syntheticBehaviours = ['win', 'lose', 'random', 'goals'] as const;
export type SyntheticBehaviour = (typeof syntheticBehaviours)[number];

/**
 * Whether `count` more synthetic players may join a game: only its host adds them, while it waits (they join as
 * players do), as many as it has room for, within the partner's allowance (`running`: theirs playing now).
 */
export function checkSyntheticPlayers(request: {
  state: GameState;
  role: GameRole;
  players: number;
  count: number;
  running: number;
}): { code: GameErrorCode; message?: string } | undefined {
  if (request.state === 'Closed') return { code: 'GameNotFound' };
  if (request.role !== 'host') return { code: 'NotHost' };
  if (request.state !== 'Waiting') return { code: 'SyntheticPlayersJoinWaitingGames' };
  const room = MAX_PLAYERS_PER_GAME - request.players;
  if (request.count > room) {
    return {
      code: 'GameFull',
      message: `This game has room for ${room} more ${room === 1 ? 'player' : 'players'}, at most ${MAX_PLAYERS_PER_GAME} in all.`,
    };
  }
  if (request.running + request.count > MAX_SYNTHETIC_PLAYERS_PER_PARTNER) {
    const left = Math.max(0, MAX_SYNTHETIC_PLAYERS_PER_PARTNER - request.running);
    return {
      code: 'TooManySyntheticPlayers',
      message: `You can run ${MAX_SYNTHETIC_PLAYERS_PER_PARTNER} synthetic players at once and have ${left} left: remove some from your other games first.`,
    };
  }
  return undefined;
}

/** Removing the synthetic players of a game: the host's, like adding them; in a game that is not closed. */
export function checkRemoveSyntheticPlayers(request: {
  state: GameState;
  role: GameRole;
}): { code: GameErrorCode } | undefined {
  if (request.state === 'Closed') return { code: 'GameNotFound' };
  if (request.role !== 'host') return { code: 'NotHost' };
  return undefined;
}

/**
 * When a synthetic player acts in a round of `roundMs`: between a fifth and three fifths into it, so its moves are
 * spread as people's are and land well inside the round.
 */
export const syntheticMoveDelay = (roundMs: number, draw: number) => Math.round(roundMs * (0.2 + 0.4 * draw));
