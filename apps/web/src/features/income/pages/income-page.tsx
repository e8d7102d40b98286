import { INCOME_PAGE_SIZE, type IncomePage, payoutZoneDate } from '@portal/contracts';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { useIsHydrated } from '../../../lib/hydration.ts';
import { useIsSignedIn } from '../../../lib/session.ts';
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
import {
  filtersFromParams,
  hasFilters,
  type IncomeFilterValues,
  pageFromParams,
  paramsOf,
  toIncomeQuery,
  utcToday,
} from '../utils/filters.ts';
import '../income.css';

/**
 * The sales section's anchor. Filters and page live in the URL (a reload, Back and a shared link keep them) with this
 * hash, which tells the portal's scroll restoration to leave the page where the reader is: a search or a page turn is
 * not a new page.
 */
const SALES_ID = 'sales';

function Loading({ label }: { label: string }) {
  return (
    <div className="page-loading my-income-loading" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="alert alert--error my-income-failed">
      <p>{what} could not be loaded.</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** "Showing 11–20 of 23 sales", said to screen readers whenever the table changes. */
function resultsText(page: IncomePage | undefined, pageIndex: number, isFiltered: boolean): string {
  if (!page) return 'Loading sales…';
  if (page.totalCount === 0) return isFiltered ? 'No sale matches these filters.' : 'No sales yet.';
  const first = (pageIndex - 1) * INCOME_PAGE_SIZE + 1;
  const last = first + page.data.length - 1;
  const of = `${page.totalCount} ${page.totalCount === 1 ? 'sale' : 'sales'}${isFiltered ? ' matching the filters' : ''}`;
  return page.totalCount <= INCOME_PAGE_SIZE ? `Showing ${of}.` : `Showing ${first}–${last} of ${of}.`;
}

function Sales({ isPayoutAccountConnected }: { isPayoutAccountConnected: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const today = utcToday();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const filters = useMemo(() => filtersFromParams(params, today), [params, today]);
  const page = pageFromParams(params);
  const query = useMemo(() => toIncomeQuery(filters), [filters]);
  const income = useIncome(query, page);
  const exporting = useExportIncome();
  const isFiltered = hasFilters(filters);

  const show = (values: IncomeFilterValues, nextPage: number, replace = false) =>
    navigate({ search: paramsOf(values, nextPage).toString(), hash: SALES_ID }, { replace });

  // a page past the end (a shared link, sales voided since) falls back to the last page that has rows
  const lastPage = Math.max(1, Math.ceil((income.data?.totalCount ?? 0) / INCOME_PAGE_SIZE));
  const isPastEnd = income.isSuccess && !income.isPlaceholderData && page > lastPage;
  // biome-ignore lint/correctness/useExhaustiveDependencies: moves only when the page turns out to be past the end
  useEffect(() => {
    if (isPastEnd) show(filters, lastPage, true);
  }, [isPastEnd]);

  const data = income.data;
  return (
    <section id={SALES_ID} className="my-income-section my-income-sales" aria-labelledby="sales-title">
      <div className="my-income-section__head">
        <h2 id="sales-title">Sales</h2>
        <Button
          variant="secondary"
          onClick={() => exporting.mutate(query)}
          isLoading={exporting.isPending}
          disabled={!data || data.totalCount === 0}
          aria-describedby="sales-results"
        >
          Export CSV
        </Button>
      </div>
      <IncomeFilters applied={filters} today={today} onApply={(values) => show(values, 1)} />
      <p id="sales-results" className="my-income-results" role="status">
        {resultsText(data, page, isFiltered)}
      </p>
      {!data ? (
        income.isError ? (
          <LoadFailed what="Your sales" onRetry={() => void income.refetch()} />
        ) : (
          <Loading label="Loading your sales…" />
        )
      ) : data.data.length === 0 ? (
        <div className="empty">
          <p>
            {isFiltered ? 'No sale matches these filters. Try a wider date range or another status.' : 'No sales yet.'}
          </p>
        </div>
      ) : (
        <IncomeTable
          records={data.data}
          today={payoutZoneDate(new Date())}
          isPayoutAccountConnected={isPayoutAccountConnected}
          isBusy={income.isFetching}
          caption={`Sales, newest first, page ${page} of ${lastPage}`}
        />
      )}
      {data && data.totalCount > INCOME_PAGE_SIZE ? (
        <Pagination
          page={page}
          pageSize={INCOME_PAGE_SIZE}
          total={data.totalCount}
          onChange={(nextPage) => show(filters, nextPage)}
          label="Sales pages"
        />
      ) : null}
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

  if (summary.isPending) return <Loading label="Loading your income…" />;
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
          <Loading label="Loading your payout calendar…" />
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
  if (!isHydrated) return <Loading label="Loading My Project Income…" />;
  return isSignedIn ? <PartnerIncome /> : <SignedOut />;
}
