import { type ReviewMessagesResponse, versionMessages } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toast.tsx';
import { apiRequest } from '../../../lib/api-client.ts';

const path = (versionId: string) => `/api/Admin/Review/Messages/${encodeURIComponent(versionId)}`;
const messagesKey = (versionId: string) => ['admin', 'review-messages', versionId] as const;

export const useAdminReviewMessages = (versionId: string) =>
  useQuery({
    queryKey: messagesKey(versionId),
    queryFn: ({ signal }) => apiRequest<ReviewMessagesResponse>(path(versionId), { signal, background: true }),
    select: (response) => response.data,
  });

export function useSendAdminReviewMessage(versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest<ReviewMessagesResponse>(path(versionId), { method: 'POST', body: { message } }),
    onSuccess: async (response) => {
      queryClient.setQueryData(messagesKey(versionId), response);
      toast.success(versionMessages.messageSent);
      await queryClient.invalidateQueries({ queryKey: ['admin'], refetchType: 'active' });
    },
  });
}
