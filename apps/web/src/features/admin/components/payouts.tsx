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
import { ConsoleSection } from './console-section.tsx';
import { IncomeList } from './income-list.tsx';
import { AmountColumn } from './income-table.tsx';

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
    <ConsoleSection
      title="Payouts"
      intro={
        <>
          One transfer per partner and payout day. A failed one is tried again by the next settlement run, or now with
          Retry, to the payout account the partner has connected by then.
        </>
      }
      actions={
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
      }
    >
      <IncomeList
        query={payouts}
        label="Payouts"
        emptyText={status ? `No payout is ${status.toLowerCase()}.` : 'No payout has been made yet.'}
        page={page}
        onPageChange={setPage}
        pagerLabel="Payouts pages"
        className="income-table--payouts"
        caption={<>{status ? `${status} payouts` : 'Payouts'}, newest payout day first</>}
        columns={
          <>
            <th scope="col">Partner</th>
            <th scope="col">Payout day</th>
            <AmountColumn>Amount</AmountColumn>
            <AmountColumn>Sales</AmountColumn>
            <th scope="col">Status</th>
            <AmountColumn>Attempts</AmountColumn>
            <th scope="col">Details</th>
          </>
        }
      >
        {(payout) => <PayoutRow key={payout.id} payout={payout} onRetry={() => setRetrying(payout)} />}
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
    </ConsoleSection>
  );
}
