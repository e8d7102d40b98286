import type { AssetPage, AssetQuery } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

type AssetType = NonNullable<AssetQuery['Type']>;

export const assetsQueryKey = ['assets'] as const;

/** Every asset of `type` the partner may place (SPEC §9: PageSize -1, all of them). */
export const getAssets = (type: AssetType, signal?: AbortSignal) =>
  apiRequest<AssetPage>('/api/Asset/Query', { query: { PageSize: -1, Type: type }, signal, background: true });

export const assetsQueryOptions = (type: AssetType) =>
  queryOptions({ queryKey: [...assetsQueryKey, type], queryFn: ({ signal }) => getAssets(type, signal) });

/** The partner's released 3D models, or the images or videos they uploaded for stages. */
export const useAssets = (type: AssetType) => useQuery(assetsQueryOptions(type));
