import type { GameLoginResponse, LoginBody } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Where the console keeps the game token: apart from the partner's session, for this tab only. */
const GAME_TOKEN_KEY = 'game_access_token';

/** The game token of the last console login in this tab, if any. */
export const gameToken = {
  get: (): string | null => sessionStorage.getItem(GAME_TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(GAME_TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(GAME_TOKEN_KEY),
};

/** `POST {game host}/api/Access/Login`: the game token, without the `Bearer ` prefix it comes with (SPEC §7). */
export async function loginToGame(body: LoginBody): Promise<string> {
  const { accessToken } = await apiRequest<GameLoginResponse>('/api/Access/Login', {
    method: 'POST',
    host: 'gameApi',
    body,
  });
  return accessToken.replace(/^Bearer\s+/i, '');
}

export function useGameLogin() {
  return useMutation({ mutationFn: loginToGame, onSuccess: gameToken.set });
}
