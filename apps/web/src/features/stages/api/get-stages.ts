import { STAGE_PAGE_SIZE, type StagePage } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Everything cached about stages: a change to one stage refreshes the lists and its detail. */
export const stagesQueryKey = ['stages'] as const;
export const stageListQueryKey = ['stages', 'list'] as const;

/** One page of the partner's stages, most recently changed first (SPEC §7: ten a page). */
export const getStages = (page: number, signal?: AbortSignal) =>
  apiRequest<StagePage>('/api/Stage/Query', {
    query: { PageIndex: page, PageSize: STAGE_PAGE_SIZE },
    signal,
    // the list shows its own busy state while a page loads, rather than covering the whole page
    background: true,
  });

export const stagesQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...stageListQueryKey, page], queryFn: ({ signal }) => getStages(page, signal) });

/** The page of stages on screen; the previous page stays in view while the next one loads. */
export const useStages = (page: number) => useQuery({ ...stagesQueryOptions(page), placeholderData: keepPreviousData });
