import { MY_PROJECTS_PAGE_SIZE, type ProductPage } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The partner's own AR games, newest first. */
export const listProducts = (pageIndex: number) =>
  apiRequest<ProductPage>('/api/Product', {
    query: { PageIndex: pageIndex, PageSize: MY_PROJECTS_PAGE_SIZE },
    background: true,
  });

export const productListQueryKey = ['products', 'list'] as const;

export const productListQueryOptions = (pageIndex: number) =>
  queryOptions({
    queryKey: [...productListQueryKey, pageIndex],
    queryFn: () => listProducts(pageIndex),
    placeholderData: keepPreviousData,
  });

export const useProducts = (pageIndex: number) => useQuery(productListQueryOptions(pageIndex));
