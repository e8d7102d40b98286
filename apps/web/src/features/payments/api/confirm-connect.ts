import type { ConfirmConnectBody, Profile } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';

export const confirmConnect = (body: ConfirmConnectBody) =>
  apiRequest<Profile>('/api/Stripe/Connect/Confirm', { method: 'POST', body });

export function useConfirmConnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmConnect,
    meta: { handlesErrors: 'all' },
    onSuccess: async (profile) => {
      // a profile request started with the page (before this confirmation) must not overwrite the fresh one
      await queryClient.cancelQueries({ queryKey: ['profile'] });
      queryClient.setQueryData(['profile', session.getToken()], profile);
      void queryClient.invalidateQueries({ queryKey: ['payout-account'] });
    },
  });
}
