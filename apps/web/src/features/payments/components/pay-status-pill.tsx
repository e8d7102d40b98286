import { type PayStatus, payStatusLabels } from '@portal/contracts';
import { StatusPill, type StatusTone } from '../../../components/status-pill.tsx';

/** SPEC §4: a declined or cancelled payment looks like a failure, one being processed has a style of its own. */
const PAY_STATUS_TONES: Record<PayStatus, StatusTone> = {
  Processing: 'info',
  Successed: 'success',
  Failed: 'error',
  Cancelled: 'error',
};

/** A purchase's payment, with SPEC §4's label. */
export function PayStatusPill({ status }: { status: PayStatus }) {
  return (
    <StatusPill tone={PAY_STATUS_TONES[status]} className="purchases-pill">
      {payStatusLabels[status]}
    </StatusPill>
  );
}
