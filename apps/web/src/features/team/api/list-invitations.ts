import type { Invitation } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const invitationsQueryKey = ['team', 'invitations'] as const;

export const listInvitations = (signal?: AbortSignal) =>
  apiRequest<{ data: Invitation[] }>('/api/Team/Invitations', { signal, background: true });

/** The studio's open invitations; asked only by those who may manage members (`enabled`). */
export const useInvitations = (enabled: boolean) =>
  useQuery({ queryKey: invitationsQueryKey, queryFn: ({ signal }) => listInvitations(signal), enabled });
