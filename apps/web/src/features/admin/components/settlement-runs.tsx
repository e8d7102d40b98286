import type { SettlementRun } from '@portal/contracts';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { toast } from '../../../components/toast.tsx';
import { formatDateTime, formatDollars } from '../../../lib/format.ts';
import { useSettlementRuns } from '../api/get-settlement-runs.ts';
import { useRunSettlement } from '../api/run-settlement.ts';
import { useLastPageFallback } from '../hooks/use-last-page-fallback.ts';
import { ConsoleSection } from './console-section.tsx';
import { IncomeList } from './income-list.tsx';
import { AmountColumn } from './income-table.tsx';

const outcomeOf = (run: SettlementRun) =>
  `${run.paidCount} paid (${formatDollars(run.total)}), ${run.failedCount} failed, ${run.waitingCount} waiting`;

function RunRow({ run, onShowFailed }: { run: SettlementRun; onShowFailed: () => void }) {
  return (
    <tr>
      <th scope="row" className="income-table__date">
        {run.payoutDate}
      </th>
      <td className="income-table__when">
        <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
        {run.finishedAt ? null : <StatusPill tone="info">Running</StatusPill>}
      </td>
      <td>{run.trigger}</td>
      <td className="income-table__amount">{run.paidCount}</td>
      <td className="income-table__amount">
        {run.failedCount > 0 ? (
          <button type="button" className="link-button link-button--danger" onClick={onShowFailed}>
            {run.failedCount}
            <span className="visually-hidden"> failed: show the failed payouts</span>
          </button>
        ) : (
          0
        )}
      </td>
      <td className="income-table__amount">{run.waitingCount}</td>
      <td className="income-table__amount">{formatDollars(run.total)}</td>
    </tr>
  );
}

export interface SettlementRunsProps {
  /** Opens the payouts that failed (a run's failures are transfers to retry there). */
  onShowFailed: () => void;
}

/** Settlement runs, newest first, and running the settlement of the latest payout day now (after a confirmation). */
export function SettlementRuns({ onShowFailed }: SettlementRunsProps) {
  const [page, setPage] = useState(1);
  const runs = useSettlementRuns(page);
  useLastPageFallback(page, setPage, runs.data?.totalCount);
  const run = useRunSettlement();
  const [isAsking, setIsAsking] = useState(false);

  const runNow = async () => {
    try {
      const finished = await run.mutateAsync();
      toast.success(`Settlement of ${finished.payoutDate} finished: ${outcomeOf(finished)}.`);
      setPage(1);
    } catch {
      // the query client has reported it (another run under way, most likely)
    }
    setIsAsking(false);
  };

  return (
    <ConsoleSection
      title="Settlement runs"
      intro={
        <>
          Each run pays partners the income due by the latest payout day, and tries failed transfers again. The
          scheduled job runs it on payout days; a run never pays anything twice.
        </>
      }
      actions={
        <Button onClick={() => setIsAsking(true)} isThrottled={false}>
          Run settlement now
        </Button>
      }
    >
      <IncomeList
        query={runs}
        label="Settlement runs"
        emptyText="No settlement has run yet."
        page={page}
        onPageChange={setPage}
        pagerLabel="Settlement runs pages"
        className="income-table--runs"
        caption="Settlement runs, newest first"
        columns={
          <>
            <th scope="col">Payout day</th>
            <th scope="col">Started</th>
            <th scope="col">By</th>
            <AmountColumn>Paid</AmountColumn>
            <AmountColumn>Failed</AmountColumn>
            <AmountColumn>Waiting</AmountColumn>
            <AmountColumn>Transferred</AmountColumn>
          </>
        }
      >
        {(entry) => <RunRow key={entry.id} run={entry} onShowFailed={onShowFailed} />}
      </IncomeList>
      <ConfirmDialog
        isOpen={isAsking}
        title="Run settlement now?"
        confirmLabel="Run settlement"
        isBusy={run.isPending}
        onCancel={() => setIsAsking(false)}
        onConfirm={runNow}
      >
        <p>
          Money moves now: every partner with a connected payout account is paid the income due by the latest payout
          day, and failed transfers are tried again.
        </p>
        <p>Partners without a payout account keep their income until they connect one.</p>
      </ConfirmDialog>
    </ConsoleSection>
  );
}
