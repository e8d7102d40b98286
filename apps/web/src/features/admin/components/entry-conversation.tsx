import type { ReviewQueueItem } from '@portal/contracts';
import { useId, useState } from 'react';
import { Conversation } from '../../../components/conversation.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { useAdminReviewMessages, useSendAdminReviewMessage } from '../api/review-messages.ts';

function Thread({ entry }: { entry: ReviewQueueItem }) {
  const messages = useAdminReviewMessages(entry.versionId);
  const send = useSendAdminReviewMessage(entry.versionId);
  return (
    <Conversation
      title={`Conversation with ${entry.partner.fullName}`}
      emptyText="No messages yet. Questions you write here are mailed to the partner, who answers from the version page."
      messages={messages.data}
      isError={messages.isError}
      isSending={send.isPending}
      onSend={(message) => send.mutateAsync(message)}
    />
  );
}

/** A review entry's conversation with the partner, opened on demand. */
export function EntryConversation({ entry }: { entry: ReviewQueueItem }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="entry-conversation">
      <button
        type="button"
        className="link-button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        {isOpen ? 'Hide the conversation' : `Conversation (${entry.messageCount})`}
      </button>
      {entry.partnerReplied ? <StatusPill tone="warning">Partner replied</StatusPill> : null}
      <div id={panelId} hidden={!isOpen}>
        {isOpen ? <Thread entry={entry} /> : null}
      </div>
    </div>
  );
}
