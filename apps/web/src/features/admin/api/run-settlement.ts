import type { SettlementRun } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const runSettlement = () => apiRequest<SettlementRun>('/api/Admin/Settlement/Run', { method: 'POST' });

/** Settles the latest payout day now; a run changes runs, payouts and balances alike. */
export function useRunSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSettlement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'income'] }),
  });
}
