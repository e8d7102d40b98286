import type { CatalogItemType } from '@portal/contracts';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { type AnyVersion, versionNumberOf } from '../utils/item-api.ts';
import { ReviewConversation } from './review-conversation.tsx';

/** Opens a version's conversation; says how many reviewer messages wait unread. */
export function ConversationButton({
  version,
  onOpen,
}: {
  version: AnyVersion;
  onOpen: (version: AnyVersion) => void;
}) {
  const unread = version.unreadMessageCount;
  return (
    <Button variant="secondary" onClick={() => onOpen(version)} isThrottled={false}>
      {/* one run of text, so that a narrow cell wraps it as words */}
      <span>
        Conversation<span className="visually-hidden"> about version {versionNumberOf(version)}</span>
        {unread > 0 ? ` (${unread} unread)` : null}
      </span>
    </Button>
  );
}

export interface ConversationDialogProps {
  type: CatalogItemType;
  itemId: string;
  /** The version whose conversation is open; none: closed. */
  version: AnyVersion | undefined;
  onClose: () => void;
  /** Whether the member's role writes to the reviewers. */
  canWrite?: boolean;
}

/**
 * A version's conversation with the reviewers, on Detail: reachable in every state of the version, and also for a
 * partner whose payout account is disconnected, whom the Version page's guard sends to /stripe.
 */
export function ConversationDialog({ type, itemId, version, onClose, canWrite = true }: ConversationDialogProps) {
  return (
    <Dialog
      isOpen={version !== undefined}
      title={version ? `Version ${versionNumberOf(version)}` : 'Version'}
      onClose={onClose}
      className="conversation-dialog"
    >
      {version ? (
        <div className="dialog__body">
          <ReviewConversation
            type={type}
            itemId={itemId}
            versionId={version.id}
            unreadCount={version.unreadMessageCount}
            canWrite={canWrite}
          />
        </div>
      ) : null}
    </Dialog>
  );
}
