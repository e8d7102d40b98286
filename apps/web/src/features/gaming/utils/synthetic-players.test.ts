import type { GameEvent } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  addBots,
  applyBotEvent,
  applyBotResult,
  type ConsoleBot,
  dropBotsOfGames,
  removeBots,
} from './synthetic-players.ts';

const AT = '2025-01-01T10:00:00.000Z';
const bot = (userId: string, gameId = 'game-1', name = userId): ConsoleBot => ({
  userId,
  name,
  behaviour: 'win',
  gameId,
  activity: null,
});

describe('addBots and removeBots', () => {
  it('lists the players an answer added, once, and drops those another took out of their game', () => {
    const players = [
      { userId: 'b1', name: 'Bot 1', behaviour: 'win' as const },
      { userId: 'b2', name: 'Bot 2', behaviour: 'lose' as const },
    ];
    const added = addBots([bot('b0', 'game-0')], 'game-1', players);
    expect(addBots(added, 'game-1', players)).toEqual(added);
    expect(added.map((item) => [item.gameId, item.name])).toEqual([
      ['game-0', 'b0'],
      ['game-1', 'Bot 1'],
      ['game-1', 'Bot 2'],
    ]);
    expect(removeBots(added, 'game-1', players).map((item) => item.userId)).toEqual(['b0']);
  });
});

describe('dropBotsOfGames', () => {
  it('forgets the bots of the games the console left or closed', () => {
    const bots = [bot('b1'), bot('b2', 'game-2'), bot('b3', 'game-3')];
    expect(dropBotsOfGames(bots, ['game-1', 'game-3']).map((item) => item.userId)).toEqual(['b2']);
    expect(dropBotsOfGames(bots, ['game-9'])).toBe(bots);
  });
});

describe('applyBotEvent', () => {
  const bots = [bot('b1'), bot('b2'), bot('b3', 'game-2')];

  it('takes a bot that left out of the list, and every bot of a closed game', () => {
    const left: GameEvent = {
      event: 'left',
      gameId: 'game-1',
      userId: 'b1',
      at: AT,
      role: 'player',
      reason: 'left',
      hostUserId: 'me',
    };
    expect(applyBotEvent(bots, left).map((item) => item.userId)).toEqual(['b2', 'b3']);
    const closed: GameEvent = { event: 'closed', gameId: 'game-1', userId: 'me', at: AT, reason: 'host' };
    expect(applyBotEvent(bots, closed).map((item) => item.userId)).toEqual(['b3']);
  });

  it('shows a bot’s moves as its activity', () => {
    const goal: GameEvent = {
      event: 'goalSet',
      gameId: 'game-1',
      userId: 'b2',
      at: AT,
      round: 2,
      key: 'score',
      value: '40',
    };
    expect(applyBotEvent(bots, goal)[1]?.activity).toBe('Set score to 40 in round 2');
    const win: GameEvent = { event: 'win', gameId: 'game-1', userId: 'b1', at: AT };
    expect(applyBotEvent(bots, win)[0]?.activity).toBe('Reported a win');
  });

  it('changes nothing for other players and games', () => {
    const other: GameEvent = { event: 'lose', gameId: 'game-2', userId: 'b1', at: AT };
    expect(applyBotEvent(bots, other)).toBe(bots);
    const joined: GameEvent = { event: 'joined', gameId: 'game-1', userId: 'someone', at: AT, role: 'player' };
    expect(applyBotEvent(bots, joined)).toBe(bots);
  });
});

describe('applyBotResult', () => {
  const bots = [bot('b1'), bot('b2', 'game-2')];
  const names = (list: readonly ConsoleBot[]) => list.map((item) => item.userId);

  it('lists the bots AddSyntheticPlayers added and forgets those RemoveSyntheticPlayers took out', () => {
    const players = [{ userId: 'b3', name: 'Bot 1', behaviour: 'goals' }];
    const added = applyBotResult(bots, 'AddSyntheticPlayers', { gameId: 'game-1', players });
    expect(added.at(-1)).toEqual({ userId: 'b3', name: 'Bot 1', behaviour: 'goals', gameId: 'game-1', activity: null });
    expect(names(applyBotResult(added, 'RemoveSyntheticPlayers', { gameId: 'game-1', players }))).toEqual(['b1', 'b2']);
  });

  it('forgets the bots of the games the console left or closed', () => {
    expect(names(applyBotResult(bots, 'LeaveGame', { gameIds: ['game-1'] }))).toEqual(['b2']);
    expect(names(applyBotResult(bots, 'LeaveAllGame', { gameIds: ['game-1', 'game-2'] }))).toEqual([]);
    expect(names(applyBotResult(bots, 'CloseGame', { gameId: 'game-2' }))).toEqual(['b1']);
  });

  it('changes nothing for other actions or answers it does not know', () => {
    expect(applyBotResult(bots, 'StartGame', { id: 'game-1' })).toBe(bots);
    expect(applyBotResult(bots, 'AddSyntheticPlayers', 'not an answer')).toBe(bots);
  });
});
