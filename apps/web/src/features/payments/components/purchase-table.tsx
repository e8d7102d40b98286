import type { SubscriptionRecord } from '@portal/contracts';
import { formatAmount, formatInstantDay, formatTime } from '../../../lib/format.ts';
import { PayStatusPill } from './pay-status-pill.tsx';

/** An instant on two lines, its UTC day over its time, to keep the column narrow; a dash for none. */
function Instant({ iso, none }: { iso: string | null; none: string }) {
  if (!iso) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{none}</span>
      </>
    );
  }
  return (
    <time dateTime={iso}>
      {formatInstantDay(iso)} <span className="purchases-table__time">{formatTime(iso)}</span>
    </time>
  );
}

export interface PurchaseTableProps {
  records: SubscriptionRecord[];
  isBusy: boolean;
  caption: string;
}

/** SPEC §3's subscription record, one purchase a row. A month has its start and expiry once its payment is in. */
export function PurchaseTable({ records, isBusy, caption }: PurchaseTableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, by keyboard too
    <section className="table-wrap purchases-table" aria-label={caption} tabIndex={0} aria-busy={isBusy}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Start (UTC)</th>
            <th scope="col">Expiry (UTC)</th>
            <th scope="col" className="purchases-table__amount">
              Amount (USD)
            </th>
            <th scope="col">Payment status</th>
            <th scope="col">Created (UTC)</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id}>
              <th scope="row">
                {record.description}
                {/* on a phone the status column starts off-screen: the status shows under the description too */}
                <span className="purchases-table__status-inline" aria-hidden="true">
                  <PayStatusPill status={record.payStatus} />
                </span>
              </th>
              <td className="purchases-table__nowrap">
                <Instant iso={record.startdAt} none="Not started" />
              </td>
              <td className="purchases-table__nowrap">
                <Instant iso={record.expiredAt} none="No expiry" />
              </td>
              <td className="purchases-table__amount">{formatAmount(record.orderAmount)}</td>
              <td>
                <PayStatusPill status={record.payStatus} />
              </td>
              <td className="purchases-table__nowrap">
                <Instant iso={record.createdAt} none="" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
