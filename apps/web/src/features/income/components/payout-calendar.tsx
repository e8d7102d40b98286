import { PAYOUT_DELAY_TEXT, type PayoutCalendar as PayoutCalendarData } from '@portal/contracts';
import { CONNECT_PAYOUT_ACCOUNT_PATH } from '@portal/contracts/pages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PayoutStatusPill } from '../../../components/status-pill.tsx';
import { formatDollars, formatInstant, formatPayoutDay } from '../../../lib/format.ts';
import { useMay } from '../../../lib/studio-role.ts';

/** "1 sale", "3 sales". */
const salesCount = (count: number) => (count === 1 ? '1 sale' : `${count} sales`);

/** Said at the top of the page: what is due cannot be paid until a payout account is connected. */
export function WaitingOnAccount({ calendar }: { calendar: PayoutCalendarData }) {
  // the payout account is the owner's to connect: the others are told who does
  const mayConnect = useMay()('payout');
  const waiting = calendar.upcoming.filter((payout) => payout.waitsOnPayoutAccount);
  if (waiting.length === 0) return null;
  const total = waiting.reduce((sum, payout) => sum + payout.amount, 0);
  return (
    <div className="alert alert--warning my-income-calendar__alert" role="note">
      <strong>Your payouts wait on a payout account.</strong> {formatDollars(total)} is waiting to be paid, but no
      payout account is connected to send it to.{' '}
      {mayConnect
        ? 'Once you connect one, each payout goes out on its payout day.'
        : 'Once the studio’s owner connects one, each payout goes out on its payout day.'}
      {mayConnect ? (
        <Link className="alert__action" to={CONNECT_PAYOUT_ACCOUNT_PATH}>
          Connect a payout account
        </Link>
      ) : null}
    </div>
  );
}

interface PayoutDay {
  payoutDate: string;
  amount: number;
  salesCount: number;
}

/** One list of payout days: the day, the amount, how many sales, and what else the list says of each. */
function PayoutList<P extends PayoutDay>({
  titleId,
  title,
  empty,
  payouts,
  meta,
  status,
}: {
  titleId: string;
  title: string;
  empty: string;
  payouts: P[];
  meta: (payout: P) => ReactNode;
  status?: (payout: P) => ReactNode;
}) {
  return (
    <section className="card my-income-payouts" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      {payouts.length === 0 ? (
        <p className="my-income-payouts__empty">{empty}</p>
      ) : (
        <ol className="my-income-payouts__items">
          {payouts.map((payout) => (
            <li key={payout.payoutDate} className="my-income-payouts__item">
              <time className="my-income-payouts__day" dateTime={payout.payoutDate}>
                {formatPayoutDay(payout.payoutDate)}
              </time>
              <span className="my-income-payouts__amount">{formatDollars(payout.amount)}</span>
              <span className="my-income-payouts__meta">
                {salesCount(payout.salesCount)}
                {meta(payout)}
              </span>
              {status?.(payout)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The payout calendar: the coming payout days with the amount due on each, and the latest payouts. */
export function PayoutCalendar({ calendar }: { calendar: PayoutCalendarData }) {
  return (
    <div className="my-income-calendar">
      <div className="my-income-calendar__lists">
        <PayoutList
          titleId="coming-payouts-title"
          title="Coming payouts"
          empty="Nothing is waiting to be paid."
          payouts={calendar.upcoming}
          meta={(payout) =>
            payout.waitsOnPayoutAccount ? (
              <span className="my-income-payouts__waits"> · Waits on a payout account</span>
            ) : null
          }
        />
        <PayoutList
          titleId="recent-payouts-title"
          title="Recent payouts"
          empty="No payout has been made yet."
          payouts={calendar.recent}
          meta={(payout) => (
            <>
              {payout.sentAt ? ` · sent ${formatInstant(payout.sentAt)}` : null}
              {payout.status === 'Failed' ? ' · tried again on the next settlement run' : null}
            </>
          )}
          status={(payout) => <PayoutStatusPill status={payout.status} className="my-income-pill" />}
        />
      </div>
      <p className="my-income-calendar__terms">
        {`Payouts go out from Hong Kong on the last day of each month, in US dollars: each sale is paid on the last day of the second month after the month it was made in, ${PAYOUT_DELAY_TEXT} after it is received.`}
      </p>
    </div>
  );
}
