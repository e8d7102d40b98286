import type { CreateApiKeyBody, CreatedApiKey } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiKeysQueryKey } from './list-api-keys.ts';

/** Answers the key with its secret, the only time the secret is ever sent. */
export const createApiKey = (body: CreateApiKeyBody) =>
  apiRequest<CreatedApiKey>('/api/ApiKey', { method: 'POST', body });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    meta: { handlesErrors: ['ApiKeyLimitReached'] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
