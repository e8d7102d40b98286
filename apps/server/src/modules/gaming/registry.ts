import { randomUUID } from 'node:crypto';
import {
  type BaseInfo,
  checkGoal,
  checkJoin,
  checkPlayerSlot,
  checkResult,
  checkServerCapacity,
  checkSpectatorSlot,
  checkUserGames,
  checkView,
  type GameAction,
  type GameActionArgs,
  type GameErrorCode,
  type GameInfo,
  type GameResult,
  type GameRole,
  isBucketRefilled,
  isGameAction,
  isRefusal,
  MAX_MESSAGE_BYTES,
  parseGameActionArgs,
  type TokenBucket,
  takeActionToken,
} from '@portal/contracts';

/**
 * The realtime games of DESIGN §5, in memory and free of any transport: each action takes the caller and the
 * invocation's arguments and answers the caller's result (`ReceiveMessage`) with the events to push (`EventMessage`)
 * and the connections to push them to. The hub only delivers. The rules come from `game-rules.ts` in contracts.
 *
 * Every change happens synchronously after the one await (the version check of CreateGame, RestartGame, JoinGame and
 * ViewGame), and the rules are asked again after it, so interleaved invocations cannot slip past a limit or a state.
 */

import type { GameObservation } from '../analytics/service.ts';
import {
  createGameTable,
  type Game,
  type GameActionHandler,
  type GameActionOutcome,
  type GameCaller,
  type GameChange,
  type GameDelivery,
  iso,
  jsonBytes,
  newPlayer,
  refuse,
  succeed,
  uuidFrom,
} from './game-table.ts';

export type { GameActionHandler, GameActionOutcome, GameCaller, GameDelivery } from './game-table.ts';
export { refuse, succeed } from './game-table.ts';

/** The product version a game is created or restarted for, and who asks. */
export interface VersionToCheck {
  productId: string;
  productVersion: number;
  userId: string;
}

export interface GameRegistryDeps {
  /**
   * Whether `userId` may play this version: it exists and is the product's released or testing version (the
   * versions and testers services decide). A rejection counts as "could not check", never as a yes.
   */
  checkVersion: (version: VersionToCheck) => Promise<boolean>;
  now?: () => Date;
  /** Numbers in [0, 1) that game ids are drawn from; by default the system's cryptographic generator. */
  random?: () => number;
  /**
   * Told synchronously of each change play analytics counts, synthetic players left out: it must only queue (the
   * analytics service's `recordGame`).
   */
  observe?: (observation: GameObservation) => void;
}

/** A change of the game table as play analytics reads it; undefined for a synthetic player's. */
function observationOf({ kind, at, game, player }: GameChange): GameObservation | undefined {
  if (player?.synthetic) return undefined;
  const userIds = player
    ? [player.userId]
    : [...game.players.values()].filter((one) => !one.synthetic && one.connectionId !== null).map((one) => one.userId);
  const durationMs =
    kind === 'game-ended'
      ? at - (game.startedAt ?? at)
      : kind === 'player-left' && player
        ? at - player.joinedAt
        : null;
  return {
    kind,
    at,
    gameId: game.id,
    productId: game.settings.ProductId,
    productVersion: game.settings.ProductVersion,
    userIds,
    durationMs,
  };
}

export type GameRegistry = { [A in GameAction]: GameActionHandler } & {
  /** Runs the action named `action` (a hub method name); an unknown name gets a failed result. */
  invoke(action: string, caller: GameCaller, args: unknown): Promise<GameActionOutcome>;
  /** The connection is gone: it leaves every game it is in. Answers the events for those who stay. */
  disconnect(connectionId: string): GameDelivery[];
  /** The games the user is in now, as player or spectator. */
  gamesOf(userId: string): GameInfo[];
  /**
   * Takes a user out of a game they may no longer play (a tester taken off the whitelist), as if they had left: those
   * who stay hear it, and so does the connection they played on. Answers the events.
   */
  expel(gameId: string, userId: string): GameDelivery[];
  /** A game as it is now, and who `userId` is to it; undefined once it is closed or when it never was. */
  lookUp(gameId: string, userId: string): { game: GameInfo; role: GameRole } | undefined;
  /**
   * The checks every invocation passes before its action runs: the connection's rate limit, then the size of the
   * arguments. For hub methods outside the registry, so that they count against the same allowance.
   */
  admit(caller: GameCaller, args: unknown): GameActionOutcome | undefined;
  /**
   * Who plays now on this node: the people (synthetic players left out) in each game of a product, connected, by
   * product id (play analytics' live count).
   */
  playersNow(): Map<string, string[]>;
};

/** Buckets kept before the full ones (forgetting them changes nothing) are swept. */
const BUCKET_SWEEP_THRESHOLD = 10_000;
const ID_ATTEMPTS = 10;

export function createGameRegistry(deps: GameRegistryDeps): GameRegistry {
  const now = () => (deps.now ? deps.now() : new Date()).getTime();
  const random = deps.random;
  const newId = random ? () => uuidFrom(random) : () => randomUUID();

  const { observe } = deps;
  const table = createGameTable(
    observe
      ? (change) => {
          const observation = observationOf(change);
          if (observation) observe(observation);
        }
      : undefined,
  );
  const tell = (kind: GameChange['kind'], game: Game, at: number, player?: GameChange['player']) =>
    table.observe(kind, game, at, player);
  const { games, userGames, connectionUsers, enter, activeGameCount, roleOf, announce, infoOf } = table;
  const { roundAt, close, depart, gameFor } = table;
  const buckets = new Map<string, TokenBucket>();

  /** Whether the caller may play the game's version; a synthetic player plays on the right of who added it. */
  async function isVersionPlayable(settings: BaseInfo, caller: GameCaller): Promise<GameErrorCode | undefined> {
    try {
      const playable = await deps.checkVersion({
        productId: settings.ProductId,
        productVersion: settings.ProductVersion,
        userId: caller.playsFor ?? caller.userId,
      });
      return playable ? undefined : 'VersionNotPlayable';
    } catch {
      return 'VersionCheckFailed';
    }
  }

  function takeToken(connectionId: string, at: number): boolean {
    const current = buckets.get(connectionId);
    const { allowed, bucket } = takeActionToken(current, at);
    // updated in place: a connection's bucket lives as long as it does, a new one per action would not
    if (current) {
      current.tokens = bucket.tokens;
      current.updatedAt = bucket.updatedAt;
    } else buckets.set(connectionId, bucket);
    if (buckets.size > BUCKET_SWEEP_THRESHOLD) {
      for (const [id, kept] of buckets) if (isBucketRefilled(kept, at)) buckets.delete(id);
    }
    return allowed;
  }

  function admit(caller: GameCaller, args: unknown, at: number): GameActionOutcome | undefined {
    if (!takeToken(caller.connectionId, at)) return refuse('RateLimited');
    const bytes = jsonBytes(args);
    if (bytes === undefined) return refuse('InvalidArguments');
    if (bytes > MAX_MESSAGE_BYTES) return refuse('MessageTooLarge');
    return undefined;
  }

  /** Rate limit, size and arguments, in that order, before the action sees anything. */
  function action<A extends GameAction>(
    name: A,
    run: (caller: GameCaller, args: GameActionArgs[A], at: number) => GameActionOutcome | Promise<GameActionOutcome>,
  ): GameActionHandler {
    return async (caller, args) => {
      const at = now();
      const refusal = admit(caller, args, at);
      if (refusal) return refusal;
      const parsed = parseGameActionArgs(name, args);
      if (!parsed.success) return refuse('InvalidArguments', parsed.message);
      return run(caller, parsed.data, at);
    };
  }

  /**
   * The host's moves: checked, moved, announced. StartGameV1's game information travels inside the `started`
   * event's game, so it sends no `infoSet` of its own.
   */
  function hostMove(name: 'StartGame' | 'StartGameV1' | 'EndGame', event: 'started' | 'ended') {
    return action(name, (caller, args, at) => {
      const game = gameFor(name, args.gameId, caller);
      if (typeof game === 'string') return refuse(game);
      if (event === 'started') {
        game.state = 'Playing';
        game.startedAt = at;
        const text = 'text' in args ? args.text : null;
        const host = game.players.get(caller.userId);
        if (host && text !== null) host.info = text;
      } else {
        game.state = 'Ended';
        game.endedAt = at;
      }
      tell(event === 'started' ? 'game-started' : 'game-ended', game, at);
      const info = infoOf(game, at);
      const common = { gameId: game.id, userId: caller.userId, at: iso(at) };
      const events = announce(
        game,
        event === 'started'
          ? { event: 'started', ...common, game: info }
          : {
              event: 'ended',
              ...common,
              results: [...game.players.values()].map((p) => ({ userId: p.userId, result: p.result })),
            },
      );
      return { result: succeed(name, info), events };
    });
  }

  function report(name: 'Win' | 'Lose', result: GameResult) {
    return action(name, (caller, { gameId }, at) => {
      const game = gameFor(name, gameId, caller);
      if (typeof game === 'string') return refuse(game);
      const player = game.players.get(caller.userId);
      if (!player) return refuse('NotInGame');
      const refusal = checkResult(player.result);
      if (refusal) return refuse(refusal);
      player.result = result;
      const event = result === 'Win' ? 'win' : 'lose';
      return {
        result: succeed(name, { gameId, userId: caller.userId, result }),
        events: announce(game, { event, gameId, userId: caller.userId, at: iso(at) }),
      };
    });
  }

  // --- the actions -----------------------------------------------------------------------------------------------

  const actions: { [A in GameAction]: GameActionHandler } = {
    CreateGame: action('CreateGame', async (caller, { arId, baseInfo }, at) => {
      const limits = () => checkServerCapacity(games.size) ?? checkUserGames(activeGameCount(caller.userId));
      const before = limits();
      if (before) return refuse(before);
      const version = await isVersionPlayable(baseInfo, caller);
      if (version) return refuse(version);
      const after = limits();
      if (after) return refuse(after);
      let id = newId();
      for (let attempt = 1; games.has(id); attempt++) {
        if (attempt >= ID_ATTEMPTS) return refuse('ServerFull');
        id = newId();
      }
      const game: Game = {
        id,
        arId,
        state: 'Waiting',
        hostUserId: caller.userId,
        settings: baseInfo,
        createdAt: at,
        startedAt: null,
        endedAt: null,
        players: new Map(),
        spectators: new Map(),
        goalCount: 0,
      };
      game.players.set(caller.userId, newPlayer(caller, at));
      games.set(id, game);
      enter(game, caller);
      tell('game-created', game, at);
      tell('player-joined', game, at, game.players.get(caller.userId));
      return { result: succeed('CreateGame', infoOf(game, at)), events: [] };
    }),

    RestartGame: action('RestartGame', async (caller, { gameId, baseInfo }, at) => {
      const before = gameFor('RestartGame', gameId, caller);
      if (typeof before === 'string') return refuse(before);
      const version = await isVersionPlayable(baseInfo, caller);
      if (version) return refuse(version);
      const game = gameFor('RestartGame', gameId, caller);
      if (typeof game === 'string') return refuse(game);
      // A new run with new settings: who left during the last one is gone, what the others reported is cleared.
      for (const [userId, player] of game.players) {
        if (player.connectionId === null) game.players.delete(userId);
        player.info = null;
        player.result = null;
        player.goals.clear();
      }
      game.goalCount = 0;
      game.settings = baseInfo;
      game.state = 'Playing';
      game.startedAt = at;
      game.endedAt = null;
      tell('game-started', game, at);
      const info = infoOf(game, at);
      return {
        result: succeed('RestartGame', info),
        events: announce(game, { event: 'restarted', gameId, userId: caller.userId, at: iso(at), game: info }),
      };
    }),

    JoinGame: action('JoinGame', async (caller, { gameId }, at) => {
      const before = games.get(gameId);
      if (!before) return refuse('GameNotFound');
      const allowed = checkJoin(before.state, roleOf(before, caller.userId));
      if (isRefusal<GameErrorCode>(allowed)) return refuse(allowed.refused);
      const version = await isVersionPlayable(before.settings, caller);
      if (version) return refuse(version);
      const game = games.get(gameId);
      if (!game) return refuse('GameNotFound');
      // restarted meanwhile for another version: the one checked is not the game's any more
      if (game.settings !== before.settings) return refuse('VersionCheckFailed');
      const role = roleOf(game, caller.userId);
      const kind = checkJoin(game.state, role);
      if (isRefusal<GameErrorCode>(kind)) return refuse(kind.refused);
      const player = game.players.get(caller.userId);
      if (kind === 'rebind' && player) {
        player.connectionId = caller.connectionId;
        connectionUsers.set(caller.connectionId, caller.userId);
        return { result: succeed('JoinGame', infoOf(game, at)), events: [] };
      }
      if (role !== 'spectator') {
        const refusal = checkUserGames(activeGameCount(caller.userId));
        if (refusal) return refuse(refusal);
      }
      if (kind === 'return' && player) {
        player.connectionId = caller.connectionId;
      } else {
        const refusal = checkPlayerSlot(game.players.size);
        if (refusal) return refuse(refusal);
        game.spectators.delete(caller.userId);
        game.players.set(caller.userId, newPlayer(caller, at));
      }
      enter(game, caller);
      tell('player-joined', game, at, game.players.get(caller.userId));
      return {
        result: succeed('JoinGame', infoOf(game, at)),
        events: announce(game, { event: 'joined', gameId, userId: caller.userId, at: iso(at), role: 'player' }),
      };
    }),

    LeaveGame: action('LeaveGame', (caller, { gameId }, at) => {
      const game = gameFor('LeaveGame', gameId, caller);
      if (typeof game === 'string') return refuse(game);
      const events = depart(game, caller.userId, 'left', at);
      return { result: succeed('LeaveGame', { gameIds: [gameId] }), events };
    }),

    LeaveAllGame: action('LeaveAllGame', (caller, _args, at) => {
      const gameIds = [...(userGames.get(caller.userId) ?? [])];
      const events = gameIds.flatMap((gameId) => {
        const game = games.get(gameId);
        return game ? depart(game, caller.userId, 'left', at) : [];
      });
      return { result: succeed('LeaveAllGame', { gameIds }), events };
    }),

    GetGameInformation: action('GetGameInformation', (caller, { gameId }, at) => {
      const game = gameFor('GetGameInformation', gameId, caller);
      if (typeof game === 'string') return refuse(game);
      return { result: succeed('GetGameInformation', infoOf(game, at)), events: [] };
    }),

    StartGame: hostMove('StartGame', 'started'),
    StartGameV1: hostMove('StartGameV1', 'started'),
    EndGame: hostMove('EndGame', 'ended'),

    CloseGame: action('CloseGame', (caller, { gameId }, at) => {
      const game = gameFor('CloseGame', gameId, caller);
      if (typeof game === 'string') return refuse(game);
      const events = close(game, 'host', caller.userId, at);
      return { result: succeed('CloseGame', { gameId }), events };
    }),

    ViewGame: action('ViewGame', async (caller, { gameId }, at) => {
      const before = games.get(gameId);
      if (!before) return refuse('GameNotFound');
      const allowed = checkView(before.state, roleOf(before, caller.userId));
      if (isRefusal<GameErrorCode>(allowed)) return refuse(allowed.refused);
      const version = await isVersionPlayable(before.settings, caller);
      if (version) return refuse(version);
      const game = games.get(gameId);
      if (!game) return refuse('GameNotFound');
      if (game.settings !== before.settings) return refuse('VersionCheckFailed');
      const kind = checkView(game.state, roleOf(game, caller.userId));
      if (isRefusal<GameErrorCode>(kind)) return refuse(kind.refused);
      const spectator = game.spectators.get(caller.userId);
      if (kind === 'rebind' && spectator) {
        spectator.connectionId = caller.connectionId;
        connectionUsers.set(caller.connectionId, caller.userId);
        return { result: succeed('ViewGame', infoOf(game, at)), events: [] };
      }
      const refusal = checkUserGames(activeGameCount(caller.userId)) ?? checkSpectatorSlot(game.spectators.size);
      if (refusal) return refuse(refusal);
      game.spectators.set(caller.userId, { userId: caller.userId, connectionId: caller.connectionId, joinedAt: at });
      enter(game, caller);
      return {
        result: succeed('ViewGame', infoOf(game, at)),
        events: announce(game, { event: 'joined', gameId, userId: caller.userId, at: iso(at), role: 'spectator' }),
      };
    }),

    Win: report('Win', 'Win'),
    Lose: report('Lose', 'Lose'),

    SetAchieveGoalInRound: action('SetAchieveGoalInRound', (caller, { gameId, key, value }, at) => {
      const game = gameFor('SetAchieveGoalInRound', gameId, caller);
      if (typeof game === 'string') return refuse(game);
      const player = game.players.get(caller.userId);
      if (!player) return refuse('NotInGame');
      const round = roundAt(game, at);
      const goalKey = `${round}\n${key}`;
      const replaces = player.goals.has(goalKey);
      const refusal = checkGoal(game.goalCount, replaces);
      if (refusal) return refuse(refusal);
      player.goals.set(goalKey, { round, key, value, at });
      if (!replaces) game.goalCount += 1;
      return {
        result: succeed('SetAchieveGoalInRound', { gameId, userId: caller.userId, round, key, value }),
        events: announce(game, { event: 'goalSet', gameId, userId: caller.userId, at: iso(at), round, key, value }),
      };
    }),

    SetMyGameInfo: action('SetMyGameInfo', (caller, { gameId, text }, at) => {
      const game = gameFor('SetMyGameInfo', gameId, caller);
      if (typeof game === 'string') return refuse(game);
      const player = game.players.get(caller.userId);
      if (!player) return refuse('NotInGame');
      player.info = text;
      return {
        result: succeed('SetMyGameInfo', { gameId, userId: caller.userId, text }),
        events: announce(game, { event: 'infoSet', gameId, userId: caller.userId, at: iso(at), text }),
      };
    }),
  };

  return {
    ...actions,

    invoke(name, caller, args) {
      if (!isGameAction(name)) return Promise.resolve(refuse('UnknownAction'));
      return actions[name](caller, args);
    },

    disconnect(connectionId) {
      buckets.delete(connectionId);
      const userId = connectionUsers.get(connectionId);
      connectionUsers.delete(connectionId);
      if (userId === undefined) return [];
      const at = now();
      return [...(userGames.get(userId) ?? [])].flatMap((gameId) => {
        const game = games.get(gameId);
        if (!game) return [];
        const bound =
          game.players.get(userId)?.connectionId === connectionId ||
          game.spectators.get(userId)?.connectionId === connectionId;
        return bound ? depart(game, userId, 'disconnected', at) : [];
      });
    },

    expel(gameId, userId) {
      const game = games.get(gameId);
      if (!game) return [];
      const connectionId = game.players.get(userId)?.connectionId ?? game.spectators.get(userId)?.connectionId;
      if (!connectionId) return [];
      return depart(game, userId, 'left', now()).map(({ to, event }) => ({ to: [...to, connectionId], event }));
    },

    lookUp(gameId, userId) {
      const game = games.get(gameId);
      return game ? { game: infoOf(game, now()), role: roleOf(game, userId) } : undefined;
    },

    admit: (caller, args) => admit(caller, args, now()),

    playersNow() {
      const byProduct = new Map<string, string[]>();
      for (const game of games.values()) {
        if (game.endedAt !== null) continue;
        const people = [...game.players.values()].filter((one) => !one.synthetic && one.connectionId !== null);
        if (people.length === 0) continue;
        const productId = game.settings.ProductId;
        const list = byProduct.get(productId) ?? [];
        for (const person of people) list.push(person.userId);
        byProduct.set(productId, list);
      }
      return byProduct;
    },

    gamesOf(userId) {
      const at = now();
      return [...(userGames.get(userId) ?? [])].flatMap((gameId) => {
        const game = games.get(gameId);
        return game ? [infoOf(game, at)] : [];
      });
    },
  };
}
