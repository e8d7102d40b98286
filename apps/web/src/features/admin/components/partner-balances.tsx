import { MAX_EMAIL_LENGTH, type PartnerBalance } from '@portal/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { formatDollars, formatPercent } from '../../../lib/format.ts';
import { usePartnerBalances } from '../api/get-partner-balances.ts';
import { useLastPageFallback } from '../hooks/use-last-page-fallback.ts';
import { CommissionRateDialog } from './commission-rate-dialog.tsx';
import { IncomeList } from './income-list.tsx';

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
    <section className="income-section" aria-labelledby={`${searchId}-title`}>
      <div className="page-heading income-section__heading">
        <div>
          <h2 id={`${searchId}-title`}>Partner balances</h2>
          <p className="page-heading__intro">
            What each partner is owed (unsettled), is being paid (settling) and was paid, most owed first.
          </p>
        </div>
      </div>
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
      >
        {(rows) => (
          <table className="table income-table income-table--balances">
            <caption className="visually-hidden">
              {email ? `Balance of ${email}` : 'Partner balances, most owed first'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Partner</th>
                <th scope="col">Commission</th>
                <th scope="col" className="income-table__amount">
                  Unsettled
                </th>
                <th scope="col" className="income-table__amount">
                  Settling
                </th>
                <th scope="col" className="income-table__amount">
                  Paid
                </th>
                <th scope="col">Payout account</th>
                <th scope="col">Next payout</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((balance) => (
                <BalanceRow key={balance.partnerId} balance={balance} onEdit={() => setEditing(balance)} />
              ))}
            </tbody>
          </table>
        )}
      </IncomeList>
      <CommissionRateDialog balance={editing} onClose={() => setEditing(undefined)} />
    </section>
  );
}
