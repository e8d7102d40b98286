import { formatInstant } from '../../../lib/format.ts';
import type { CheckoutReturn } from '../hooks/use-checkout-return.ts';

export interface CheckoutNoticeProps {
  outcome: CheckoutReturn;
  /** Until when the partner's months run now: a free month comes back without its record. */
  activeUntil: string | null | undefined;
  onDismiss: () => void;
}

function textOf(outcome: CheckoutReturn, activeUntil: string | null | undefined): string {
  switch (outcome.kind) {
    case 'confirming':
      return 'Checking your payment…';
    case 'paid': {
      const until = outcome.expiredAt ?? activeUntil;
      return until
        ? `Payment received: your placement month runs until ${formatInstant(until)}.`
        : 'Payment received: your placement month is confirmed.';
    }
    case 'failed':
      return 'Your payment was declined, so no month was bought. You can try again with another card.';
    case 'cancelled':
      return 'The checkout was cancelled: nothing was charged.';
    case 'processing':
      return outcome.isWaiting
        ? 'Your payment is being processed…'
        : 'Your payment is being processed. My Purchase History shows how it ends once the payment provider confirms it.';
    case 'error':
      return `Your payment could not be checked: ${outcome.message}`;
  }
}

const ALERT_CLASS: Record<CheckoutReturn['kind'], string> = {
  confirming: 'alert--info',
  paid: 'alert--success',
  failed: 'alert--error',
  cancelled: 'alert--info',
  processing: 'alert--warning',
  error: 'alert--error',
};

/** What the return from the checkout came to; a failure is an alert, anything else a polite status. */
export function CheckoutNotice({ outcome, activeUntil, onDismiss }: CheckoutNoticeProps) {
  const isFailure = outcome.kind === 'failed' || outcome.kind === 'error';
  const isSettling = outcome.kind === 'confirming' || (outcome.kind === 'processing' && outcome.isWaiting);
  return (
    <div
      className={`alert ${ALERT_CLASS[outcome.kind]} checkout-notice`}
      role={isFailure ? 'alert' : 'status'}
      aria-busy={isSettling || undefined}
    >
      {isSettling ? <span className="spinner checkout-notice__spinner" aria-hidden="true" /> : null}
      <p className="checkout-notice__text">{textOf(outcome, activeUntil)}</p>
      {isSettling ? null : (
        <button type="button" className="checkout-notice__close" aria-label="Dismiss" onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}
