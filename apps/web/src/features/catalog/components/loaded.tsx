import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLoadedOnce } from '../hooks/use-loaded-once.ts';
import { ItemNotFound } from './item-not-found.tsx';

export interface LoadedProps<T> {
  query: UseQueryResult<T>;
  /** Shown while loading, sized like what comes. */
  placeholder: ReactNode;
  /** Wait for fresh data rather than show a cached copy being refreshed (edit forms start from it). */
  waitForFresh?: boolean;
  children: (item: T) => ReactNode;
}

/** One catalog item once loaded: a placeholder before, the not-found state for a 404, a retry for anything else. */
export function Loaded<T>({ query, placeholder, waitForFresh = false, children }: LoadedProps<T>) {
  const isLoadedOnce = useLoadedOnce(query);
  const isReady = waitForFresh ? isLoadedOnce : query.data !== undefined;
  if (query.isError && !isReady) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return <ItemNotFound message={query.error.message} />;
    return (
      <section className="empty empty--page">
        <p>{query.error instanceof ApiError ? query.error.message : 'Error'}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </section>
    );
  }
  if (!isReady || query.data === undefined) return placeholder;
  return children(query.data);
}
