import type { CommissionRateBody, PartnerBalance } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { partnerBalancesKey } from './get-partner-balances.ts';

export const setCommissionRate = ({ partnerId, body }: { partnerId: string; body: CommissionRateBody }) =>
  apiRequest<PartnerBalance>(`/api/Admin/Income/Commission/${encodeURIComponent(partnerId)}`, {
    method: 'PUT',
    body,
  });

/** Sets a partner's own rate, or the default again (null); the form shows a refused value beside its field. */
export function useSetCommissionRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCommissionRate,
    meta: { handlesErrors: ['ValidationFailed'] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerBalancesKey }),
  });
}
