import type { Model } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getModel = (id: string) => apiRequest<Model>(`/api/Model/${encodeURIComponent(id)}`);

export const modelQueryKey = (id: string) => ['models', 'detail', id] as const;

/** Not found (another partner's id, a deleted one) is shown by the page, not as a toast. */
export const modelQueryOptions = (id: string) =>
  queryOptions({
    queryKey: modelQueryKey(id),
    queryFn: () => getModel(id),
    meta: { handlesErrors: ['ModelNotFound', 'NotFound'] },
  });

export const useModel = (id: string) => useQuery(modelQueryOptions(id));
