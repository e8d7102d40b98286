import type { Profile } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useToken } from '../../../lib/session.ts';

export const getProfile = () => apiRequest<Profile>('/api/Access/Profile', { background: true });

export const profileQueryKey = (token: string | null) => ['profile', token] as const;

export const profileQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: profileQueryKey(token), queryFn: getProfile, enabled: Boolean(token), retry: false });

/** The signed-in partner's profile, fetched whenever a session token is present. */
export const useProfile = () => useQuery(profileQueryOptions(useToken()));
