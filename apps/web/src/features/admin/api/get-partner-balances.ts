import { INCOME_PAGE_SIZE, type PartnerBalance } from '@portal/contracts';
import { type Page, type PagedQuerySpec, usePagedQuery } from '../../../lib/paged-query.ts';

export interface PartnerBalancesFilter {
  page: number;
  /** One partner's whole email; every partner, most owed first, without it. */
  email?: string | undefined;
}

/** Every query of the balances list, whatever its page or filter: what a change of a rate makes stale. */
export const partnerBalancesKey = ['admin', 'income', 'balances'] as const;

const partnerBalances: PagedQuerySpec<PartnerBalancesFilter> = {
  path: '/api/Admin/Income/Balances',
  pageSize: INCOME_PAGE_SIZE,
  queryKey: ({ page, email }) => [...partnerBalancesKey, page, email ?? ''],
  query: ({ email }) => ({ Email: email }),
};

export const usePartnerBalances = (filter: PartnerBalancesFilter) =>
  usePagedQuery<Page<PartnerBalance>, PartnerBalancesFilter>(partnerBalances, filter);
