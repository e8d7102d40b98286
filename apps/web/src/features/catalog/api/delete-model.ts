import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { modelQueryKey } from './get-model.ts';
import { modelListQueryKey } from './list-models.ts';

/** Whatever the body of the answer, only its success matters. */
export const deleteModel = (id: string) =>
  apiRequest<string>(`/api/Model/${encodeURIComponent(id)}`, { method: 'DELETE', as: 'text' });

export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModel,
    onSuccess: (_result, id) => {
      // marked stale rather than removed: Detail is still on screen until it navigates away, and must not refetch
      void queryClient.invalidateQueries({ queryKey: modelQueryKey(id), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: modelListQueryKey });
    },
  });
}
