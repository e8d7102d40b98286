import type { Stage, StageBody } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { stageQueryKey } from './get-stage.ts';
import { stageListQueryKey } from './get-stages.ts';

/** Replaces the whole stage: its place, its anchor and every piece of content it shows. */
export const updateStage = ({ id, body }: { id: string; body: StageBody }) =>
  apiRequest<Stage>(`/api/Stage/${encodeURIComponent(id)}`, { method: 'PUT', body });

/** A refused field is shown beside it by the form; anything else goes to the global handler. */
export function useUpdateStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStage,
    meta: { handlesErrors: ['ValidationFailed'] },
    onSuccess: (stage) => {
      queryClient.setQueryData(stageQueryKey(stage.id), stage);
      void queryClient.invalidateQueries({ queryKey: stageListQueryKey });
    },
  });
}
