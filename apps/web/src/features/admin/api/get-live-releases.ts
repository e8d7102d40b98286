import { REVIEW_QUEUE_PAGE_SIZE, type ReviewQueuePage } from '@portal/contracts';
import { type PagedQuerySpec, usePagedQuery } from '../../../lib/paged-query.ts';

const liveReleases: PagedQuerySpec<{ page: number }> = {
  path: '/api/Admin/Releases/Query',
  pageSize: REVIEW_QUEUE_PAGE_SIZE,
  queryKey: ({ page }) => ['admin', 'live-releases', page],
};

export const useLiveReleases = (page: number) =>
  usePagedQuery<ReviewQueuePage, { page: number }>(liveReleases, { page });
