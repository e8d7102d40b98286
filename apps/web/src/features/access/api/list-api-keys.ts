import type { ApiKeyListResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const apiKeysQueryKey = ['api-keys'] as const;

export const listApiKeys = (signal?: AbortSignal) => apiRequest<ApiKeyListResponse>('/api/ApiKey', { signal });

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: apiKeysQueryKey, queryFn: ({ signal }) => listApiKeys(signal) });

/** The partner's API keys that are not revoked, newest first. */
export const useApiKeys = () => useQuery(apiKeysQueryOptions());
