import type { LoginBody, LoginResponse, LoginTwoFactorBody, SignInResponse } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CODE_REFUSED } from '../../../components/form/second-step-answer.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { profileQueryKey } from './get-profile.ts';

/** A session, or, for an account with two-step sign-in, the challenge of its second step. */
export const login = (body: LoginBody) => apiRequest<SignInResponse>('/api/Access/Login', { method: 'POST', body });

export const loginSecondStep = (body: LoginTwoFactorBody) =>
  apiRequest<LoginResponse>('/api/Access/Login/TwoFactor', { method: 'POST', body });

/** Stores the session of a login or a registration and primes the profile cache. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return ({ accessToken, profile }: LoginResponse) => {
    queryClient.setQueryData(profileQueryKey(accessToken), profile);
    session.setToken(accessToken);
  };
}

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!('twoFactorRequired' in answer)) startSession(answer);
    },
  });
}

export function useLoginSecondStep() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: loginSecondStep, onSuccess: startSession, meta: { handlesErrors: [CODE_REFUSED] } });
}
