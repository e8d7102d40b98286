import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type ReviewAction = 'Start' | 'Accept' | 'Reject' | 'TakeDown';

export const reviewVersion = ({
  action,
  versionId,
  reason,
}: {
  action: ReviewAction;
  versionId: string;
  reason?: string;
}) =>
  apiRequest<unknown>(
    action === 'TakeDown' ? `/api/Admin/TakeDown/${versionId}` : `/api/Admin/Review/${action}/${versionId}`,
    {
      method: 'PUT',
      ...(reason === undefined ? {} : { body: { reason } }),
    },
  );

export function useReviewVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewVersion,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
