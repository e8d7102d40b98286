import type { ReviewStanding } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Where one of the partner's versions stands in the review queue, and how long decisions take. */
export const getReviewStanding = (versionId: string, signal?: AbortSignal) =>
  apiRequest<ReviewStanding>(`/api/ReviewTimes/Version/${encodeURIComponent(versionId)}`, {
    signal,
    background: true,
  });

// the queue moves with other partners' submissions and the reviewers' decisions: read afresh on each visit
export const reviewStandingQueryOptions = (versionId: string) =>
  queryOptions({
    queryKey: ['review-standing', versionId],
    queryFn: ({ signal }) => getReviewStanding(versionId, signal),
    staleTime: 0,
  });

export const useReviewStanding = (versionId: string) => useQuery(reviewStandingQueryOptions(versionId));
