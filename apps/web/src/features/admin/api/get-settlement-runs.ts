import { INCOME_PAGE_SIZE, type SettlementRun } from '@portal/contracts';
import { type Page, type PagedQuerySpec, usePagedQuery } from '../../../lib/paged-query.ts';

export const settlementRunsKey = ['admin', 'income', 'runs'] as const;

const settlementRuns: PagedQuerySpec<{ page: number }> = {
  path: '/api/Admin/Settlement/Runs',
  pageSize: INCOME_PAGE_SIZE,
  queryKey: ({ page }) => [...settlementRunsKey, page],
};

export const useSettlementRuns = (page: number) =>
  usePagedQuery<Page<SettlementRun>, { page: number }>(settlementRuns, { page });
