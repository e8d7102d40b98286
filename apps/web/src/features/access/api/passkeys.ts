import type { LoginResponse, Passkey, PasskeyLoginBody, PasskeyOptionsResponse } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { useToken } from '../../../lib/session.ts';
import { useStartSession } from './login.ts';

// the browser's WebAuthn helpers load with the first ceremony, never with a page
const webAuthn = () => import('@simplewebauthn/browser');

const isCancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/**
 * The browser's part of a ceremony: a cancel (the partner closed the prompt, or it timed out) becomes an AbortError,
 * which nobody reports; any other failure an ApiError whose message says what the browser said.
 */
async function inBrowser<T>(ceremony: () => Promise<T>): Promise<T> {
  try {
    return await ceremony();
  } catch (error) {
    if (isCancelled(error)) throw new DOMException('The passkey prompt was closed', 'AbortError');
    const detail = error instanceof Error && error.message ? ` ${error.message}` : '';
    throw new ApiError(`This browser could not use a passkey.${detail}`, 0, 'PasskeyCeremonyFailed');
  }
}

export const passkeysQueryKey = (token: string | null) => ['passkeys', token] as const;

export function usePasskeys() {
  const token = useToken();
  return useQuery({
    queryKey: passkeysQueryKey(token),
    queryFn: () => apiRequest<{ data: Passkey[] }>('/api/Access/Passkeys').then((answer) => answer.data),
    enabled: Boolean(token),
  });
}

/** Adds a passkey: the server's options, the browser's ceremony, the server's check. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { optionsId, options } = await apiRequest<PasskeyOptionsResponse>('/api/Access/Passkeys/Register/Options', {
        method: 'POST',
      });
      const { startRegistration } = await webAuthn();
      const response = await inBrowser(() => startRegistration({ optionsJSON: options as never }));
      return apiRequest<Passkey>('/api/Access/Passkeys/Register/Verify', {
        method: 'POST',
        body: { optionsId, name, response },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['passkeys'] }),
  });
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/Access/Passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['passkeys'] }),
  });
}

/** Signs in with a passkey alone: the session, as Login answers it. */
export function usePasskeySignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async () => {
      const { optionsId, options } = await apiRequest<PasskeyOptionsResponse>('/api/Access/Passkeys/Login/Options', {
        method: 'POST',
      });
      const { startAuthentication } = await webAuthn();
      const response = await inBrowser(() => startAuthentication({ optionsJSON: options as never }));
      return apiRequest<LoginResponse>('/api/Access/Passkeys/Login/Verify', {
        method: 'POST',
        body: { optionsId, response },
      });
    },
    onSuccess: startSession,
  });
}

/**
 * A passkey's answer to options made for this account (a second step, a step-up): the options from `optionsPath`,
 * then the browser's ceremony. A closed prompt rejects with an AbortError, which nobody reports.
 */
export const usePasskeyAnswer = () =>
  useMutation({
    mutationFn: async ({ optionsPath, body }: { optionsPath: string; body?: unknown }) => {
      const { optionsId, options } = await apiRequest<PasskeyOptionsResponse>(optionsPath, { method: 'POST', body });
      const { startAuthentication } = await webAuthn();
      const response = await inBrowser(() => startAuthentication({ optionsJSON: options as never }));
      return { optionsId, response: response as unknown as PasskeyLoginBody['response'] };
    },
  });
