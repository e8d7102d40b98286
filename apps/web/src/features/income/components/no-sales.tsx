import { PAYOUT_DELAY_TEXT, payoutDateOf } from '@portal/contracts';
import { CONNECT_PAYOUT_ACCOUNT_PATH } from '@portal/contracts/pages';
import { Link } from 'react-router';
import { formatDay } from '../../../lib/format.ts';
import { useMay } from '../../../lib/studio-role.ts';

/** A partner without sales: what will appear here, and when and how payouts happen (SPEC §1's payout terms). */
export function NoSales({ isPayoutAccountConnected }: { isPayoutAccountConnected: boolean | undefined }) {
  // the payout account is the owner's to connect
  const mayConnect = useMay()('payout');
  return (
    <section className="empty empty--page my-income-empty" aria-labelledby="no-sales-title">
      <h2 id="no-sales-title">No sales yet</h2>
      <p>
        When people buy your AR games and 3D models on the Lumora marketplace, each sale appears here with its fees,
        your income and the day it is paid, along with your income by month and your coming payouts.
      </p>
      <h3 className="my-income-empty__subtitle">How payouts work</h3>
      <ul className="check-list my-income-empty__terms">
        <li>
          {`Each sale is paid ${PAYOUT_DELAY_TEXT} after it is received, on the last day of a month: a sale made today is paid on `}
          {formatDay(payoutDateOf(new Date()))}.
        </li>
        <li>
          Payouts are sent from Hong Kong, in US dollars, to the Stripe account you connect as your payout account.
        </li>
        <li>
          The payment platform's fee and the platform's commission, as your partnership agreement sets it, are taken
          from each sale first.
        </li>
        <li>There are no refunds for digital assets.</li>
      </ul>
      {isPayoutAccountConnected === false && mayConnect ? (
        <Link className="btn btn--primary btn--md" to={CONNECT_PAYOUT_ACCOUNT_PATH}>
          Connect a payout account
        </Link>
      ) : null}
    </section>
  );
}
