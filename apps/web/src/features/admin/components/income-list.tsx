import { INCOME_PAGE_SIZE } from '@portal/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { Pagination } from '../../../components/pagination.tsx';

export interface IncomeListProps<T> {
  query: UseQueryResult<{ data: T[]; totalCount: number }>;
  /** What the list holds, for its error state and to name its table's scroll box: "Partner balances". */
  label: string;
  /** Shown when the list has no rows. */
  emptyText: ReactNode;
  page: number;
  onPageChange: (page: number) => void;
  /** Names the pager: "Payouts pages". */
  pagerLabel: string;
  /** The table of a page's rows. */
  children: (rows: T[]) => ReactNode;
}

/** A paged list of the income console: loading, error (with a retry), empty, or its table and pager. */
export function IncomeList<T>({
  query,
  label,
  emptyText,
  page,
  onPageChange,
  pagerLabel,
  children,
}: IncomeListProps<T>) {
  if (query.data === undefined) {
    if (query.isError) {
      return (
        <div className="empty">
          <p>{label} could not be loaded.</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      );
    }
    return <div className="page-loading" aria-busy="true" />;
  }
  const { data, totalCount } = query.data;
  if (data.length === 0) {
    return (
      <div className="empty">
        <p>{emptyText}</p>
      </div>
    );
  }
  return (
    <>
      <section
        className="table-wrap"
        aria-label={`${label} table`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls in this box, by keyboard too
        tabIndex={0}
        aria-busy={query.isPlaceholderData || undefined}
      >
        {children(data)}
      </section>
      <Pagination
        page={page}
        onChange={onPageChange}
        pageSize={INCOME_PAGE_SIZE}
        total={totalCount}
        label={pagerLabel}
      />
    </>
  );
}
