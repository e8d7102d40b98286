import { PAYOUT_DELAY_TEXT, type PayoutCalendar as PayoutCalendarData } from '@portal/contracts';
import { CONNECT_PAYOUT_ACCOUNT_PATH } from '@portal/contracts/pages';
import { Link } from 'react-router';
import { PayoutStatusPill } from '../../../components/status-pill.tsx';
import { formatDollars, formatInstant, formatPayoutDay } from '../../../lib/format.ts';

/** "1 sale", "3 sales". */
const salesCount = (count: number) => (count === 1 ? '1 sale' : `${count} sales`);

/** Said at the top of the page: what is due cannot be paid until a payout account is connected. */
export function WaitingOnAccount({ calendar }: { calendar: PayoutCalendarData }) {
  const waiting = calendar.upcoming.filter((payout) => payout.waitsOnPayoutAccount);
  if (waiting.length === 0) return null;
  const total = waiting.reduce((sum, payout) => sum + payout.amount, 0);
  return (
    <div className="alert alert--warning my-income-calendar__alert" role="note">
      <strong>Your payouts wait on a payout account.</strong> {formatDollars(total)} is waiting to be paid, but no
      payout account is connected to send it to. Once you connect one, each payout goes out on its payout day.
      <Link className="alert__action" to={CONNECT_PAYOUT_ACCOUNT_PATH}>
        Connect a payout account
      </Link>
    </div>
  );
}

/** The payout calendar: the coming payout days with the amount due on each, and the latest payouts. */
export function PayoutCalendar({ calendar }: { calendar: PayoutCalendarData }) {
  return (
    <div className="my-income-calendar">
      <div className="my-income-calendar__lists">
        <section className="card my-income-payouts" aria-labelledby="coming-payouts-title">
          <h3 id="coming-payouts-title">Coming payouts</h3>
          {calendar.upcoming.length === 0 ? (
            <p className="my-income-payouts__empty">Nothing is waiting to be paid.</p>
          ) : (
            <ol className="my-income-payouts__items">
              {calendar.upcoming.map((payout) => (
                <li key={payout.payoutDate} className="my-income-payouts__item">
                  <time className="my-income-payouts__day" dateTime={payout.payoutDate}>
                    {formatPayoutDay(payout.payoutDate)}
                  </time>
                  <span className="my-income-payouts__amount">{formatDollars(payout.amount)}</span>
                  <span className="my-income-payouts__meta">
                    {salesCount(payout.salesCount)}
                    {payout.waitsOnPayoutAccount ? (
                      <span className="my-income-payouts__waits"> · Waits on a payout account</span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className="card my-income-payouts" aria-labelledby="recent-payouts-title">
          <h3 id="recent-payouts-title">Recent payouts</h3>
          {calendar.recent.length === 0 ? (
            <p className="my-income-payouts__empty">No payout has been made yet.</p>
          ) : (
            <ol className="my-income-payouts__items">
              {calendar.recent.map((payout) => (
                <li key={payout.payoutDate} className="my-income-payouts__item">
                  <time className="my-income-payouts__day" dateTime={payout.payoutDate}>
                    {formatPayoutDay(payout.payoutDate)}
                  </time>
                  <span className="my-income-payouts__amount">{formatDollars(payout.amount)}</span>
                  <span className="my-income-payouts__meta">
                    {salesCount(payout.salesCount)}
                    {payout.sentAt ? ` · sent ${formatInstant(payout.sentAt)}` : null}
                    {payout.status === 'Failed' ? ' · tried again on the next settlement run' : null}
                  </span>
                  <PayoutStatusPill status={payout.status} className="my-income-pill" />
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      <p className="my-income-calendar__terms">
        {`Payouts go out from Hong Kong on the last day of each month, in US dollars: each sale is paid on the last day of the second month after the month it was made in, ${PAYOUT_DELAY_TEXT} after it is received.`}
      </p>
    </div>
  );
}
