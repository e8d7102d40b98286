import type { UseQueryResult } from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * True once the query holds fresh data (cached data still being refreshed does not count), and from then on:
 * an edit form starts from current values and is never swapped out under the partner's typing by a later refetch.
 */
export function useLoadedOnce(query: UseQueryResult<unknown>): boolean {
  const isLoaded = useRef(false);
  if (query.data !== undefined && !query.isFetching && !query.isError) isLoaded.current = true;
  return isLoaded.current;
}
