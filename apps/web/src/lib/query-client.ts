import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type ToastKey, toast } from '../components/toast.tsx';
import { ApiError, NOT_STUDIO_MEMBER, SECOND_FACTOR_SETUP_REQUIRED } from './api-client.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { handlesErrors?: readonly string[] | 'all' };
    mutationMeta: { handlesErrors?: readonly string[] | 'all' };
  }
}

/**
 * The key of the toast that reports `error`: the error itself, so whoever awaited the failed call (a form) can
 * dismiss the toast once a retry goes through.
 */
export const errorToastKey = (error: unknown): ToastKey | undefined =>
  typeof error === 'object' && error !== null ? error : undefined;

function reportError(error: unknown, handles: readonly string[] | 'all' | undefined) {
  if (handles === 'all') return;
  if (error instanceof ApiError) {
    if (error.status === 401 && error.errorCode === 'Unauthorized') return;
    // the app's own handler sends the admin to Security with this message
    if (error.errorCode === SECOND_FACTOR_SETUP_REQUIRED) return;
    // the app's own handler takes the tab back to the default studio, and says so
    if (error.errorCode === NOT_STUDIO_MEMBER) return;
    if (error.errorCode && handles?.includes(error.errorCode)) return;
    toast.error(error.message, { key: errorToastKey(error) });
    return;
  }
  if (error instanceof DOMException && error.name === 'AbortError') return;
  toast.error('Error', { key: errorToastKey(error) });
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
