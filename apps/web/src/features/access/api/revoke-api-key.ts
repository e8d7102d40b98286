import { type ApiKeyListResponse, apiKeyMessages } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toast.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiKeysQueryKey } from './list-api-keys.ts';

/** Answered with 204: only its success matters. */
export const revokeApiKey = (id: string) =>
  apiRequest<void>(`/api/ApiKey/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: async (_result, id) => {
      toast.success(apiKeyMessages.revoked);
      queryClient.setQueryData<ApiKeyListResponse>(apiKeysQueryKey, (list) =>
        list ? { data: list.data.filter((key) => key.id !== id) } : list,
      );
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
  });
}
