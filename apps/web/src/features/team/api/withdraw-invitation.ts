import { teamMessages } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toast.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { invitationsQueryKey } from './list-invitations.ts';

/** Withdraws an invitation: its link stops working. */
export const withdrawInvitation = (id: string) =>
  apiRequest<void>(`/api/Team/Invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onSuccess: async () => {
      toast.success(teamMessages.invitationRevoked);
      await queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
    },
  });
}
