import { INCOME_PAGE_SIZE, type Payout, type PayoutStatus } from '@portal/contracts';
import { type Page, type PagedQuerySpec, usePagedQuery } from '../../../lib/paged-query.ts';

export interface PayoutsFilter {
  page: number;
  /** Payouts in one state; all of them without it. */
  status?: PayoutStatus | undefined;
}

export const payoutsKey = ['admin', 'income', 'payouts'] as const;

const payouts: PagedQuerySpec<PayoutsFilter> = {
  path: '/api/Admin/Settlement/Payouts',
  pageSize: INCOME_PAGE_SIZE,
  queryKey: ({ page, status }) => [...payoutsKey, page, status ?? 'All'],
  query: ({ status }) => ({ Status: status }),
};

export const usePayouts = (filter: PayoutsFilter) => usePagedQuery<Page<Payout>, PayoutsFilter>(payouts, filter);
