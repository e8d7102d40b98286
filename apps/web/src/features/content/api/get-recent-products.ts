import { RECENT_PROJECTS_PAGE_SIZE, type RecentProductsResponse } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getRecentProducts = (pageIndex: number) =>
  apiRequest<RecentProductsResponse>('/api/Product/Recent', {
    query: { PageIndex: pageIndex, PageSize: RECENT_PROJECTS_PAGE_SIZE },
  });

export const recentProductsQueryOptions = (pageIndex: number) =>
  queryOptions({
    queryKey: ['recent-products', pageIndex],
    queryFn: () => getRecentProducts(pageIndex),
    placeholderData: keepPreviousData,
  });

export const useRecentProducts = (pageIndex: number) => useQuery(recentProductsQueryOptions(pageIndex));
