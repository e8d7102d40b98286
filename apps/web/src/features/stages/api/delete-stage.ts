import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { stageQueryKey } from './get-stage.ts';
import { stageListQueryKey } from './get-stages.ts';

/** Answered with 204: only its success matters. */
export const deleteStage = (id: string) =>
  apiRequest<void>(`/api/Stage/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStage,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: stageQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: stageListQueryKey });
    },
  });
}
