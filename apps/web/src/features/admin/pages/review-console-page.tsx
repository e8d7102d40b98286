import {
  isLive,
  type PayoutStatus,
  REVIEW_QUEUE_PAGE_SIZE,
  type ReviewQueueItem,
  type ReviewQueuePage,
  reviewActionsFor,
} from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Tabs, tabId } from '../../../components/tabs.tsx';
import { toast } from '../../../components/toast.tsx';
import { useLiveReleases } from '../api/get-live-releases.ts';
import { useReviewQueue } from '../api/get-review-queue.ts';
import { type ReviewAction, useReviewVersion } from '../api/review-version.ts';
import { PartnerBalances } from '../components/partner-balances.tsx';
import { Payouts } from '../components/payouts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { ReviewEntry } from '../components/review-entry.tsx';
import { ReviewTimesPanel } from '../components/review-times-panel.tsx';
import { SettlementRuns } from '../components/settlement-runs.tsx';

type Asking = { action: 'Reject' | 'TakeDown'; entry: ReviewQueueItem };
const TABS = ['queue', 'live', 'times', 'balances', 'runs', 'payouts'] as const;
type Tab = (typeof TABS)[number];
/** The tab a URL names (`?tab=live`); the queue when it names none or one unknown. */
const tabOf = (value: string | null): Tab => TABS.find((tab) => tab === value) ?? 'queue';

const done: Record<ReviewAction, string> = {
  Start: 'Review started',
  Accept: 'Version accepted and released',
  Reject: 'Version rejected',
  TakeDown: 'Version taken down',
};

const entryName = (entry: ReviewQueueItem) => `${entry.itemName} version ${entry.version}`;

/**
 * The admin console: versions to review, oldest first, and live versions that can be taken down; and the finance
 * team's view of partners' money: balances and commission rates, settlement runs, payouts.
 */
export default function ReviewConsolePage() {
  const [queuePage, setQueuePage] = useState(1);
  const [livePage, setLivePage] = useState(1);
  const queue = useReviewQueue(queuePage);
  const live = useLiveReleases(livePage);
  const review = useReviewVersion();
  // a page emptied by reviewing its last entries falls back to the last page that has some
  const lastQueuePage = Math.max(1, Math.ceil((queue.data?.totalCount ?? 0) / REVIEW_QUEUE_PAGE_SIZE));
  const lastLivePage = Math.max(1, Math.ceil((live.data?.totalCount ?? 0) / REVIEW_QUEUE_PAGE_SIZE));
  useEffect(() => {
    if (queuePage > lastQueuePage) setQueuePage(lastQueuePage);
    if (livePage > lastLivePage) setLivePage(lastLivePage);
  }, [queuePage, lastQueuePage, livePage, lastLivePage]);
  // the tab is in the URL: a refresh keeps it, Back returns to the one before, a link can name one
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('tab'));
  const setTab = (next: Tab) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'queue') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { preventScrollReset: true },
    );
  const [payoutStatus, setPayoutStatus] = useState<PayoutStatus>();
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

  const list = (
    page: ReviewQueuePage | undefined,
    emptyText: string,
    pager: { page: number; onChange: (page: number) => void; label: string },
  ) =>
    !page ? (
      <div className="page-loading" aria-busy="true" />
    ) : page.data.length === 0 ? (
      <div className="empty">
        <p>{emptyText}</p>
      </div>
    ) : (
      <>
        {page.data.map((entry) => (
          <ReviewEntry key={entry.versionId} entry={entry} actions={actionsOf(entry)} />
        ))}
        <Pagination {...pager} pageSize={REVIEW_QUEUE_PAGE_SIZE} total={page.totalCount} />
      </>
    );

  return (
    <div className="review-console">
      <Tabs<Tab>
        idPrefix="console"
        label="Review console"
        selected={tab}
        onSelect={setTab}
        tabs={[
          {
            key: 'queue',
            label: `Review queue${queue.data ? ` (${queue.data.totalCount})` : ''}`,
            panel: list(queue.data, 'Nothing is waiting for review.', {
              page: queuePage,
              onChange: setQueuePage,
              label: 'Review queue pages',
            }),
          },
          {
            key: 'live',
            label: `Live releases${live.data ? ` (${live.data.totalCount})` : ''}`,
            panel: list(live.data, 'No version is live.', {
              page: livePage,
              onChange: setLivePage,
              label: 'Live releases pages',
            }),
          },
          {
            key: 'times',
            label: 'Review times',
            panel: (
              <ReviewTimesPanel
                onShowQueue={() => {
                  setQueuePage(1);
                  setTab('queue');
                  document.getElementById(tabId('console', 'queue'))?.focus();
                }}
              />
            ),
          },
          { key: 'balances', label: 'Balances', panel: <PartnerBalances /> },
          {
            key: 'runs',
            label: 'Settlement runs',
            panel: (
              <SettlementRuns
                onShowFailed={() => {
                  setPayoutStatus('Failed');
                  setTab('payouts');
                  // the link leaves with its panel: the focus goes to the tab now shown
                  document.getElementById(tabId('console', 'payouts'))?.focus();
                }}
              />
            ),
          },
          {
            key: 'payouts',
            label: 'Payouts',
            panel: <Payouts status={payoutStatus} onStatusChange={setPayoutStatus} />,
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
          {accepting?.releaseOnAcceptance === false
            ? `${entryName(accepting)} waits for its partner to release it, as they chose; they are told by mail.`
            : `${accepting ? entryName(accepting) : ''} goes live on the Lumora marketplace now, and its partner is told by mail.`}
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
