import { MAX_EMAIL_LENGTH, type PartnerBalance } from '@portal/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { formatDollars, formatPercent } from '../../../lib/format.ts';
import { usePartnerBalances } from '../api/get-partner-balances.ts';
import { useLastPageFallback } from '../hooks/use-last-page-fallback.ts';
import { CommissionRateDialog } from './commission-rate-dialog.tsx';
import { ConsoleSection } from './console-section.tsx';
import { IncomeList } from './income-list.tsx';
import { AmountColumn } from './income-table.tsx';

function BalanceRow({ balance, onEdit }: { balance: PartnerBalance; onEdit: () => void }) {
  return (
    <tr>
      <th scope="row" className="income-table__partner">
        <span className="income-table__name">{balance.fullName}</span>
        <span className="income-table__email">{balance.email}</span>
        {balance.businessName ? <span className="income-table__muted">{balance.businessName}</span> : null}
      </th>
      <td>
        <span className="income-table__rate">
          <span className="income-table__figure">{formatPercent(balance.commissionPercent)}</span>
          {balance.isDefaultRate ? (
            <StatusPill tone="neutral">Default</StatusPill>
          ) : (
            <StatusPill tone="info">Own rate</StatusPill>
          )}
        </span>
        <button type="button" className="link-button" onClick={onEdit}>
          Edit<span className="visually-hidden"> commission rate of {balance.email}</span>
        </button>
      </td>
      <td className="income-table__amount">{formatDollars(balance.unsettled)}</td>
      <td className="income-table__amount">{formatDollars(balance.settling)}</td>
      <td className="income-table__amount">{formatDollars(balance.paid)}</td>
      <td>
        {balance.payoutAccountConnected ? (
          <StatusPill tone="success">Connected</StatusPill>
        ) : (
          <StatusPill tone={balance.unsettled > 0 ? 'warning' : 'neutral'}>Not connected</StatusPill>
        )}
      </td>
      <td className="income-table__date">{balance.nextPayoutDate ?? '—'}</td>
    </tr>
  );
}

/** Partners' balances, most owed first, or one partner found by email; each with a commission rate to edit. */
export function PartnerBalances() {
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState<string>();
  const [editing, setEditing] = useState<PartnerBalance>();
  const [page, setPage] = useState(1);
  const balances = usePartnerBalances({ page, email });
  useLastPageFallback(page, setPage, balances.data?.totalCount);

  const find = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setEmail(typed.trim() || undefined);
    setPage(1);
  };
  const showAll = () => {
    setTyped('');
    setEmail(undefined);
    setPage(1);
  };

  return (
    <ConsoleSection
      title="Partner balances"
      intro="What each partner is owed (unsettled), is being paid (settling) and was paid, most owed first."
    >
      <search className="income-search" aria-label="Find a partner">
        <form noValidate onSubmit={find}>
          <label className="field__label" htmlFor={searchId}>
            Partner email
          </label>
          <div className="income-search__controls">
            <input
              id={searchId}
              className="input"
              type="email"
              autoComplete="off"
              maxLength={MAX_EMAIL_LENGTH}
              placeholder="partner@studio.example"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            <Button type="submit" variant="secondary" isThrottled={false}>
              Find
            </Button>
            {email ? (
              <Button variant="ghost" onClick={showAll} isThrottled={false}>
                Show all
              </Button>
            ) : null}
          </div>
        </form>
      </search>
      <IncomeList
        query={balances}
        label="Partner balances"
        emptyText={email ? `No partner has the email ${email}.` : 'No partner has income yet.'}
        page={page}
        onPageChange={setPage}
        pagerLabel="Partner balances pages"
        className="income-table--balances"
        caption={email ? `Balance of ${email}` : 'Partner balances, most owed first'}
        columns={
          <>
            <th scope="col">Partner</th>
            <th scope="col">Commission</th>
            <AmountColumn>Unsettled</AmountColumn>
            <AmountColumn>Settling</AmountColumn>
            <AmountColumn>Paid</AmountColumn>
            <th scope="col">Payout account</th>
            <th scope="col">Next payout</th>
          </>
        }
      >
        {(balance) => <BalanceRow key={balance.partnerId} balance={balance} onEdit={() => setEditing(balance)} />}
      </IncomeList>
      <CommissionRateDialog balance={editing} onClose={() => setEditing(undefined)} />
    </ConsoleSection>
  );
}
