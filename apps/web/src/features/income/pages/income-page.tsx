import { INCOME_PAGE_SIZE, payoutZoneDate } from '@portal/contracts';
import { useEffect } from 'react';
import { Button } from '../../../components/button.tsx';
import { LoadFailed, Loading, PagedResults } from '../../../components/paged-table.tsx';
import { useIsHydrated } from '../../../lib/hydration.ts';
import { useIsSignedIn } from '../../../lib/session.ts';
import { useTableFilters } from '../../../lib/use-table-filters.ts';
import { useExportIncome } from '../api/export-income.ts';
import { useIncome } from '../api/get-income.ts';
import { useIncomeSummary } from '../api/get-income-summary.ts';
import { usePayoutCalendar } from '../api/get-payout-calendar.ts';
import { IncomeFilters } from '../components/income-filters.tsx';
import { IncomeOverview, loadIncomeChart } from '../components/income-overview.tsx';
import { IncomeTable } from '../components/income-table.tsx';
import { NoSales } from '../components/no-sales.tsx';
import { PayoutCalendar, WaitingOnAccount } from '../components/payout-calendar.tsx';
import { SignedOut } from '../components/signed-out.tsx';
import { incomeFilters } from '../utils/filters.ts';
import '../income.css';

/** The sales section's anchor: filters and page live in the URL with it (see `useTableFilters`). */
const SALES_ID = 'sales';

function Sales({ isPayoutAccountConnected }: { isPayoutAccountConnected: boolean }) {
  const table = useTableFilters({
    filters: incomeFilters,
    anchor: SALES_ID,
    pageSize: INCOME_PAGE_SIZE,
    useRows: useIncome,
  });
  const { rows: income, page, lastPage, isFiltered } = table;
  const exporting = useExportIncome();
  const data = income.data;
  return (
    <section id={SALES_ID} className="my-income-section my-income-sales" aria-labelledby="sales-title">
      <div className="my-income-section__head">
        <h2 id="sales-title">Sales</h2>
        <Button
          variant="secondary"
          onClick={() => exporting.mutate(table.query)}
          isLoading={exporting.isPending}
          disabled={!data || data.totalCount === 0}
          aria-describedby="sales-results"
        >
          Export CSV
        </Button>
      </div>
      <IncomeFilters applied={table.applied} today={table.today} onApply={table.apply} />
      <PagedResults
        table={table}
        noun={{ one: 'sale', many: 'sales' }}
        resultsId="sales-results"
        resultsClassName="my-income-results"
        loading={<Loading className="my-income-loading" label="Loading your sales…" />}
        failed={<LoadFailed what="Your sales" onRetry={() => void income.refetch()} />}
        empty={
          <div className="empty">
            <p>
              {isFiltered
                ? 'No sale matches these filters. Try a wider date range or another status.'
                : 'No sales yet.'}
            </p>
          </div>
        }
        pagesLabel="Sales pages"
      >
        {(records) => (
          <IncomeTable
            records={records}
            today={payoutZoneDate(new Date())}
            isPayoutAccountConnected={isPayoutAccountConnected}
            isBusy={income.isFetching}
            caption={`Sales, newest first, page ${page} of ${lastPage}`}
          />
        )}
      </PagedResults>
    </section>
  );
}

/** My Project Income for a signed-in partner: overview, sales, payout calendar; or how payouts work, before a sale. */
function PartnerIncome() {
  const summary = useIncomeSummary();
  const calendar = usePayoutCalendar();
  // the chart's code loads with the figures rather than after them
  useEffect(() => {
    void loadIncomeChart().catch(() => {});
  }, []);

  if (summary.isPending) return <Loading className="my-income-loading" label="Loading your income…" />;
  if (summary.data?.hasSales === false) {
    return <NoSales isPayoutAccountConnected={calendar.data?.payoutAccountConnected} />;
  }
  const isConnected = calendar.data?.payoutAccountConnected ?? true;
  return (
    <div className="my-income-page">
      {calendar.data ? <WaitingOnAccount calendar={calendar.data} /> : null}
      {summary.isError ? (
        <LoadFailed what="Your income summary" onRetry={() => void summary.refetch()} />
      ) : (
        <IncomeOverview summary={summary.data} nextPayoutDay={calendar.data?.upcoming[0]?.payoutDate} />
      )}
      <Sales isPayoutAccountConnected={isConnected} />
      <section className="my-income-section" aria-labelledby="payout-calendar-title">
        <h2 id="payout-calendar-title">Payout calendar</h2>
        {calendar.isPending ? (
          <Loading className="my-income-loading" label="Loading your payout calendar…" />
        ) : calendar.isError ? (
          <LoadFailed what="Your payout calendar" onRetry={() => void calendar.refetch()} />
        ) : (
          <PayoutCalendar calendar={calendar.data} />
        )}
      </section>
    </div>
  );
}

/**
 * My Project Income (/commission). The route has no guard (SPEC §6): a visitor reads what the page is and finds a
 * sign-in link, and no partner call is made without a session. The prerendered page waits for the browser to know.
 */
export default function IncomePageRoute() {
  const isHydrated = useIsHydrated();
  const isSignedIn = useIsSignedIn();
  if (!isHydrated) return <Loading className="my-income-loading" label="Loading My Project Income…" />;
  return isSignedIn ? <PartnerIncome /> : <SignedOut />;
}
