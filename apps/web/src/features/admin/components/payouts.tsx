import { type Payout, type PayoutStatus, payoutStatuses } from '@portal/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { StatusPill, type StatusTone } from '../../../components/status-pill.tsx';
import { toast } from '../../../components/toast.tsx';
import { formatDateTime, formatDollars } from '../../../lib/format.ts';
import { usePayouts } from '../api/get-payouts.ts';
import { useRetryPayout } from '../api/retry-payout.ts';
import { useLastPageFallback } from '../hooks/use-last-page-fallback.ts';
import { IncomeList } from './income-list.tsx';

const TONES: Record<PayoutStatus, StatusTone> = { Pending: 'warning', Sent: 'success', Failed: 'error' };

const describePayout = (payout: Payout) => `${formatDollars(payout.amount)} to ${payout.partnerEmail}`;

function PayoutRow({ payout, onRetry }: { payout: Payout; onRetry: () => void }) {
  return (
    <tr className={payout.status === 'Failed' ? 'income-table__row--failed' : undefined}>
      <th scope="row" className="income-table__partner">
        <span className="income-table__email">{payout.partnerEmail}</span>
      </th>
      <td className="income-table__date">{payout.payoutDate}</td>
      <td className="income-table__amount">{formatDollars(payout.amount)}</td>
      <td className="income-table__amount">{payout.salesCount}</td>
      <td>
        <StatusPill tone={TONES[payout.status]}>{payout.status}</StatusPill>
      </td>
      <td className="income-table__amount">{payout.attempts}</td>
      <td className="income-table__details">
        {payout.status === 'Failed' ? (
          <>
            <span className="income-table__reason">{payout.failureReason ?? 'No reason was given.'}</span>
            <Button variant="secondary" onClick={onRetry} isThrottled={false}>
              Retry<span className="visually-hidden"> the payout of {describePayout(payout)}</span>
            </Button>
          </>
        ) : payout.status === 'Sent' ? (
          <>
            <time dateTime={payout.sentAt ?? undefined}>{formatDateTime(payout.sentAt)}</time>
            {payout.transferId ? <span className="income-table__muted">{payout.transferId}</span> : null}
          </>
        ) : (
          <span className="income-table__muted">Being transferred</span>
        )}
      </td>
    </tr>
  );
}

export interface PayoutsProps {
  /** The state shown; every payout when undefined. The page holds it: a run's failures open this list filtered. */
  status: PayoutStatus | undefined;
  onStatusChange: (status: PayoutStatus | undefined) => void;
}

/** Payouts to partners, newest payout day first, filtered by state; a failed one can be retried now. */
export function Payouts({ status, onStatusChange }: PayoutsProps) {
  const titleId = useId();
  const filterId = useId();
  const [page, setPage] = useState(1);
  const payouts = usePayouts({ page, status });
  useLastPageFallback(page, setPage, payouts.data?.totalCount);
  const retry = useRetryPayout();
  const [retrying, setRetrying] = useState<Payout>();

  const retryNow = async () => {
    if (!retrying) return;
    try {
      const after = await retry.mutateAsync(retrying.id);
      if (after.status === 'Sent') toast.success(`The payout of ${describePayout(after)} is sent.`);
      else toast.warning(`The payout of ${describePayout(after)} failed again: ${after.failureReason ?? after.status}`);
    } catch {
      // the query client has reported it; the list refreshes either way
    }
    setRetrying(undefined);
  };

  return (
    <section className="income-section" aria-labelledby={titleId}>
      <div className="page-heading income-section__heading">
        <div>
          <h2 id={titleId}>Payouts</h2>
          <p className="page-heading__intro">
            One transfer per partner and payout day. A failed one is tried again by the next settlement run, or now with
            Retry, to the payout account the partner has connected by then.
          </p>
        </div>
        <div className="income-filter">
          <label className="field__label" htmlFor={filterId}>
            Status
          </label>
          <select
            id={filterId}
            className="input"
            value={status ?? ''}
            onChange={(event) => {
              const chosen = payoutStatuses.find((candidate) => candidate === event.target.value);
              onStatusChange(chosen);
              setPage(1);
            }}
          >
            <option value="">All</option>
            {payoutStatuses.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </div>
      </div>
      <IncomeList
        query={payouts}
        label="Payouts"
        emptyText={status ? `No payout is ${status.toLowerCase()}.` : 'No payout has been made yet.'}
        page={page}
        onPageChange={setPage}
        pagerLabel="Payouts pages"
      >
        {(rows) => (
          <table className="table income-table income-table--payouts">
            <caption className="visually-hidden">
              {status ? `${status} payouts` : 'Payouts'}, newest payout day first
            </caption>
            <thead>
              <tr>
                <th scope="col">Partner</th>
                <th scope="col">Payout day</th>
                <th scope="col" className="income-table__amount">
                  Amount
                </th>
                <th scope="col" className="income-table__amount">
                  Sales
                </th>
                <th scope="col">Status</th>
                <th scope="col" className="income-table__amount">
                  Attempts
                </th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((payout) => (
                <PayoutRow key={payout.id} payout={payout} onRetry={() => setRetrying(payout)} />
              ))}
            </tbody>
          </table>
        )}
      </IncomeList>
      <ConfirmDialog
        isOpen={retrying !== undefined}
        title="Retry this transfer?"
        confirmLabel="Retry transfer"
        isBusy={retry.isPending}
        onCancel={() => setRetrying(undefined)}
        onConfirm={retryNow}
      >
        <p>
          Money moves now: {retrying ? describePayout(retrying) : ''}, for the payout day {retrying?.payoutDate}, goes
          to the payout account the partner has connected now.
        </p>
        {retrying?.failureReason ? <p>The last attempt failed: {retrying.failureReason}</p> : null}
      </ConfirmDialog>
    </section>
  );
}
