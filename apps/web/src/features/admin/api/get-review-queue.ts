import type { ReviewQueueItem } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getReviewQueue = () => apiRequest<{ data: ReviewQueueItem[] }>('/api/Admin/Review/Query');

export const reviewQueueQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'review-queue'], queryFn: getReviewQueue, staleTime: 0 });

export const useReviewQueue = () => useQuery(reviewQueueQueryOptions());
