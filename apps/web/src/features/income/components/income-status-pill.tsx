import { type IncomeStatus, incomeStatusLabels, type PayoutStatus } from '@portal/contracts';
import { StatusPill, type StatusTone } from '../../../components/status-pill.tsx';

const INCOME_TONES: Record<IncomeStatus, StatusTone> = {
  Unsettled: 'warning',
  Settling: 'info',
  Settled: 'success',
  NonSettlement: 'neutral',
};

const PAYOUT_TONES: Record<PayoutStatus, StatusTone> = {
  Pending: 'info',
  Sent: 'success',
  Failed: 'error',
};

/** A sale's settlement, with SPEC §4's label. */
export function IncomeStatusPill({ status }: { status: IncomeStatus }) {
  return (
    <StatusPill tone={INCOME_TONES[status]} className="my-income-pill">
      {incomeStatusLabels[status]}
    </StatusPill>
  );
}

/** A payout's transfer: being sent, sent, or failed (retried on the next settlement run). */
export function PayoutStatusPill({ status }: { status: PayoutStatus }) {
  return (
    <StatusPill tone={PAYOUT_TONES[status]} className="my-income-pill">
      {status}
    </StatusPill>
  );
}
