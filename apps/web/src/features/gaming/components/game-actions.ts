import { type GameAction, gameActions } from '@portal/contracts';

/** What the action picker calls each hub method, and what it does. */
export const gameActionDescriptions: Record<GameAction, { label: string; description: string }> = {
  CreateGame: { label: 'Create game', description: 'Opens a new game of a playable version; you are its host.' },
  RestartGame: { label: 'Restart game', description: 'Plays an ended game again with new settings (host only).' },
  JoinGame: { label: 'Join game', description: 'Joins a waiting game as a player.' },
  LeaveGame: { label: 'Leave game', description: 'Leaves a game you play or watch.' },
  LeaveAllGame: { label: 'Leave all games', description: 'Leaves every game this account is in.' },
  GetGameInformation: { label: 'Get game information', description: 'Reads a game: its state, players and goals.' },
  StartGame: { label: 'Start game', description: 'Starts a waiting game (host only).' },
  StartGameV1: {
    label: 'Start game with information',
    description: 'Starts a waiting game with the host’s game information (host only).',
  },
  EndGame: { label: 'End game', description: 'Ends a game being played (host only).' },
  CloseGame: { label: 'Close game', description: 'Closes a game for everyone (host only).' },
  ViewGame: { label: 'View game', description: 'Watches a game as a spectator.' },
  Win: { label: 'Win', description: 'Reports that you won this run of the game.' },
  Lose: { label: 'Lose', description: 'Reports that you lost this run of the game.' },
  SetAchieveGoalInRound: {
    label: 'Set goal in round',
    description: 'Records a goal you reached in the current round.',
  },
  SetMyGameInfo: { label: 'Set my game information', description: 'Shares your game information (a score…).' },
};

export const pickableActions: readonly GameAction[] = gameActions;
