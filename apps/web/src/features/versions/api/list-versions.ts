import type { CatalogItemType, ModelVersionsResponse, ProductVersionsResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiBase, versionsQueryKey } from '../utils/item-api.ts';

export type ItemVersions = ProductVersionsResponse | ModelVersionsResponse;

export const listVersions = (type: CatalogItemType, itemId: string) =>
  apiRequest<ItemVersions>(`${apiBase(type)}/Versions/${encodeURIComponent(itemId)}`);

export const versionsQueryOptions = (type: CatalogItemType, itemId: string) =>
  queryOptions({ queryKey: versionsQueryKey(type, itemId), queryFn: () => listVersions(type, itemId) });

export const useItemVersions = (type: CatalogItemType, itemId: string) => useQuery(versionsQueryOptions(type, itemId));
