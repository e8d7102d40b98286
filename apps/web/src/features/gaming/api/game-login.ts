import type { GameLoginResponse, LoginBody, LoginTwoFactorBody, TwoFactorChallenge } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { CODE_REFUSED } from '../../../components/form/second-step-answer.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Where the console keeps the game token: apart from the partner's session, for this tab only. */
const GAME_TOKEN_KEY = 'game_access_token';

/** The game token of the last console login in this tab, if any. */
export const gameToken = {
  get: (): string | null => sessionStorage.getItem(GAME_TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(GAME_TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(GAME_TOKEN_KEY),
};

/** A console sign-in's outcome: the game token, or the challenge of an account's second step. */
export type GameSignIn = { token: string } | { challenge: string };

/** The game token without the `Bearer ` prefix it comes with (SPEC §7). */
const tokenOf = ({ accessToken }: GameLoginResponse) => accessToken.replace(/^Bearer\s+/i, '');

/** `POST {game host}/api/Access/Login`: the game token, or a challenge for an account with two-step sign-in. */
export async function loginToGame(body: LoginBody): Promise<GameSignIn> {
  const answer = await apiRequest<GameLoginResponse | TwoFactorChallenge>('/api/Access/Login', {
    method: 'POST',
    host: 'gameApi',
    body,
  });
  return 'twoFactorRequired' in answer ? { challenge: answer.challenge } : { token: tokenOf(answer) };
}

/** `POST {game host}/api/Access/Login/TwoFactor`: the game token for the second step's answer. */
export const answerGameChallenge = (body: LoginTwoFactorBody) =>
  apiRequest<GameLoginResponse>('/api/Access/Login/TwoFactor', { method: 'POST', host: 'gameApi', body }).then(tokenOf);

export function useGameLogin() {
  return useMutation({
    mutationFn: loginToGame,
    onSuccess: (signIn) => {
      if ('token' in signIn) gameToken.set(signIn.token);
    },
  });
}

export function useGameSecondStep() {
  return useMutation({
    mutationFn: answerGameChallenge,
    onSuccess: gameToken.set,
    meta: { handlesErrors: [CODE_REFUSED] },
  });
}
