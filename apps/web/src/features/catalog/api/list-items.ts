import { type CatalogItemType, MY_PROJECTS_PAGE_SIZE } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiBase } from '../../../lib/item-api.ts';
import { type CatalogPageOf, itemListQueryKey } from './item-types.ts';

/** The partner's own AR games or 3D models, newest first. */
export const listItems = <T extends CatalogItemType>(type: T, pageIndex: number) =>
  apiRequest<CatalogPageOf<T>>(apiBase(type), {
    query: { PageIndex: pageIndex, PageSize: MY_PROJECTS_PAGE_SIZE },
    background: true,
  });

export const itemListQueryOptions = <T extends CatalogItemType>(type: T, pageIndex: number) =>
  queryOptions({
    queryKey: [...itemListQueryKey(type), pageIndex],
    queryFn: () => listItems(type, pageIndex),
    placeholderData: keepPreviousData,
  });

export const useItems = <T extends CatalogItemType>(type: T, pageIndex: number) =>
  useQuery(itemListQueryOptions(type, pageIndex));
