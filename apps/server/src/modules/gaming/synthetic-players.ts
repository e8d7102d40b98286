import { randomUUID } from 'node:crypto';
import {
  type ConsoleMessage,
  checkRemoveSyntheticPlayers,
  checkSyntheticPlayers,
  type GameAction,
  type GameInfo,
  parseGameActionArgs,
  parseGameEvent,
  type SyntheticBehaviour,
  type SyntheticPlayer,
  syntheticMoveDelay,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import {
  type GameActionOutcome,
  type GameCaller,
  type GameDelivery,
  type GameRegistry,
  refuse,
  succeed,
} from './registry.ts';

/** Where a connection's events go: a hub connection, or a synthetic player. */
export interface EventSink {
  send(target: string, ...args: unknown[]): void;
}

export interface SyntheticPlayersDeps {
  registry: GameRegistry;
  /** Pushes events to the connections they name, synthetic players' included. */
  deliver(deliveries: GameDelivery[]): void;
  /** Events for `connectionId` go to `sink` from now on, until `detach`. */
  attach(connectionId: string, sink: EventSink): void;
  detach(connectionId: string): void;
  /** Numbers in [0, 1) for the moves' timing, scores and the random behaviour; Math.random by default. */
  random?: () => number;
  log: FastifyBaseLogger;
}

export interface SyntheticPlayers {
  /** AddSyntheticPlayers(gameId, count, behaviour), invoked by `owner`. */
  add(owner: GameCaller, args: unknown): Promise<GameActionOutcome>;
  /** RemoveSyntheticPlayers(gameId): the caller's synthetic players in that game leave it. */
  remove(owner: GameCaller, args: unknown): Promise<GameActionOutcome>;
  /** The console that added them is gone: its synthetic players leave their games. Answers the events. */
  ownerGone(ownerConnectionId: string): GameDelivery[];
  /** How many synthetic players a partner runs now. */
  running(ownerUserId: string): number;
  /** Stops every synthetic player's moves (the process is stopping). */
  stopAll(): void;
}

interface Bot {
  readonly connectionId: string;
  readonly userId: string;
  readonly name: string;
  readonly number: number;
  readonly behaviour: SyntheticBehaviour;
  readonly gameId: string;
  readonly ownerConnectionId: string;
  readonly ownerUserId: string;
  timers: Set<NodeJS.Timeout>;
  /** Counts the runs of the game it has played: a move planned for an earlier run is dropped. */
  run: number;
}

const SCORE_KEY = 'score';
const MAX_SCORE = 100;

const describe = (bot: Bot): SyntheticPlayer => ({ userId: bot.userId, name: bot.name, behaviour: bot.behaviour });
const callerOf = (bot: Bot): GameCaller => ({
  connectionId: bot.connectionId,
  userId: bot.userId,
  playsFor: bot.ownerUserId,
});

/**
 * Synthetic players: players run by the server, each on a connection of its own that the registry treats as any
 * other, so that a partner can test a multiplayer game alone (the staging console's bots). They join a waiting game
 * of their owner's, follow its rounds once it starts (their moves land 20–60% into a round: their game information at
 * the start, a goal every round for `goals` and `random`, a result in the last round for `win`, `lose` and `random`),
 * play again when it restarts, and leave when their owner's console disconnects or their owner leaves the game; a
 * closed game takes them with it. The rules they obey live in `game-rules.ts`.
 */
export function createSyntheticPlayers(deps: SyntheticPlayersDeps): SyntheticPlayers {
  const { registry, deliver, log } = deps;
  const random = deps.random ?? Math.random;
  const bots = new Map<string, Bot>();

  const running = (ownerUserId: string) => {
    let count = 0;
    for (const bot of bots.values()) if (bot.ownerUserId === ownerUserId) count += 1;
    return count;
  };

  const botsOf = (ownerUserId: string, gameId: string) =>
    [...bots.values()].filter((bot) => bot.ownerUserId === ownerUserId && bot.gameId === gameId);

  function stop(bot: Bot) {
    for (const timer of bot.timers) clearTimeout(timer);
    bot.timers.clear();
  }

  /** The bot is no longer anywhere: its connection is gone from the registry too. */
  function forget(bot: Bot): GameDelivery[] {
    if (!bots.delete(bot.connectionId)) return [];
    stop(bot);
    deps.detach(bot.connectionId);
    return registry.disconnect(bot.connectionId);
  }

  function later(bot: Bot, delayMs: number, move: () => void | Promise<void>) {
    const run = bot.run;
    const timer = setTimeout(() => {
      bot.timers.delete(timer);
      if (bots.get(bot.connectionId) !== bot || bot.run !== run) return;
      void Promise.resolve(move()).catch((error: unknown) => log.error({ err: error }, 'synthetic player move failed'));
    }, delayMs);
    bot.timers.add(timer);
  }

  async function act(bot: Bot, action: GameAction, args: unknown[]) {
    const outcome = await registry.invoke(action, callerOf(bot), args);
    if (!outcome.result.succeeded) {
      log.debug({ action, errorCode: outcome.result.error?.errorCode }, 'synthetic player refused');
    }
    deliver(outcome.events);
  }

  function leave(bot: Bot) {
    if (!bots.has(bot.connectionId)) return;
    deliver(forget(bot));
  }

  /**
   * A new run of the game: its game information first, then a move in each round, timed from the game's start. Each
   * round plans the next when it comes, so a long game keeps few timers.
   */
  function play(bot: Bot, game: GameInfo) {
    stop(bot);
    bot.run += 1;
    const startedAt = game.startedAt === null ? Date.now() : Date.parse(game.startedAt);
    const rounds = game.roundInfo.totalRounds;
    const roundMs = (game.totalTime * 1000) / rounds;
    const at = (sinceStart: number, move: () => void | Promise<void>) =>
      later(bot, Math.max(0, sinceStart - (Date.now() - startedAt)), move);
    const moveIn = (round: number) => (round - 1) * roundMs + syntheticMoveDelay(roundMs, random());
    const setsGoals = bot.behaviour === 'goals' || bot.behaviour === 'random';
    at(moveIn(1), () =>
      act(bot, 'SetMyGameInfo', [game.id, JSON.stringify({ name: bot.name, behaviour: bot.behaviour })]),
    );
    const playRound = (round: number) => {
      if (setsGoals) {
        const score = String(Math.floor(random() * (MAX_SCORE + 1)));
        at(moveIn(round), () => act(bot, 'SetAchieveGoalInRound', [game.id, SCORE_KEY, score]));
      }
      if (round < rounds) {
        at(round * roundMs, () => playRound(round + 1));
      } else if (bot.behaviour !== 'goals') {
        const result = bot.behaviour === 'win' || (bot.behaviour === 'random' && random() < 0.5) ? 'Win' : 'Lose';
        at(moveIn(round), () => act(bot, result, [game.id]));
      }
    };
    playRound(1);
  }

  /** What a synthetic player does with an event of its game; after the delivery that carried it, never during. */
  function hear(bot: Bot, message: ConsoleMessage) {
    const event = parseGameEvent(message);
    if (!event || event.gameId !== bot.gameId) return;
    switch (event.event) {
      case 'started':
      case 'restarted':
        later(bot, 0, () => play(bot, event.game));
        return;
      case 'ended':
        stop(bot);
        bot.run += 1;
        return;
      case 'closed':
        forget(bot);
        return;
      case 'left':
        if (event.userId === bot.ownerUserId && event.role === 'player') later(bot, 0, () => leave(bot));
        return;
      default:
        return;
    }
  }

  return {
    running,

    async add(owner, args) {
      const admitted = registry.admit(owner, args);
      if (admitted) return admitted;
      const parsed = parseGameActionArgs('AddSyntheticPlayers', args);
      if (!parsed.success) return refuse('InvalidArguments', parsed.message);
      const { gameId, count, behaviour } = parsed.data;
      const found = registry.lookUp(gameId, owner.userId);
      if (!found) return refuse('GameNotFound');
      const refusal = checkSyntheticPlayers({
        state: found.game.state,
        role: found.role,
        players: found.game.players.length,
        count,
        running: running(owner.userId),
      });
      if (refusal) return refuse(refusal.code, refusal.message);
      const taken = new Set(botsOf(owner.userId, gameId).map((bot) => bot.number));
      // every bot is counted against the allowance before the first join, so that adds racing on other
      // connections of the same partner see them
      const reserved: Bot[] = [];
      let number = 0;
      for (let index = 0; index < count; index++) {
        do number += 1;
        while (taken.has(number));
        const connectionId = `synthetic-${randomUUID()}`;
        const bot: Bot = {
          connectionId,
          userId: `bot-${number}-${connectionId.slice(-8)}`,
          name: `Bot ${number}`,
          number,
          behaviour,
          gameId,
          ownerConnectionId: owner.connectionId,
          ownerUserId: owner.userId,
          timers: new Set(),
          run: 0,
        };
        bots.set(connectionId, bot);
        reserved.push(bot);
      }
      const added: SyntheticPlayer[] = [];
      const events: GameDelivery[] = [];
      for (const [index, bot] of reserved.entries()) {
        deps.attach(bot.connectionId, { send: (_target, message) => hear(bot, message as ConsoleMessage) });
        const joined = await registry.invoke('JoinGame', callerOf(bot), [gameId]);
        if (!joined.result.succeeded) {
          for (const unjoined of reserved.slice(index)) forget(unjoined);
          // a game that filled up or started meanwhile: those who joined stay, the first refusal is the answer
          if (added.length === 0) return { result: joined.result, events };
          break;
        }
        events.push(...joined.events);
        added.push(describe(bot));
      }
      return { result: succeed('AddSyntheticPlayers', { gameId, players: added }), events };
    },

    async remove(owner, args) {
      const admitted = registry.admit(owner, args);
      if (admitted) return admitted;
      const parsed = parseGameActionArgs('RemoveSyntheticPlayers', args);
      if (!parsed.success) return refuse('InvalidArguments', parsed.message);
      const { gameId } = parsed.data;
      const found = registry.lookUp(gameId, owner.userId);
      if (!found) return refuse('GameNotFound');
      const refusal = checkRemoveSyntheticPlayers({ state: found.game.state, role: found.role });
      if (refusal) return refuse(refusal.code);
      const leaving = botsOf(owner.userId, gameId);
      const events: GameDelivery[] = [];
      for (const bot of leaving) {
        const left = await registry.invoke('LeaveGame', callerOf(bot), [gameId]);
        events.push(...left.events, ...forget(bot));
      }
      return { result: succeed('RemoveSyntheticPlayers', { gameId, players: leaving.map(describe) }), events };
    },

    ownerGone(ownerConnectionId) {
      return [...bots.values()]
        .filter((bot) => bot.ownerConnectionId === ownerConnectionId)
        .flatMap((bot) => forget(bot));
    },

    stopAll() {
      for (const bot of bots.values()) stop(bot);
    },
  };
}
