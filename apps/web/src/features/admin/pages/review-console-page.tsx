import type { ReviewQueueItem } from '@portal/contracts';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { toast } from '../../../components/toast.tsx';
import { useLiveReleases } from '../api/get-live-releases.ts';
import { useReviewQueue } from '../api/get-review-queue.ts';
import { type ReviewAction, useReviewVersion } from '../api/review-version.ts';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { ReviewEntry } from '../components/review-entry.tsx';

type Asking = { action: 'Reject' | 'TakeDown'; entry: ReviewQueueItem };

const done: Record<ReviewAction, string> = {
  Start: 'Review started',
  Accept: 'Version accepted and released',
  Reject: 'Version rejected',
  TakeDown: 'Version taken down',
};

/** The review console: versions to review, oldest first, and live versions that can be taken down. */
export default function ReviewConsolePage() {
  const queue = useReviewQueue();
  const live = useLiveReleases();
  const review = useReviewVersion();
  const [tab, setTab] = useState<'queue' | 'live'>('queue');
  const [asking, setAsking] = useState<Asking>();

  const act = async (action: ReviewAction, entry: ReviewQueueItem, reason?: string) => {
    await review.mutateAsync({ action, versionId: entry.versionId, ...(reason === undefined ? {} : { reason }) });
    toast.success(done[action]);
  };

  const entries = tab === 'queue' ? queue.data?.data : live.data?.data;
  return (
    <div className="review-console">
      <div className="tabs" role="tablist" aria-label="Review console">
        <button type="button" role="tab" aria-selected={tab === 'queue'} onClick={() => setTab('queue')}>
          Review queue{queue.data ? ` (${queue.data.data.length})` : ''}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'live'} onClick={() => setTab('live')}>
          Live releases{live.data ? ` (${live.data.data.length})` : ''}
        </button>
      </div>
      <div role="tabpanel" aria-label={tab === 'queue' ? 'Review queue' : 'Live releases'}>
        {!entries ? (
          <div className="page-loading" aria-busy="true" />
        ) : entries.length === 0 ? (
          <div className="empty">
            <p>{tab === 'queue' ? 'Nothing is waiting for review.' : 'No version is live.'}</p>
          </div>
        ) : (
          entries.map((entry) => (
            <ReviewEntry
              key={entry.versionId}
              entry={entry}
              actions={
                tab === 'live' ? (
                  <Button key="take-down" variant="danger" onClick={() => setAsking({ action: 'TakeDown', entry })}>
                    Take Down
                  </Button>
                ) : entry.reviewStatus === 'SubmitedWaitingReview' ? (
                  <Button key="start" onClick={() => act('Start', entry)}>
                    Start Review
                  </Button>
                ) : (
                  <>
                    <Button key="accept" onClick={() => act('Accept', entry)}>
                      Accept
                    </Button>
                    <Button key="reject" variant="danger" onClick={() => setAsking({ action: 'Reject', entry })}>
                      Reject
                    </Button>
                  </>
                )
              }
            />
          ))
        )}
      </div>
      <ReasonDialog
        isOpen={asking !== undefined}
        title={asking?.action === 'TakeDown' ? 'Take down this version' : 'Reject this version'}
        description={
          asking
            ? `${asking.entry.itemName} version ${asking.entry.version}: the partner reads this reason on the Detail page and in a mail.`
            : ''
        }
        confirmLabel={asking?.action === 'TakeDown' ? 'Take Down' : 'Reject'}
        onCancel={() => setAsking(undefined)}
        onConfirm={async (reason) => {
          if (!asking) return;
          await act(asking.action, asking.entry, reason);
          setAsking(undefined);
        }}
      />
    </div>
  );
}
