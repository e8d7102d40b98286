import type { PartnerOverview } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The top of My Projects: items by status, what needs the partner's action, and income once there is some. */
export const getOverview = (signal?: AbortSignal) =>
  apiRequest<PartnerOverview>('/api/Overview', { signal, background: true });

// every visit reads it afresh: versions, reviews and sales change it from other pages and other people
export const overviewQueryOptions = () =>
  queryOptions({ queryKey: ['overview'], queryFn: ({ signal }) => getOverview(signal), staleTime: 0 });

export const useOverview = () => useQuery(overviewQueryOptions());
