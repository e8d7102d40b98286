import { INCOME_PAGE_SIZE, type PartnerBalance } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface PartnerBalancesPage {
  data: PartnerBalance[];
  totalCount: number;
}

export interface PartnerBalancesFilter {
  page: number;
  /** One partner's whole email; every partner, most owed first, without it. */
  email?: string | undefined;
}

/** Every query of the balances list, whatever its page or filter: what a change of a rate makes stale. */
export const partnerBalancesKey = ['admin', 'income', 'balances'] as const;

export const getPartnerBalances = ({ page, email }: PartnerBalancesFilter) =>
  apiRequest<PartnerBalancesPage>('/api/Admin/Income/Balances', {
    query: { PageIndex: page, PageSize: INCOME_PAGE_SIZE, Email: email },
  });

export const partnerBalancesQueryOptions = (filter: PartnerBalancesFilter) =>
  queryOptions({
    queryKey: [...partnerBalancesKey, filter.page, filter.email ?? ''],
    queryFn: () => getPartnerBalances(filter),
    staleTime: 0,
  });

export const usePartnerBalances = (filter: PartnerBalancesFilter) =>
  useQuery({ ...partnerBalancesQueryOptions(filter), placeholderData: keepPreviousData });
