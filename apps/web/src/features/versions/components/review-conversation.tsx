import type { CatalogItemType } from '@portal/contracts';
import { Conversation } from '../../../components/conversation.tsx';
import { useReviewMessages, useSendReviewMessage } from '../api/review-messages.ts';

/** The Version page's thread with Lumora's reviewers. */
export function ReviewConversation({ type, versionId }: { type: CatalogItemType; versionId: string }) {
  const messages = useReviewMessages(type, versionId);
  const send = useSendReviewMessage(type, versionId);
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
