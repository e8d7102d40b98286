import {
  type CatalogItemType,
  type ReviewMessagesResponse,
  type UnreadMessagesResponse,
  versionMessages,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toast.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiBase, versionQueryKey, versionsQueryKey } from '../utils/item-api.ts';

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

/** The partner has been shown the conversation up to `lastMessageId`: Detail's unread counts follow. */
export function useMarkMessagesRead(type: CatalogItemType, itemId: string, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lastMessageId: string) =>
      apiRequest<UnreadMessagesResponse>(`${apiBase(type)}/Version/Messages/Read/${encodeURIComponent(versionId)}`, {
        method: 'PUT',
        body: { lastMessageId },
        background: true,
      }),
    // a count that stays a little longer is not worth an error toast
    meta: { handlesErrors: 'all' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: versionsQueryKey(type, itemId) }),
        queryClient.invalidateQueries({ queryKey: versionQueryKey(type, versionId) }),
      ]),
  });
}
