import { SUBSCRIPTION_PAGE_SIZE, type SubscriptionPage, type SubscriptionQuery } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** What a filter of the history asks for: the query without its paging. */
export type SubscriptionFilters = Pick<SubscriptionQuery, 'PayStatus' | 'CreatedStartAt' | 'CreatedEndAt'>;

/** One page of the partner's purchases that `filters` match, newest first. */
export const getSubscriptions = (filters: SubscriptionFilters, page: number, signal?: AbortSignal) =>
  apiRequest<SubscriptionPage>('/api/Subscription/Query', {
    query: { ...filters, PageIndex: page, PageSize: SUBSCRIPTION_PAGE_SIZE },
    signal,
    // the table shows its own busy state while a page or a filter loads, rather than covering the whole page
    background: true,
  });

export const subscriptionsQueryOptions = (filters: SubscriptionFilters, page: number) =>
  queryOptions({
    queryKey: ['subscriptions', 'records', filters, page],
    queryFn: ({ signal }) => getSubscriptions(filters, page, signal),
  });

/** The page of purchases on screen; the previous page stays in view while the next one loads. */
export const useSubscriptions = (filters: SubscriptionFilters, page: number) =>
  useQuery({ ...subscriptionsQueryOptions(filters, page), placeholderData: keepPreviousData });
