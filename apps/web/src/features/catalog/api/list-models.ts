import { type ModelPage, MY_PROJECTS_PAGE_SIZE } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The partner's own 3D models, newest first. */
export const listModels = (pageIndex: number) =>
  apiRequest<ModelPage>('/api/Model', {
    query: { PageIndex: pageIndex, PageSize: MY_PROJECTS_PAGE_SIZE },
    background: true,
  });

export const modelListQueryKey = ['models', 'list'] as const;

export const modelListQueryOptions = (pageIndex: number) =>
  queryOptions({
    queryKey: [...modelListQueryKey, pageIndex],
    queryFn: () => listModels(pageIndex),
    placeholderData: keepPreviousData,
  });

export const useModels = (pageIndex: number) => useQuery(modelListQueryOptions(pageIndex));
