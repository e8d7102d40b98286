import {
  type BaseInfo,
  type ConsoleAction,
  type ConsoleMessage,
  checkGameAction,
  currentRound,
  type GameActionOnGame,
  type GameActionResults,
  type GameErrorCode,
  type GameEvent,
  type GameInfo,
  type GameResult,
  type GameRole,
  type GameState,
  gameErrorCatalog,
  keepsRecordOnLeave,
  nextHost,
  toEventMessage,
} from '@portal/contracts';

/** The games one process holds, and the outcomes the registry's actions answer with. */

/** Who invokes: the hub connection and the signed-in user behind it. */
export interface GameCaller {
  connectionId: string;
  userId: string;
  /** A synthetic player's: the user who added it, on whose right to the product version it plays. */
  playsFor?: string;
}

/** One event for the connections in `to`. */
export interface GameDelivery {
  to: string[];
  event: ConsoleMessage;
}

export interface GameActionOutcome {
  result: ConsoleMessage;
  events: GameDelivery[];
}

export type GameActionHandler = (caller: GameCaller, args: unknown) => Promise<GameActionOutcome>;

export interface Player {
  userId: string;
  /** A synthetic player of the staging console: never counted in play analytics. */
  synthetic: boolean;
  /** null: absent, left while the game was playing. */
  connectionId: string | null;
  joinedAt: number;
  info: string | null;
  result: GameResult | null;
  /** By round and key: setting a key again in the same round replaces its value. */
  goals: Map<string, { round: number; key: string; value: string; at: number }>;
}

export interface Spectator {
  userId: string;
  connectionId: string;
  joinedAt: number;
}

export interface Game {
  id: string;
  arId: string;
  state: GameState;
  hostUserId: string;
  settings: BaseInfo;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  /** In the order they joined: the first present one takes over from a host who leaves. */
  players: Map<string, Player>;
  spectators: Map<string, Spectator>;
  goalCount: number;
}

export const iso = (ms: number) => new Date(ms).toISOString();

/** An action's successful result. */
export const succeed = <A extends ConsoleAction>(_action: A, data: GameActionResults[A]): ConsoleMessage => ({
  succeeded: true,
  jsonData: JSON.stringify(data),
  error: null,
});

/** A refused action: a failed result with the code and its message, and no events. */
export const refuse = (code: GameErrorCode, message: string = gameErrorCatalog[code]): GameActionOutcome => ({
  result: { succeeded: false, jsonData: null, error: { errorCode: code, message } },
  events: [],
});

/** A version 4 UUID from 16 draws of `random`. */
export function uuidFrom(random: () => number): string {
  const bytes = Array.from({ length: 16 }, () => Math.floor(random() * 256) & 0xff);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The size of the arguments as they came over the wire, or undefined when they cannot be JSON at all. */
export function jsonBytes(value: unknown): number | undefined {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
  } catch {
    return undefined;
  }
}

/** A player who has just come in: present, with nothing reported yet. */
export const newPlayer = (caller: GameCaller, at: number): Player => ({
  userId: caller.userId,
  synthetic: caller.playsFor !== undefined,
  connectionId: caller.connectionId,
  joinedAt: at,
  info: null,
  result: null,
  goals: new Map(),
});

/**
 * The games in memory, who is in which, and the bookkeeping every action shares: entering and leaving, the role
 * of a user in a game, the events for everyone in it, and a game as its information shows it.
 */
/** A game changed in a way play analytics counts (the kinds of `GameObservation` in analytics). */
export interface GameChange {
  kind: 'game-created' | 'game-started' | 'game-ended' | 'player-joined' | 'player-left';
  at: number;
  game: Game;
  /** The player joining or leaving. */
  player?: Player;
}

export function createGameTable(observe: (change: GameChange) => void = () => undefined) {
  const games = new Map<string, Game>();
  /** The games each user is in now (a present player or a spectator). */
  const userGames = new Map<string, Set<string>>();
  /** The user behind each connection that is or was bound in a game, for `disconnect`. */
  const connectionUsers = new Map<string, string>();

  function enter(game: Game, caller: GameCaller) {
    let ids = userGames.get(caller.userId);
    if (!ids) {
      ids = new Set();
      userGames.set(caller.userId, ids);
    }
    ids.add(game.id);
    connectionUsers.set(caller.connectionId, caller.userId);
  }

  function exit(game: Game, userId: string) {
    const ids = userGames.get(userId);
    ids?.delete(game.id);
    if (ids?.size === 0) userGames.delete(userId);
  }

  const activeGameCount = (userId: string) => userGames.get(userId)?.size ?? 0;

  function roleOf(game: Game, userId: string): GameRole {
    const player = game.players.get(userId);
    if (player) {
      if (player.connectionId === null) return 'absent';
      return game.hostUserId === userId ? 'host' : 'player';
    }
    return game.spectators.has(userId) ? 'spectator' : 'outsider';
  }

  function connectionsOf(game: Game): string[] {
    const to = new Set<string>();
    for (const player of game.players.values()) if (player.connectionId !== null) to.add(player.connectionId);
    for (const spectator of game.spectators.values()) to.add(spectator.connectionId);
    return [...to];
  }

  /** The event for everyone in the game now; none when nobody is left to hear it. */
  function announce(game: Game, event: GameEvent): GameDelivery[] {
    const to = connectionsOf(game);
    return to.length > 0 ? [{ to, event: toEventMessage(event) }] : [];
  }

  function infoOf(game: Game, at: number): GameInfo {
    const { settings } = game;
    return {
      id: game.id,
      arId: game.arId,
      state: game.state,
      hostUserId: game.hostUserId,
      productId: settings.ProductId,
      productVersion: settings.ProductVersion,
      gameType: settings.GameType,
      totalTime: settings.TotalTime,
      roundInfo: {
        min: settings.RoundInfo.Min,
        max: settings.RoundInfo.Max,
        totalRounds: settings.RoundInfo.TotalRounds,
      },
      roundUsersOrder: settings.RoundUsersOrder,
      customContent: settings.CustomContent,
      broadcastMessage: settings.BroadcastMessage,
      currentRound: game.state === 'Playing' ? roundAt(game, at) : null,
      createdAt: iso(game.createdAt),
      startedAt: game.startedAt === null ? null : iso(game.startedAt),
      endedAt: game.endedAt === null ? null : iso(game.endedAt),
      players: [...game.players.values()].map((player) => ({
        userId: player.userId,
        isHost: player.userId === game.hostUserId,
        isPresent: player.connectionId !== null,
        joinedAt: iso(player.joinedAt),
        info: player.info,
        result: player.result,
        goals: [...player.goals.values()].map((goal) => ({ ...goal, at: iso(goal.at) })),
      })),
      spectators: [...game.spectators.values()].map((spectator) => ({
        userId: spectator.userId,
        joinedAt: iso(spectator.joinedAt),
      })),
    };
  }

  const roundAt = (game: Game, at: number) =>
    currentRound(
      { totalTime: game.settings.TotalTime, totalRounds: game.settings.RoundInfo.TotalRounds },
      game.startedAt ?? at,
      at,
    );

  /** The game closes: everyone still in it hears so, and it is forgotten. */
  function close(game: Game, reason: 'host' | 'empty', userId: string, at: number): GameDelivery[] {
    // a game closed while it plays ends there
    for (const player of game.players.values()) {
      if (player.connectionId !== null) observe({ kind: 'player-left', at, game, player });
    }
    if (game.state === 'Playing') observe({ kind: 'game-ended', at, game });
    const events = announce(game, { event: 'closed', gameId: game.id, userId, at: iso(at), reason });
    games.delete(game.id);
    for (const player of game.players.values()) if (player.connectionId !== null) exit(game, player.userId);
    for (const spectator of game.spectators.values()) exit(game, spectator.userId);
    return events;
  }

  /**
   * `userId` leaves `game`. A player's record stays while the game plays (their goals and result count, and they
   * may come back); a host hands the game to the player present longest; a game without players closes.
   */
  function depart(game: Game, userId: string, reason: 'left' | 'disconnected', at: number): GameDelivery[] {
    const spectator = game.spectators.get(userId);
    if (spectator) {
      game.spectators.delete(userId);
      exit(game, userId);
      return announce(game, {
        event: 'left',
        gameId: game.id,
        userId,
        at: iso(at),
        role: 'spectator',
        reason,
        hostUserId: game.hostUserId,
      });
    }
    const player = game.players.get(userId);
    if (!player || player.connectionId === null) return [];
    observe({ kind: 'player-left', at, game, player });
    if (keepsRecordOnLeave(game.state)) player.connectionId = null;
    else game.players.delete(userId);
    exit(game, userId);
    if (game.hostUserId === userId) {
      const successor = nextHost(
        [...game.players.values()].map((p) => ({ userId: p.userId, isPresent: p.connectionId !== null })),
      );
      if (successor === undefined) return close(game, 'empty', userId, at);
      game.hostUserId = successor;
    }
    return announce(game, {
      event: 'left',
      gameId: game.id,
      userId,
      at: iso(at),
      role: 'player',
      reason,
      hostUserId: game.hostUserId,
    });
  }

  /** The game `gameId` if `caller` may take `action` on it now, else why not. */
  function gameFor(action: GameActionOnGame, gameId: string, caller: GameCaller): Game | GameErrorCode {
    const game = games.get(gameId);
    if (!game) return 'GameNotFound';
    return checkGameAction(action, game.state, roleOf(game, caller.userId)) ?? game;
  }

  return {
    /** Tells the observer of a change the actions make (the table tells it of leaving and closing itself). */
    observe: (kind: GameChange['kind'], game: Game, at: number, player?: Player) => observe({ kind, at, game, player }),
    games,
    userGames,
    connectionUsers,
    enter,
    activeGameCount,
    roleOf,
    announce,
    infoOf,
    roundAt,
    close,
    depart,
    gameFor,
  };
}

export type GameTable = ReturnType<typeof createGameTable>;
