import type { CreateApiKeyBody, CreatedApiKey } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/mutations.ts';
import { apiKeysQueryKey } from './list-api-keys.ts';

/** Answers the key with its secret, the only time the secret is ever sent. */
export const createApiKey = (body: CreateApiKeyBody) =>
  apiRequest<CreatedApiKey>('/api/ApiKey', { method: 'POST', body });

export const useCreateApiKey = () =>
  useRefreshingMutation({
    mutate: createApiKey,
    handlesErrors: ['ApiKeyLimitReached'],
    stale: () => [apiKeysQueryKey],
  });
