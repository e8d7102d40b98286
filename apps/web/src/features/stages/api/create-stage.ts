import type { Stage, StageBody } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { stageQueryKey } from './get-stage.ts';
import { stageListQueryKey } from './get-stages.ts';

export const createStage = (body: StageBody) => apiRequest<Stage>('/api/Stage', { method: 'POST', body });

/** A refused field is shown beside it by the form; anything else goes to the global handler. */
export function useCreateStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStage,
    meta: { handlesErrors: ['ValidationFailed'] },
    onSuccess: (stage) => {
      queryClient.setQueryData(stageQueryKey(stage.id), stage);
      void queryClient.invalidateQueries({ queryKey: stageListQueryKey });
    },
  });
}
