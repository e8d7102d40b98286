import type { ReviewTimes } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getReviewTimes = (signal?: AbortSignal) =>
  apiRequest<ReviewTimes>('/api/Admin/ReviewTimes', { signal, background: true });

/** Under `admin`: every review step the console takes refreshes it. */
export const reviewTimesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'review-times'], queryFn: ({ signal }) => getReviewTimes(signal), staleTime: 0 });

/** The median time to a decision, overall and per reviewer, and the version waiting longest. */
export const useReviewTimes = () => useQuery(reviewTimesQueryOptions());
