import type { Studio } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { useToken } from '../../../lib/session.ts';
import { studioChoice, useChosenStudioId } from '../../../lib/studio.ts';

/** The person's studios: their own, whatever studio the call names (the server ignores `X-Studio-Id` here). */
export const listStudios = (signal?: AbortSignal) =>
  apiRequest<{ data: Studio[] }>('/api/Team/Studios', { signal, background: true });

/** Keyed by the session, as the profile is: the list is the person's, not the studio's. */
export const studiosQueryRoot = ['studios'] as const;
export const studiosQueryKey = (token: string | null) => [...studiosQueryRoot, token] as const;

export const studiosQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: studiosQueryKey(token),
    queryFn: ({ signal }) => listStudios(signal),
    enabled: Boolean(token),
  });

export const useStudios = () => useQuery(studiosQueryOptions(useToken()));

/** The studio of a list that `chosenId` names, else the person's default. */
export const currentStudioOf = (studios: readonly Studio[], chosenId: string | null): Studio | undefined =>
  (chosenId ? studios.find((studio) => studio.id === chosenId) : undefined) ??
  studios.find((studio) => studio.isDefault) ??
  studios[0];

/**
 * The studio this tab acts in, with the person's role there, and every studio of theirs. A chosen studio missing
 * from the list (they were removed from it) is dropped: the tab goes back to the default studio.
 */
export function useCurrentStudio() {
  const studios = useStudios();
  const chosenId = useChosenStudioId();
  const list = studios.data?.data;
  const isChosenGone = list !== undefined && chosenId !== null && !list.some((studio) => studio.id === chosenId);
  useEffect(() => {
    if (isChosenGone && chosenId) studioChoice.lose(chosenId);
  }, [isChosenGone, chosenId]);
  return {
    studio: list ? currentStudioOf(list, isChosenGone ? null : chosenId) : undefined,
    studios: list,
    isPending: studios.isPending,
    isError: studios.isError,
    refetch: studios.refetch,
  };
}
