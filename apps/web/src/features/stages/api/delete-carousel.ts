import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { stageQueryKey } from './get-stage.ts';
import { stageListQueryKey } from './get-stages.ts';

/** Answered with 204: only its success matters. */
export const deleteCarousel = ({ id }: { id: string; stageId: string }) =>
  apiRequest<void>(`/api/Stage/VerticalCarousel/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteCarousel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCarousel,
    onSuccess: (_result, { stageId }) => {
      void queryClient.invalidateQueries({ queryKey: stageQueryKey(stageId) });
      void queryClient.invalidateQueries({ queryKey: stageListQueryKey });
    },
  });
}
