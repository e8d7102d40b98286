import { isLive, type ReviewQueueItem, reviewActionsFor } from '@portal/contracts';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { toast } from '../../../components/toast.tsx';
import { useLiveReleases } from '../api/get-live-releases.ts';
import { useReviewQueue } from '../api/get-review-queue.ts';
import { type ReviewAction, useReviewVersion } from '../api/review-version.ts';
import { ConsoleTabs } from '../components/console-tabs.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { ReviewEntry } from '../components/review-entry.tsx';

type Asking = { action: 'Reject' | 'TakeDown'; entry: ReviewQueueItem };
type Tab = 'queue' | 'live';

const done: Record<ReviewAction, string> = {
  Start: 'Review started',
  Accept: 'Version accepted and released',
  Reject: 'Version rejected',
  TakeDown: 'Version taken down',
};

const entryName = (entry: ReviewQueueItem) => `${entry.itemName} version ${entry.version}`;

/** The review console: versions to review, oldest first, and live versions that can be taken down. */
export default function ReviewConsolePage() {
  const queue = useReviewQueue();
  const live = useLiveReleases();
  const review = useReviewVersion();
  const [tab, setTab] = useState<Tab>('queue');
  const [asking, setAsking] = useState<Asking>();
  const [accepting, setAccepting] = useState<ReviewQueueItem>();

  /** A refused step has been reported once by the query client: it only answers false. */
  const act = async (action: ReviewAction, entry: ReviewQueueItem, reason?: string): Promise<boolean> => {
    try {
      await review.mutateAsync({ action, versionId: entry.versionId, ...(reason === undefined ? {} : { reason }) });
    } catch {
      return false;
    }
    toast.success(done[action]);
    return true;
  };

  const actionsOf = (entry: ReviewQueueItem) => {
    if (isLive(entry)) {
      return (
        <Button variant="danger" onClick={() => setAsking({ action: 'TakeDown', entry })} isThrottled={false}>
          Take Down
        </Button>
      );
    }
    const steps = reviewActionsFor(entry);
    return (
      <>
        {steps.includes('start') ? <Button onClick={() => act('Start', entry)}>Start Review</Button> : null}
        {steps.includes('accept') ? (
          <Button onClick={() => setAccepting(entry)} isThrottled={false}>
            Accept
          </Button>
        ) : null}
        {steps.includes('reject') ? (
          <Button variant="danger" onClick={() => setAsking({ action: 'Reject', entry })} isThrottled={false}>
            Reject
          </Button>
        ) : null}
      </>
    );
  };

  const list = (entries: ReviewQueueItem[] | undefined, emptyText: string) =>
    !entries ? (
      <div className="page-loading" aria-busy="true" />
    ) : entries.length === 0 ? (
      <div className="empty">
        <p>{emptyText}</p>
      </div>
    ) : (
      entries.map((entry) => <ReviewEntry key={entry.versionId} entry={entry} actions={actionsOf(entry)} />)
    );

  return (
    <div className="review-console">
      <ConsoleTabs<Tab>
        label="Review console"
        selected={tab}
        onSelect={setTab}
        tabs={[
          {
            key: 'queue',
            label: `Review queue${queue.data ? ` (${queue.data.data.length})` : ''}`,
            panel: list(queue.data?.data, 'Nothing is waiting for review.'),
          },
          {
            key: 'live',
            label: `Live releases${live.data ? ` (${live.data.data.length})` : ''}`,
            panel: list(live.data?.data, 'No version is live.'),
          },
        ]}
      />
      <ConfirmDialog
        isOpen={accepting !== undefined}
        title="Accept this version?"
        confirmLabel="Accept and release"
        isBusy={review.isPending}
        onCancel={() => setAccepting(undefined)}
        onConfirm={async () => {
          if (!accepting) return;
          // closed either way: a refusal has been reported, and Accept is one click away to try again
          await act('Accept', accepting);
          setAccepting(undefined);
        }}
      >
        <p>
          {accepting ? entryName(accepting) : ''} goes live on the Lumora marketplace now, and its partner is told by
          mail.
        </p>
      </ConfirmDialog>
      <ReasonDialog
        isOpen={asking !== undefined}
        title={asking?.action === 'TakeDown' ? 'Take down this version' : 'Reject this version'}
        description={
          asking ? `${entryName(asking.entry)}: the partner reads this reason on the Detail page and in a mail.` : ''
        }
        confirmLabel={asking?.action === 'TakeDown' ? 'Take Down' : 'Reject'}
        onCancel={() => setAsking(undefined)}
        onConfirm={async (reason) => {
          if (!asking) return;
          if (await act(asking.action, asking.entry, reason)) setAsking(undefined);
        }}
      />
    </div>
  );
}
