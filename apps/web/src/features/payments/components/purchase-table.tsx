import type { SubscriptionRecord } from '@portal/contracts';
import { InstantCell, ScrollTable } from '../../../components/paged-table.tsx';
import { PayStatusPill } from '../../../components/status-pill.tsx';
import { formatAmount } from '../../../lib/format.ts';

const Instant = ({ iso, none }: { iso: string | null; none: string }) => (
  <InstantCell iso={iso} none={none} timeClassName="purchases-table__time" />
);

export interface PurchaseTableProps {
  records: SubscriptionRecord[];
  isBusy: boolean;
  caption: string;
}

/** SPEC §3's subscription record, one purchase a row. A month has its start and expiry once its payment is in. */
export function PurchaseTable({ records, isBusy, caption }: PurchaseTableProps) {
  return (
    <ScrollTable className="purchases-table" caption={caption} isBusy={isBusy}>
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
                <PayStatusPill status={record.payStatus} className="purchases-pill" />
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
              <PayStatusPill status={record.payStatus} className="purchases-pill" />
            </td>
            <td className="purchases-table__nowrap">
              <Instant iso={record.createdAt} none="" />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
