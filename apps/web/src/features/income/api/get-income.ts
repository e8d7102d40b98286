import { INCOME_PAGE_SIZE, type IncomeExportQuery, type IncomePage } from '@portal/contracts';
import { useFilteredPage } from '../../../lib/paged-query.ts';

/** The page of the partner's sales on screen that `filters` match, newest first. */
export const useIncome = (filters: IncomeExportQuery, page: number) =>
  useFilteredPage<IncomePage, IncomeExportQuery>(
    { path: '/api/User/Income/Query', pageSize: INCOME_PAGE_SIZE, name: 'income' },
    filters,
    page,
  );
