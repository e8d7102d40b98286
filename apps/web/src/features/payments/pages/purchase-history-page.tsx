import { SUBSCRIPTION_PAGE_SIZE } from '@portal/contracts';
import { VPS_PATH } from '@portal/contracts/pages';
import { Link } from 'react-router';
import { LoadFailed, Loading, PagedResults } from '../../../components/paged-table.tsx';
import { useTableFilters } from '../../../lib/use-table-filters.ts';
import { useSubscriptions } from '../api/get-subscriptions.ts';
import { PurchaseFilters } from '../components/purchase-filters.tsx';
import { PurchaseTable } from '../components/purchase-table.tsx';
import { purchaseFilters } from '../utils/filters.ts';
import '../payments.css';

/** The list's anchor: filters and page live in the URL with it (see `useTableFilters`). */
const PURCHASES_ID = 'purchases';

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
  const table = useTableFilters({
    filters: purchaseFilters,
    anchor: PURCHASES_ID,
    pageSize: SUBSCRIPTION_PAGE_SIZE,
    useRows: useSubscriptions,
  });
  const { rows: purchases, page, lastPage } = table;
  return (
    <section id={PURCHASES_ID} className="purchases" aria-labelledby="purchases-title">
      <div className="purchases__head">
        <h2 id="purchases-title">Your purchases</h2>
        <p className="purchases__intro">
          Each purchase buys one month of AR placement. <Link to={VPS_PATH}>Buy a month on the VPS page</Link>.
        </p>
      </div>
      <PurchaseFilters applied={table.applied} today={table.today} onApply={table.apply} />
      <PagedResults
        table={table}
        noun={{ one: 'purchase', many: 'purchases' }}
        resultsId="purchases-results"
        resultsClassName="purchases__results"
        loading={<Loading className="purchases__loading" label="Loading your purchases…" />}
        failed={<LoadFailed what="Your purchases" onRetry={() => void purchases.refetch()} />}
        empty={<NoPurchases isFiltered={table.isFiltered} />}
        pagesLabel="Purchase pages"
      >
        {(records) => (
          <PurchaseTable
            records={records}
            isBusy={purchases.isFetching}
            caption={`Purchases, newest first, page ${page} of ${lastPage}`}
          />
        )}
      </PagedResults>
    </section>
  );
}
