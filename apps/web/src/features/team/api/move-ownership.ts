import { teamMessages } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toast.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { membersQueryKey } from './list-members.ts';
import { studiosQueryRoot } from './list-studios.ts';

/** Moves ownership to an admin; the owner becomes an admin. May ask for a fresh second factor (the client does). */
export const moveOwnership = (userId: string) =>
  apiRequest<void>('/api/Team/Owner', { method: 'PUT', body: { userId } });

export function useMoveOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveOwnership,
    onSuccess: async () => {
      toast.success(teamMessages.ownershipMoved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKey }),
        queryClient.invalidateQueries({ queryKey: studiosQueryRoot }),
      ]);
    },
  });
}
