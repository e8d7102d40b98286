import type { TeamMember } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const membersQueryKey = ['team', 'members'] as const;

export const listMembers = (signal?: AbortSignal) =>
  apiRequest<{ data: TeamMember[] }>('/api/Team/Members', { signal, background: true });

export const membersQueryOptions = () =>
  queryOptions({ queryKey: membersQueryKey, queryFn: ({ signal }) => listMembers(signal) });

/** The members of the studio this tab acts in, with their roles. */
export const useMembers = () => useQuery(membersQueryOptions());
