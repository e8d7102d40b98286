import { SUBSCRIPTION_QUANTITY } from '@portal/contracts';
import { PURCHASE_HISTORY_PATH } from '@portal/contracts/pages';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { formatInstant } from '../../../lib/format.ts';
import { useSettings } from '../../../lib/settings.ts';
import { useSubscriptionStatus } from '../api/get-subscription-status.ts';
import { usePurchaseSubscription } from '../api/purchase-subscription.ts';
import { useCheckoutReturn } from '../hooks/use-checkout-return.ts';
import { checkoutReturnUrls, isSuccessReturn } from '../utils/paths.ts';
import { CheckoutNotice } from './checkout-notice.tsx';
import '../payments.css';

/** SPEC §1's terms of AR placement, said where it is bought. */
const TERMS = [
  'AR placement lasts one month, then expires and is removed automatically.',
  'The VPS app is in beta and content may be removed.',
];

function State() {
  const status = useSubscriptionStatus();
  if (status.isPending) return <span className="subscription-panel__placeholder">Loading…</span>;
  if (status.isError) return <span className="subscription-panel__placeholder">Not available</span>;
  const { isSubscribed, activeUntil } = status.data;
  if (isSubscribed && activeUntil) {
    return (
      <span className="subscription-panel__state subscription-panel__state--active">
        Active until {formatInstant(activeUntil)}
      </span>
    );
  }
  return (
    <>
      <span className="subscription-panel__state">Not subscribed</span>
      {activeUntil ? (
        <span className="subscription-panel__hint">Your last month ended on {formatInstant(activeUntil)}.</span>
      ) : null}
    </>
  );
}

function Price() {
  const settings = useSettings();
  if (!settings.data)
    return <span className="subscription-panel__placeholder">{settings.isError ? '—' : 'Loading…'}</span>;
  const { partnerSubscriptionUnitPricePermonth: price, pricePermonthToString: text } = settings.data;
  // the server words the price: "x.xx USD", or "Free" when it is not above 0
  return <span className="subscription-panel__price">{price > 0 ? `${text} / month` : text}</span>;
}

/**
 * The partner's AR placement on /vps: whether a month covers now, its price, the purchase of one more month (sent to
 * the payment provider's checkout, which sends the partner back here), and what the return came to.
 */
export function SubscriptionPanel({ canBuy = true }: { canBuy?: boolean }) {
  const navigate = useNavigate();
  const purchase = usePurchaseSubscription();
  const status = useSubscriptionStatus();
  const { outcome, dismiss } = useCheckoutReturn();
  // the button keeps its spinner from the click until the browser has left for the checkout
  const [isLeaving, setIsLeaving] = useState(false);

  // Back from the checkout may bring this page out of the browser's cache as it was left: spinning
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setIsLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const buy = () => {
    dismiss();
    purchase.mutate(
      { quantity: SUBSCRIPTION_QUANTITY, ...checkoutReturnUrls(window.location.origin) },
      {
        onSuccess: ({ url }) => {
          // a free month is bought at once: the answer is the success page itself, shown without leaving the app
          if (isSuccessReturn(url)) {
            const target = new URL(url);
            navigate({ pathname: target.pathname, search: target.search });
          } else {
            setIsLeaving(true);
            window.location.assign(url);
          }
        },
      },
    );
  };

  return (
    <section className="card subscription-panel" aria-labelledby="subscription-title">
      <h2 id="subscription-title" className="subscription-panel__title">
        AR placement
      </h2>
      {outcome ? <CheckoutNotice outcome={outcome} activeUntil={status.data?.activeUntil} onDismiss={dismiss} /> : null}
      <dl className="subscription-panel__facts">
        <div className="subscription-panel__fact">
          <dt>Subscription</dt>
          <dd>
            <State />
          </dd>
        </div>
        <div className="subscription-panel__fact">
          <dt>Price</dt>
          <dd>
            <Price />
          </dd>
        </div>
      </dl>
      {canBuy ? (
        <div className="subscription-panel__buy">
          <Button
            size="lg"
            onClick={buy}
            isLoading={purchase.isPending || isLeaving}
            aria-describedby="subscription-next-month"
          >
            Buy one month
          </Button>
          <p id="subscription-next-month" className="subscription-panel__note">
            {status.data?.isSubscribed && status.data.activeUntil
              ? `A month bought now starts when the active one ends, on ${formatInstant(status.data.activeUntil)}.`
              : 'A month bought while one is active starts when the active one ends.'}
          </p>
        </div>
      ) : (
        <div className="subscription-panel__buy">
          <p className="subscription-panel__note">
            The Owner, Admins and Finance buy months of placement; a month they buy covers every stage of the studio.
          </p>
        </div>
      )}
      <ul className="check-list subscription-panel__terms">
        {TERMS.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
      {canBuy ? (
        <Link className="subscription-panel__history" to={PURCHASE_HISTORY_PATH}>
          My Purchase History
        </Link>
      ) : null}
    </section>
  );
}
