import type { feeTypes, INCOME_CSV_HEADER, IncomeRecord } from '@portal/contracts';
import { InstantCell, ScrollTable } from '../../../components/paged-table.tsx';
import { IncomeStatusPill } from '../../../components/status-pill.tsx';
import { formatAmount, formatDay } from '../../../lib/format.ts';

type CsvColumn = (typeof INCOME_CSV_HEADER)[number];
type FeeType = (typeof feeTypes)[number];

/** The table's columns carry the export's names: a sale reads the same on screen and in a spreadsheet. */
const column = (name: CsvColumn) => name;

const FEE_COLUMNS: Array<{ feeType: FeeType; header: CsvColumn }> = [
  { feeType: 'PaymentPlatformFee', header: 'Payment platform fee (USD)' },
  { feeType: 'PlatformFee', header: 'Platform fee (USD)' },
];

const feeOf = (record: IncomeRecord, feeType: FeeType) =>
  record.fees.find((entry) => entry.feeType === feeType)?.fee ?? 0;

/** An instant on two lines, its UTC day over its time, to keep the column narrow. */
const Instant = ({ iso, none = '' }: { iso: string | null; none?: string }) => (
  <InstantCell iso={iso} none={none} timeClassName="my-income-table__time" />
);

/**
 * A sale's settlement and the day it is paid (the server moves an unsettled sale's date to the next payout day
 * once its own has been settled without it). While no payout account is connected, an unsettled sale waits on one;
 * a date already past is a settlement still to run. A voided sale is never paid.
 */
function StatusCell({
  record,
  today,
  isPayoutAccountConnected,
}: {
  record: IncomeRecord;
  today: string;
  isPayoutAccountConnected: boolean;
}) {
  const isPastDue = record.status === 'Unsettled' && record.payoutDate < today;
  return (
    <>
      <IncomeStatusPill status={record.status} className="my-income-pill" />
      {record.status === 'NonSettlement' ? (
        <span className="my-income-table__payout">Not paid out</span>
      ) : (
        <span className="my-income-table__payout">
          {isPastDue ? 'Payout was ' : 'Payout '}
          <time dateTime={record.payoutDate}>{formatDay(record.payoutDate)}</time>
        </span>
      )}
      {record.status === 'Unsettled' && !isPayoutAccountConnected ? (
        <span className="my-income-table__note">Waits on a payout account</span>
      ) : isPastDue ? (
        <span className="my-income-table__note">Paid with the next payout</span>
      ) : null}
    </>
  );
}

export interface IncomeTableProps {
  records: IncomeRecord[];
  /** Today in Hong Kong, where payout days are counted. */
  today: string;
  isPayoutAccountConnected: boolean;
  isBusy: boolean;
  caption: string;
}

/** SPEC §3's income record, one sale a row: item, buyer, purchase, total, each fee, income, settlement and payout. */
export function IncomeTable({ records, today, isPayoutAccountConnected, isBusy, caption }: IncomeTableProps) {
  return (
    <ScrollTable className="my-income-table" caption={caption} isBusy={isBusy}>
      <thead>
        <tr>
          <th scope="col">{column('Item')}</th>
          <th scope="col">{column('Buyer')}</th>
          <th scope="col">{column('Purchased at (UTC)')}</th>
          <th scope="col" className="my-income-table__amount">
            {column('Total (USD)')}
          </th>
          {FEE_COLUMNS.map(({ feeType, header }) => (
            <th key={feeType} scope="col" className="my-income-table__amount">
              {header}
            </th>
          ))}
          <th scope="col" className="my-income-table__amount">
            {column('Income (USD)')}
          </th>
          <th scope="col">
            {column('Status')}
            <span className="visually-hidden">, {column('Payout date').toLowerCase()}</span>
          </th>
          <th scope="col">{column('Settled at (UTC)')}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => {
          const { payment } = record;
          return (
            <tr key={payment.transactionId}>
              <th scope="row">
                <span className="my-income-table__item">
                  {payment.productPreview.image.url ? (
                    <img src={payment.productPreview.image.url} alt="" width={40} height={40} loading="lazy" />
                  ) : (
                    <span className="my-income-table__no-image" aria-hidden="true" />
                  )}
                  <span>{payment.productPreview.name}</span>
                </span>
              </th>
              <td data-label={column('Buyer')}>
                <span className="my-income-table__buyer">{payment.userPreview.fullName}</span>
                <span className="my-income-table__email" title={payment.userPreview.email}>
                  {payment.userPreview.email}
                </span>
              </td>
              <td className="my-income-table__nowrap" data-label={column('Purchased at (UTC)')}>
                <Instant iso={payment.purchasedAt} />
              </td>
              <td className="my-income-table__amount" data-label={column('Total (USD)')}>
                {formatAmount(payment.totalPrice)}
              </td>
              {FEE_COLUMNS.map(({ feeType, header }) => (
                <td key={feeType} className="my-income-table__amount" data-label={header}>
                  {formatAmount(feeOf(record, feeType))}
                </td>
              ))}
              <td className="my-income-table__amount my-income-table__income" data-label={column('Income (USD)')}>
                {formatAmount(record.income.money)}
              </td>
              <td data-label={column('Status')}>
                <StatusCell record={record} today={today} isPayoutAccountConnected={isPayoutAccountConnected} />
              </td>
              <td className="my-income-table__nowrap" data-label={column('Settled at (UTC)')}>
                <Instant iso={record.settledAt} none="Not settled" />
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
