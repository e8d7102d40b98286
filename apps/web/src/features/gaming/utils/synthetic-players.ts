import {
  type ConsoleAction,
  closedGameSchema,
  type GameEvent,
  leftGamesSchema,
  type SyntheticPlayer,
  syntheticPlayersSchema,
} from '@portal/contracts';

/** A synthetic player the console added, in the game it plays, with what it did last. */
export interface ConsoleBot extends SyntheticPlayer {
  gameId: string;
  /** Its last move, as the console says it ("Reported a win"); null until it makes one. */
  activity: string | null;
}

/** The players an AddSyntheticPlayers answer added, after those already listed (a second answer replaces nothing). */
export function addBots(
  bots: readonly ConsoleBot[],
  gameId: string,
  players: readonly SyntheticPlayer[],
): ConsoleBot[] {
  const known = new Set(bots.map((bot) => bot.userId));
  return [
    ...bots,
    ...players.filter((player) => !known.has(player.userId)).map((player) => ({ ...player, gameId, activity: null })),
  ];
}

/** The list without the players a RemoveSyntheticPlayers answer took out of `gameId`. */
export function removeBots(
  bots: readonly ConsoleBot[],
  gameId: string,
  players: readonly Pick<SyntheticPlayer, 'userId'>[],
): ConsoleBot[] {
  const removed = new Set(players.map((player) => player.userId));
  return bots.filter((bot) => bot.gameId !== gameId || !removed.has(bot.userId));
}

/**
 * The list without the bots of games the console left or closed: their events no longer reach it, and the server
 * lets a host's bots go with the host.
 */
export function dropBotsOfGames(bots: readonly ConsoleBot[], gameIds: readonly string[]): readonly ConsoleBot[] {
  const gone = new Set(gameIds);
  return bots.some((bot) => gone.has(bot.gameId)) ? bots.filter((bot) => !gone.has(bot.gameId)) : bots;
}

function activityOf(event: GameEvent): string | null | undefined {
  switch (event.event) {
    case 'infoSet':
      return 'Set its game information';
    case 'goalSet':
      return `Set ${event.key} to ${event.value} in round ${event.round}`;
    case 'win':
      return 'Reported a win';
    case 'lose':
      return 'Reported a loss';
    default:
      return undefined;
  }
}

/**
 * The list after an event: a player who left, or every player of a closed game, is gone; a bot's own moves become
 * its activity. Events of other players and games change nothing.
 */
export function applyBotEvent(bots: readonly ConsoleBot[], event: GameEvent): readonly ConsoleBot[] {
  if (event.event === 'closed') return dropBotsOfGames(bots, [event.gameId]);
  const index = bots.findIndex((bot) => bot.gameId === event.gameId && bot.userId === event.userId);
  if (index < 0) return bots;
  if (event.event === 'left') return bots.filter((_, position) => position !== index);
  const activity = activityOf(event);
  if (activity === undefined) return bots;
  return bots.map((bot, position) => (position === index ? { ...bot, activity } : bot));
}

/**
 * The list after the console's own action succeeded with `data` (its decoded `jsonData`): the bots it added or
 * removed, and none left in the games it left or closed.
 */
export function applyBotResult(
  bots: readonly ConsoleBot[],
  action: ConsoleAction,
  data: unknown,
): readonly ConsoleBot[] {
  switch (action) {
    case 'AddSyntheticPlayers':
    case 'RemoveSyntheticPlayers': {
      const answer = syntheticPlayersSchema.safeParse(data);
      if (!answer.success) return bots;
      const { gameId, players } = answer.data;
      return action === 'AddSyntheticPlayers' ? addBots(bots, gameId, players) : removeBots(bots, gameId, players);
    }
    case 'LeaveGame':
    case 'LeaveAllGame': {
      const answer = leftGamesSchema.safeParse(data);
      return answer.success ? dropBotsOfGames(bots, answer.data.gameIds) : bots;
    }
    case 'CloseGame': {
      const answer = closedGameSchema.safeParse(data);
      return answer.success ? dropBotsOfGames(bots, [answer.data.gameId]) : bots;
    }
    default:
      return bots;
  }
}
