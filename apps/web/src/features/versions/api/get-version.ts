import type { CatalogItemType } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type AnyVersion, apiBase, versionQueryKey } from '../utils/item-api.ts';

export const getVersion = (type: CatalogItemType, versionId: string) =>
  apiRequest<AnyVersion>(`${apiBase(type)}/Version/${encodeURIComponent(versionId)}`);

export const versionQueryOptions = (type: CatalogItemType, versionId: string) =>
  queryOptions({
    queryKey: versionQueryKey(type, versionId),
    queryFn: () => getVersion(type, versionId),
    meta: { handlesErrors: ['VersionNotFound', 'NotFound'] },
  });

export const useVersion = (type: CatalogItemType, versionId: string) => useQuery(versionQueryOptions(type, versionId));
