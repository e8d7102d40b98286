import { teamMessages } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toast.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { membersQueryKey } from './list-members.ts';
import { studiosQueryRoot } from './list-studios.ts';

/** Removes a member from the studio; with the caller's own user id, leaves it. */
export const removeMember = (userId: string) =>
  apiRequest<void>(`/api/Team/Members/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: async () => {
      toast.success(teamMessages.memberRemoved);
      await queryClient.invalidateQueries({ queryKey: membersQueryKey });
    },
  });
}

/** Leaves the studio this tab acts in; the caller moves the tab back to the default studio. */
export function useLeaveStudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studiosQueryRoot }),
  });
}
