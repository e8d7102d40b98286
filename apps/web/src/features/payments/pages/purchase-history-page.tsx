import { SUBSCRIPTION_PAGE_SIZE, type SubscriptionPage } from '@portal/contracts';
import { VPS_PATH } from '@portal/contracts/pages';
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { useSubscriptions } from '../api/get-subscriptions.ts';
import { PurchaseFilters } from '../components/purchase-filters.tsx';
import { PurchaseTable } from '../components/purchase-table.tsx';
import {
  filtersFromParams,
  hasFilters,
  type PurchaseFilterValues,
  pageFromParams,
  paramsOf,
  toSubscriptionFilters,
  utcToday,
} from '../utils/filters.ts';
import '../payments.css';

/**
 * The list's anchor. Filters and page live in the URL (a reload, Back and a shared link keep them) with this hash,
 * which tells the portal's scroll restoration to leave the page where the reader is: a search is not a new page.
 */
const PURCHASES_ID = 'purchases';

/** "Showing 11–20 of 23 purchases", said to screen readers whenever the table changes. */
function resultsText(page: SubscriptionPage | undefined, pageIndex: number, isFiltered: boolean): string {
  if (!page) return 'Loading purchases…';
  if (page.totalCount === 0) return isFiltered ? 'No purchase matches these filters.' : 'No purchases yet.';
  const first = (pageIndex - 1) * SUBSCRIPTION_PAGE_SIZE + 1;
  const last = first + page.data.length - 1;
  const noun = page.totalCount === 1 ? 'purchase' : 'purchases';
  const of = `${page.totalCount} ${noun}${isFiltered ? ' matching the filters' : ''}`;
  return page.totalCount <= SUBSCRIPTION_PAGE_SIZE ? `Showing ${of}.` : `Showing ${first}–${last} of ${of}.`;
}

function NoPurchases({ isFiltered }: { isFiltered: boolean }) {
  return (
    <div className="empty purchases-empty">
      {isFiltered ? (
        <p>No purchase matches these filters. Try a wider date range or another payment status.</p>
      ) : (
        <>
          <p>You have not bought any AR placement yet.</p>
          <Link className="btn btn--primary btn--md" to={VPS_PATH}>
            Buy a month of AR placement
          </Link>
        </>
      )}
    </div>
  );
}

/** My Purchase History (/purchase-history): the partner's months of AR placement, filtered and paged (SPEC §2). */
export default function PurchaseHistoryPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const today = utcToday();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const filters = useMemo(() => filtersFromParams(params, today), [params, today]);
  const page = pageFromParams(params);
  const query = useMemo(() => toSubscriptionFilters(filters), [filters]);
  const purchases = useSubscriptions(query, page);
  const isFiltered = hasFilters(filters);

  const show = (values: PurchaseFilterValues, nextPage: number, replace = false) =>
    navigate({ search: paramsOf(values, nextPage).toString(), hash: PURCHASES_ID }, { replace });

  // a page past the end (a shared link, an old bookmark) falls back to the last page that has rows
  const lastPage = Math.max(1, Math.ceil((purchases.data?.totalCount ?? 0) / SUBSCRIPTION_PAGE_SIZE));
  const isPastEnd = purchases.isSuccess && !purchases.isPlaceholderData && page > lastPage;
  // biome-ignore lint/correctness/useExhaustiveDependencies: moves only when the page turns out to be past the end
  useEffect(() => {
    if (isPastEnd) show(filters, lastPage, true);
  }, [isPastEnd]);

  const data = purchases.data;
  return (
    <section id={PURCHASES_ID} className="purchases" aria-labelledby="purchases-title">
      <div className="purchases__head">
        <h2 id="purchases-title">Your purchases</h2>
        <p className="purchases__intro">
          Each purchase buys one month of AR placement. <Link to={VPS_PATH}>Buy a month on the VPS page</Link>.
        </p>
      </div>
      <PurchaseFilters applied={filters} today={today} onApply={(values) => show(values, 1)} />
      <p id="purchases-results" className="purchases__results" role="status">
        {resultsText(data, page, isFiltered)}
      </p>
      {!data ? (
        purchases.isError ? (
          <div className="alert alert--error purchases__failed">
            <p>Your purchases could not be loaded.</p>
            <Button variant="secondary" onClick={() => void purchases.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="page-loading purchases__loading" role="status" aria-busy="true">
            <span className="visually-hidden">Loading your purchases…</span>
          </div>
        )
      ) : data.data.length === 0 ? (
        <NoPurchases isFiltered={isFiltered} />
      ) : (
        <PurchaseTable
          records={data.data}
          isBusy={purchases.isFetching}
          caption={`Purchases, newest first, page ${page} of ${lastPage}`}
        />
      )}
      {data && data.totalCount > SUBSCRIPTION_PAGE_SIZE ? (
        <Pagination
          page={page}
          pageSize={SUBSCRIPTION_PAGE_SIZE}
          total={data.totalCount}
          onChange={(nextPage) => show(filters, nextPage)}
          label="Purchase pages"
        />
      ) : null}
    </section>
  );
}
