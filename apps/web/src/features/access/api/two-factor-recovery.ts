import type {
  CodeSentResponse,
  TwoFactorRecoveryConfirmBody,
  TwoFactorRecoveryStartBody,
  TwoFactorRecoveryStarted,
} from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Mails the code that starts turning two-step sign-in off, for a sign-in whose password was right. */
export const useSendRecoveryCode = () =>
  useMutation({
    mutationFn: (body: TwoFactorRecoveryStartBody) =>
      apiRequest<CodeSentResponse>('/api/Access/Login/TwoFactor/Recovery', { method: 'POST', body }),
  });

/** With the mailed code, starts the wait after which two-step sign-in turns off. */
export const useStartRecovery = () =>
  useMutation({
    mutationFn: (body: TwoFactorRecoveryConfirmBody) =>
      apiRequest<TwoFactorRecoveryStarted>('/api/Access/Login/TwoFactor/Recovery/Confirm', { method: 'POST', body }),
  });

/** Cancels a waiting request to turn two-step sign-in off. */
export function useCancelRecovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('/api/Access/TwoFactor/Recovery', { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['two-factor'] }),
  });
}
