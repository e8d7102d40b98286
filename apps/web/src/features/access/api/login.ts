import type { LoginBody, LoginResponse } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { profileQueryKey } from './get-profile.ts';

export const login = (body: LoginBody) => apiRequest<LoginResponse>('/api/Access/Login', { method: 'POST', body });

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
  return useMutation({ mutationFn: login, onSuccess: startSession });
}
