import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '../components/toast.tsx';
import { ApiError } from './api-client.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { handlesErrors?: readonly string[] | 'all' };
    mutationMeta: { handlesErrors?: readonly string[] | 'all' };
  }
}

function reportError(error: unknown, handles: readonly string[] | 'all' | undefined) {
  if (handles === 'all') return;
  if (error instanceof ApiError) {
    if (error.status === 401 && error.errorCode === 'Unauthorized') return;
    if (error.errorCode && handles?.includes(error.errorCode)) return;
    toast.error(error.message);
    return;
  }
  if (error instanceof DOMException && error.name === 'AbortError') return;
  toast.error('Error');
}

/** Failures a feature does not claim (through `meta.handlesErrors`) are shown by this one handler. */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportError(error, query.meta?.handlesErrors) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportError(error, mutation.meta?.handlesErrors),
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
