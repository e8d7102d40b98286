import { INCOME_PAGE_SIZE, type SettlementRun } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface SettlementRunsPage {
  data: SettlementRun[];
  totalCount: number;
}

export const settlementRunsKey = ['admin', 'income', 'runs'] as const;

export const getSettlementRuns = (page: number) =>
  apiRequest<SettlementRunsPage>('/api/Admin/Settlement/Runs', {
    query: { PageIndex: page, PageSize: INCOME_PAGE_SIZE },
  });

export const settlementRunsQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...settlementRunsKey, page], queryFn: () => getSettlementRuns(page), staleTime: 0 });

export const useSettlementRuns = (page: number) =>
  useQuery({ ...settlementRunsQueryOptions(page), placeholderData: keepPreviousData });
