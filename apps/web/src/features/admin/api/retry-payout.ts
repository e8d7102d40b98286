import type { Payout } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { partnerBalancesKey } from './get-partner-balances.ts';
import { payoutsKey } from './get-payouts.ts';

export const retryPayout = (payoutId: string) =>
  apiRequest<Payout>(`/api/Admin/Settlement/Payouts/${encodeURIComponent(payoutId)}/Retry`, { method: 'POST' });

/** Tries a failed transfer again now; answers the payout as it is after the attempt (sent, or failed again). */
export function useRetryPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPayout,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: payoutsKey }),
        queryClient.invalidateQueries({ queryKey: partnerBalancesKey }),
      ]);
    },
  });
}
