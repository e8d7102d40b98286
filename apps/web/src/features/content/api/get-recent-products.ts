import { RECENT_PROJECTS_PAGE_SIZE, type RecentProductsResponse } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface RecentProductsOptions {
  /** Without the loading overlay: Home fetches them as the visitor scrolls towards them. */
  background?: boolean;
}

export const getRecentProducts = (pageIndex: number, { background = false }: RecentProductsOptions = {}) =>
  apiRequest<RecentProductsResponse>('/api/Product/Recent', {
    query: { PageIndex: pageIndex, PageSize: RECENT_PROJECTS_PAGE_SIZE },
    background,
  });

export const recentProductsQueryOptions = (pageIndex: number, options: RecentProductsOptions = {}) =>
  queryOptions({
    queryKey: ['recent-products', pageIndex],
    queryFn: () => getRecentProducts(pageIndex, options),
    placeholderData: keepPreviousData,
  });

export const useRecentProducts = (pageIndex: number, options?: RecentProductsOptions) =>
  useQuery(recentProductsQueryOptions(pageIndex, options));
