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
  /** Whether the member's role writes to the reviewers (and marks their messages read); else the thread is read only. */
  canWrite?: boolean;
}

/** Why a role that reads versions finds no box to write to the reviewers in. */
export const READ_ONLY_CONVERSATION =
  'Your role in this studio reads the conversation; the Owner, Admins and Developers write to the reviewers.';

/** A version's thread with Lumora's reviewers; showing it marks it read. */
export function ReviewConversation({ type, itemId, versionId, unreadCount, canWrite = true }: ReviewConversationProps) {
  const messages = useReviewMessages(type, versionId);
  const send = useSendReviewMessage(type, versionId);
  const { mutate: markRead } = useMarkMessagesRead(type, itemId, versionId);
  const markedUpTo = useRef<string>(undefined);
  const newestId = messages.data?.at(-1)?.id;

  useEffect(() => {
    if (!canWrite || unreadCount === 0 || !newestId || markedUpTo.current === newestId) return;
    markedUpTo.current = newestId;
    markRead(newestId);
  }, [canWrite, unreadCount, newestId, markRead]);

  return (
    <Conversation
      title="Conversation with the review team"
      emptyText="No messages yet. Anything the reviewers should know about this version — test accounts, devices, how to reach a level — write it here; their questions show up here and in your mailbox."
      messages={messages.data}
      isError={messages.isError}
      isSending={send.isPending}
      {...(canWrite
        ? { onSend: (message: string) => send.mutateAsync(message) }
        : { readOnlyNote: READ_ONLY_CONVERSATION })}
    />
  );
}
