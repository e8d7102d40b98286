import type { CatalogItemType } from '@portal/contracts';
import { useEffect, useRef } from 'react';
import { Conversation } from '../../../components/conversation.tsx';
import { useMarkMessagesRead, useReviewMessages, useSendReviewMessage } from '../api/review-messages.ts';

export interface ReviewConversationProps {
  type: CatalogItemType;
  itemId: string;
  versionId: string;
  /** Reviewer messages not read yet: once they are shown, the conversation is marked read. */
  unreadCount: number;
}

/** A version's thread with Lumora's reviewers; showing it marks it read. */
export function ReviewConversation({ type, itemId, versionId, unreadCount }: ReviewConversationProps) {
  const messages = useReviewMessages(type, versionId);
  const send = useSendReviewMessage(type, versionId);
  const { mutate: markRead } = useMarkMessagesRead(type, itemId, versionId);
  const markedUpTo = useRef<string>(undefined);
  const newestId = messages.data?.at(-1)?.id;

  useEffect(() => {
    if (unreadCount === 0 || !newestId || markedUpTo.current === newestId) return;
    markedUpTo.current = newestId;
    markRead(newestId);
  }, [unreadCount, newestId, markRead]);

  return (
    <Conversation
      title="Conversation with the review team"
      emptyText="No messages yet. Anything the reviewers should know about this version — test accounts, devices, how to reach a level — write it here; their questions show up here and in your mailbox."
      messages={messages.data}
      isError={messages.isError}
      isSending={send.isPending}
      onSend={(message) => send.mutateAsync(message)}
    />
  );
}
