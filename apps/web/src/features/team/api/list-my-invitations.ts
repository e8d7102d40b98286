import type { PendingInvitation } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useToken } from '../../../lib/session.ts';
import { studiosQueryRoot } from './list-studios.ts';

/**
 * The open invitations to the signed-in person's email. Kept under the studios' root: the person's, not a studio's,
 * so it outlives a change of studio, and joining one (which refreshes the studios) asks again.
 */
export function useMyInvitations() {
  const token = useToken();
  return useQuery({
    queryKey: [...studiosQueryRoot, token, 'invitations'],
    queryFn: ({ signal }) =>
      apiRequest<{ data: PendingInvitation[] }>('/api/Team/Invitations/Mine', { signal, background: true }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}
