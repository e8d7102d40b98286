import { type CatalogItemType, type ReviewMessagesResponse, versionMessages } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toast.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiBase } from '../utils/item-api.ts';

const messagesKey = (type: CatalogItemType, versionId: string) => ['review-messages', type, versionId] as const;

export const useReviewMessages = (type: CatalogItemType, versionId: string) =>
  useQuery({
    queryKey: messagesKey(type, versionId),
    queryFn: ({ signal }) =>
      apiRequest<ReviewMessagesResponse>(`${apiBase(type)}/Version/Messages/${encodeURIComponent(versionId)}`, {
        signal,
        background: true,
      }),
    select: (response) => response.data,
    meta: { handlesErrors: ['VersionNotFound'] },
  });

export function useSendReviewMessage(type: CatalogItemType, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest<ReviewMessagesResponse>(`${apiBase(type)}/Version/Messages/${encodeURIComponent(versionId)}`, {
        method: 'POST',
        body: { message },
      }),
    onSuccess: (response) => {
      queryClient.setQueryData(messagesKey(type, versionId), response);
      toast.success(versionMessages.messageSent);
    },
  });
}
