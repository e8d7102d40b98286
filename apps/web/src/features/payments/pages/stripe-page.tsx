import { PAYOUT_DELAY_TEXT, PAYOUT_EXAMPLE_TEXT, TESTING_BUILDS_PATH } from '@portal/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { toast } from '../../../components/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { getConnectUrls } from '../api/get-connect-urls.ts';
import { usePayoutAccount } from '../api/get-payout-account.ts';
import { ConnectEmailForm } from '../components/connect-email-form.tsx';
import { StripeDashboardButton } from '../components/stripe-dashboard-button.tsx';

const facts = [
  `Revenue is paid ${PAYOUT_DELAY_TEXT} after receipt, on the last day of a month (${PAYOUT_EXAMPLE_TEXT}).`,
  'Payouts are initiated from Hong Kong, in US dollars.',
  'You need a connected account to create projects, submit them and add versions.',
];

function ConnectButton({ label }: { label: string }) {
  const [isOpening, setOpening] = useState(false);
  const connect = async () => {
    setOpening(true);
    try {
      const urls = await getConnectUrls();
      const standard = urls.find((u) => u.accountType === 'Standard');
      if (standard) window.location.assign(standard.url);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Error');
      setOpening(false);
    }
  };
  return (
    <Button size="lg" onClick={connect} isLoading={isOpening}>
      {label}
    </Button>
  );
}

export default function StripePage() {
  const account = usePayoutAccount();
  if (!account.data) return <div className="page-loading" aria-busy="true" />;
  const { connected, accountType, connectedAt } = account.data;
  return (
    <div className="narrow-form">
      {connected ? (
        <section className="card payout-card payout-card--connected" aria-labelledby="payout-title">
          <p className="status-pill status-pill--success">Account connected</p>
          <h2 id="payout-title">Your Stripe account is connected</h2>
          <p>
            Your {accountType} account receives the revenue of your games and 3D models.
            {connectedAt ? ` Connected on ${formatLongDate(connectedAt)}.` : ''}
          </p>
          <div className="button-row">
            <StripeDashboardButton size="lg">Open Stripe dashboard</StripeDashboardButton>
            <ConnectButton label="Connect another account" />
          </div>
        </section>
      ) : (
        <section className="card payout-card" aria-labelledby="payout-title">
          <h2 id="payout-title">Connect your Stripe account</h2>
          <p>Lumora pays your revenue through Stripe. Connecting takes a couple of minutes on Stripe's site.</p>
          <ul className="check-list">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
          <ConnectButton label="Connect" />
          <p className="payout-card__tester-note">
            Only here to try a studio's builds? Testers need no payout account:{' '}
            <Link to={TESTING_BUILDS_PATH}>open Testing builds</Link>.
          </p>
        </section>
      )}
      <ConnectEmailForm />
    </div>
  );
}
