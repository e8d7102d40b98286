import { REVIEW_QUEUE_PAGE_SIZE, type ReviewQueuePage } from '@portal/contracts';
import { type PagedQuerySpec, usePagedQuery } from '../../../lib/paged-query.ts';

const reviewQueue: PagedQuerySpec<{ page: number }> = {
  path: '/api/Admin/Review/Query',
  pageSize: REVIEW_QUEUE_PAGE_SIZE,
  queryKey: ({ page }) => ['admin', 'review-queue', page],
};

export const useReviewQueue = (page: number) => usePagedQuery<ReviewQueuePage, { page: number }>(reviewQueue, { page });
