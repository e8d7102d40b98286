import type { ReviewQueueItem } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getLiveReleases = () => apiRequest<{ data: ReviewQueueItem[] }>('/api/Admin/Releases/Query');

export const liveReleasesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'live-releases'], queryFn: getLiveReleases, staleTime: 0 });

export const useLiveReleases = () => useQuery(liveReleasesQueryOptions());
