import type { CatalogItemType } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { itemApiPath } from '../../../lib/item-api.ts';
import { type CatalogItemOf, itemQueryKey, notFoundCodes } from './item-types.ts';

export const getItem = <T extends CatalogItemType>(type: T, id: string) =>
  apiRequest<CatalogItemOf<T>>(itemApiPath(type, id));

export const itemQueryOptions = <T extends CatalogItemType>(type: T, id: string) =>
  queryOptions({
    queryKey: itemQueryKey(type, id),
    queryFn: () => getItem(type, id),
    meta: { handlesErrors: notFoundCodes[type] },
  });

export const useItem = <T extends CatalogItemType>(type: T, id: string) => useQuery(itemQueryOptions(type, id));
