import { SUBSCRIPTION_PAGE_SIZE, type SubscriptionPage, type SubscriptionQuery } from '@portal/contracts';
import { useFilteredPage } from '../../../lib/paged-query.ts';

/** What a filter of the history asks for: the query without its paging. */
export type SubscriptionFilters = Pick<SubscriptionQuery, 'PayStatus' | 'CreatedStartAt' | 'CreatedEndAt'>;

/** The page of the partner's purchases on screen that `filters` match, newest first. */
export const useSubscriptions = (filters: SubscriptionFilters, page: number) =>
  useFilteredPage<SubscriptionPage, SubscriptionFilters>(
    { path: '/api/Subscription/Query', pageSize: SUBSCRIPTION_PAGE_SIZE, name: 'subscriptions' },
    filters,
    page,
  );
