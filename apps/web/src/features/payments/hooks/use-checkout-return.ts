import type { SubscriptionRecord } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { confirmCheckout } from '../api/confirm-checkout.ts';
import { CHECKOUT_PARAM, SESSION_ID_PARAM } from '../utils/paths.ts';

/** How the partner's checkout ended, as the return page tells it. */
export type CheckoutReturn =
  | { kind: 'confirming' }
  /** A paid month, or a free one (which comes back with no checkout to ask about, and no record). */
  | { kind: 'paid'; expiredAt: string | null }
  | { kind: 'failed' }
  | { kind: 'cancelled' }
  /** The provider has not said yet; `isWaiting` while the page keeps asking. */
  | { kind: 'processing'; isWaiting: boolean }
  | { kind: 'error'; message: string };

/** How often, and how many times more, the page asks about a payment still being processed. */
const POLL_INTERVAL_MS = 2000;
const POLL_ATTEMPTS = 5;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function outcomeOf(record: SubscriptionRecord): CheckoutReturn {
  switch (record.payStatus) {
    case 'Successed':
      return { kind: 'paid', expiredAt: record.expiredAt };
    case 'Failed':
      return { kind: 'failed' };
    case 'Cancelled':
      return { kind: 'cancelled' };
    case 'Processing':
      return { kind: 'processing', isWaiting: true };
  }
}

/**
 * The return from the payment provider's checkout (`?checkout=success|cancelled&session_id=…`): asks the server
 * how the checkout ended (from the cancel page, closing it first), keeps asking a few times while the payment is
 * processed, then takes the query off the URL and refreshes what the purchase changed.
 */
export function useCheckoutReturn(): { outcome: CheckoutReturn | null; dismiss: () => void } {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<CheckoutReturn | null>(null);
  const checkout = params.get(CHECKOUT_PARAM);
  const sessionId = params.get(SESSION_ID_PARAM);
  const handled = useRef<string | null>(null);
  const isMounted = useRef(true);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (checkout !== 'success' && checkout !== 'cancelled') return;
    const key = `${checkout}:${sessionId ?? ''}`;
    if (handled.current === key) return;
    handled.current = key;

    const finish = (shown: CheckoutReturn) => {
      if (!isMounted.current) return;
      setOutcome(shown);
      void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      // a reload or a shared link must not ask again: the URL goes back to the page's own
      const rest = new URLSearchParams(window.location.search);
      rest.delete(CHECKOUT_PARAM);
      rest.delete(SESSION_ID_PARAM);
      navigate({ search: rest.toString() }, { replace: true });
    };

    if (!sessionId) {
      // a free month is bought at once and comes straight back to the success page; a cancel has nothing to close
      finish(checkout === 'success' ? { kind: 'paid', expiredAt: null } : { kind: 'cancelled' });
      return;
    }

    setOutcome({ kind: 'confirming' });
    const body = { sessionId, ...(checkout === 'cancelled' ? { cancelled: true } : {}) };
    void (async () => {
      try {
        let record = await confirmCheckout(body);
        for (let attempt = 0; record.payStatus === 'Processing' && attempt < POLL_ATTEMPTS; attempt += 1) {
          if (!isMounted.current) return;
          setOutcome({ kind: 'processing', isWaiting: true });
          await delay(POLL_INTERVAL_MS);
          if (!isMounted.current) return;
          record = await confirmCheckout(body, { background: true });
        }
        const shown = outcomeOf(record);
        finish(shown.kind === 'processing' ? { kind: 'processing', isWaiting: false } : shown);
      } catch (err) {
        finish({ kind: 'error', message: err instanceof ApiError ? err.message : 'Error' });
      }
    })();
  }, [checkout, sessionId, navigate, queryClient]);

  const dismiss = useCallback(() => setOutcome(null), []);
  return { outcome, dismiss };
}
