import { REVIEW_QUEUE_PAGE_SIZE, type ReviewQueuePage } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getLiveReleases = (page: number) =>
  apiRequest<ReviewQueuePage>('/api/Admin/Releases/Query', {
    query: { PageIndex: page, PageSize: REVIEW_QUEUE_PAGE_SIZE },
  });

export const liveReleasesQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['admin', 'live-releases', page], queryFn: () => getLiveReleases(page), staleTime: 0 });

export const useLiveReleases = (page: number) =>
  useQuery({ ...liveReleasesQueryOptions(page), placeholderData: keepPreviousData });
