import { INCOME_PAGE_SIZE, type Payout, type PayoutStatus } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface PayoutsPage {
  data: Payout[];
  totalCount: number;
}

export interface PayoutsFilter {
  page: number;
  /** Payouts in one state; all of them without it. */
  status?: PayoutStatus | undefined;
}

export const payoutsKey = ['admin', 'income', 'payouts'] as const;

export const getPayouts = ({ page, status }: PayoutsFilter) =>
  apiRequest<PayoutsPage>('/api/Admin/Settlement/Payouts', {
    query: { PageIndex: page, PageSize: INCOME_PAGE_SIZE, Status: status },
  });

export const payoutsQueryOptions = (filter: PayoutsFilter) =>
  queryOptions({
    queryKey: [...payoutsKey, filter.page, filter.status ?? 'All'],
    queryFn: () => getPayouts(filter),
    staleTime: 0,
  });

export const usePayouts = (filter: PayoutsFilter) =>
  useQuery({ ...payoutsQueryOptions(filter), placeholderData: keepPreviousData });
