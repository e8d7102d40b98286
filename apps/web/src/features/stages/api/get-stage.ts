import type { Stage } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getStage = (id: string, signal?: AbortSignal) =>
  apiRequest<Stage>(`/api/Stage/${encodeURIComponent(id)}`, { signal, background: true });

export const stageQueryKey = (id: string) => ['stages', 'detail', id] as const;

/** Not found (another partner's id, a deleted one) is shown by the page, not as a toast. */
export const stageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: stageQueryKey(id),
    queryFn: ({ signal }) => getStage(id, signal),
    meta: { handlesErrors: ['StageNotFound', 'NotFound'] },
  });

export const useStage = (id: string) => useQuery(stageQueryOptions(id));
