import { REVIEW_QUEUE_PAGE_SIZE, type ReviewQueuePage } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getReviewQueue = (page: number) =>
  apiRequest<ReviewQueuePage>('/api/Admin/Review/Query', {
    query: { PageIndex: page, PageSize: REVIEW_QUEUE_PAGE_SIZE },
  });

export const reviewQueueQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['admin', 'review-queue', page], queryFn: () => getReviewQueue(page), staleTime: 0 });

export const useReviewQueue = (page: number) =>
  useQuery({ ...reviewQueueQueryOptions(page), placeholderData: keepPreviousData });
