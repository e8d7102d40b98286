import type { Stage } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { stageQueryKey } from './get-stage.ts';
import { stageListQueryKey } from './get-stages.ts';

/** Publishes a draft, or an expired stage for a new month; needs a bought month covering now. */
export const publishStage = (id: string) =>
  apiRequest<Stage>(`/api/Stage/Publish/${encodeURIComponent(id)}`, { method: 'PUT' });

/** The list says why a publish was refused (no month bought, published meanwhile) and shows the stage as it is. */
export function usePublishStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishStage,
    meta: { handlesErrors: ['SubscriptionRequired', 'StageNotPublishable'] },
    onSuccess: (stage) => queryClient.setQueryData(stageQueryKey(stage.id), stage),
    // published meanwhile (another tab) or not: the list shows each stage's state as the server has it
    onSettled: () => queryClient.invalidateQueries({ queryKey: stageListQueryKey }),
  });
}
