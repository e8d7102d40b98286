import type {
  RecoveryCodesBody,
  RecoveryCodesResponse,
  TotpDisableBody,
  TotpEnableBody,
  TotpSetupResponse,
  TwoFactorStatus,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useToken } from '../../../lib/session.ts';

export const twoFactorQueryKey = (token: string | null) => ['two-factor', token] as const;

/** The signed-in partner's second factors: the authenticator app's state and the recovery codes left. */
export function useTwoFactorStatus() {
  const token = useToken();
  return useQuery({
    queryKey: twoFactorQueryKey(token),
    queryFn: () => apiRequest<TwoFactorStatus>('/api/Access/TwoFactor'),
    enabled: Boolean(token),
  });
}

/** Refusals the Security page's forms show under their fields. */
export const FIELD_REFUSALS = { TwoFactorCodeIncorrect: 'code', CurrentPasswordIncorrect: 'password' } as const;

/** A mutation after which the second factors are read again; a wrong code or password is its form's to show. */
function useTwoFactorMutation<B, R>(mutationFn: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['two-factor'] }),
    meta: { handlesErrors: Object.keys(FIELD_REFUSALS) },
  });
}

export const useSetupTotp = () =>
  useMutation({
    mutationFn: () => apiRequest<TotpSetupResponse>('/api/Access/TwoFactor/Totp/Setup', { method: 'POST' }),
  });

export const useEnableTotp = () =>
  useTwoFactorMutation((body: TotpEnableBody) =>
    apiRequest<RecoveryCodesResponse>('/api/Access/TwoFactor/Totp/Enable', { method: 'POST', body }),
  );

export const useDisableTotp = () =>
  useTwoFactorMutation((body: TotpDisableBody) =>
    apiRequest<null>('/api/Access/TwoFactor/Totp', { method: 'DELETE', body }),
  );

export const useNewRecoveryCodes = () =>
  useTwoFactorMutation((body: RecoveryCodesBody) =>
    apiRequest<RecoveryCodesResponse>('/api/Access/TwoFactor/RecoveryCodes', { method: 'POST', body }),
  );
