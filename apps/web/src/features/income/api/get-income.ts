import { INCOME_PAGE_SIZE, type IncomeExportQuery, type IncomePage } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** One page of the partner's sales that `filters` match, newest first. */
export const getIncome = (filters: IncomeExportQuery, page: number, signal?: AbortSignal) =>
  apiRequest<IncomePage>('/api/User/Income/Query', {
    query: { ...filters, PageIndex: page, PageSize: INCOME_PAGE_SIZE },
    signal,
    // the table shows its own busy state while a page or a filter loads, rather than covering the whole page
    background: true,
  });

export const incomeQueryOptions = (filters: IncomeExportQuery, page: number) =>
  queryOptions({
    queryKey: ['income', 'records', filters, page],
    queryFn: ({ signal }) => getIncome(filters, page, signal),
  });

/** The page of sales on screen; the previous page stays in view while the next one loads. */
export const useIncome = (filters: IncomeExportQuery, page: number) =>
  useQuery({ ...incomeQueryOptions(filters, page), placeholderData: keepPreviousData });
