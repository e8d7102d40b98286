import { type AssignableStudioRole, type TeamMember, teamMessages } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toast.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { membersQueryKey } from './list-members.ts';
import { studiosQueryRoot } from './list-studios.ts';

export interface ChangeRoleVariables {
  userId: string;
  role: AssignableStudioRole;
}

export const changeRole = ({ userId, role }: ChangeRoleVariables) =>
  apiRequest<TeamMember>(`/api/Team/Members/${encodeURIComponent(userId)}`, { method: 'PUT', body: { role } });

/** Changes a member's role; the person's own studios are asked again too (an admin may change their own). */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSuccess: async () => {
      toast.success(teamMessages.roleChanged);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKey }),
        queryClient.invalidateQueries({ queryKey: studiosQueryRoot }),
      ]);
    },
  });
}
