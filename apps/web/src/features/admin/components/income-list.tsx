import { INCOME_PAGE_SIZE } from '@portal/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { IncomeTable, type IncomeTableProps, TableScroll } from './income-table.tsx';

export interface IncomeListProps<T> extends Omit<IncomeTableProps, 'children'> {
  query: UseQueryResult<{ data: T[]; totalCount: number }>;
  /** What the list holds, for its error state and to name its table's scroll box: "Partner balances". */
  label: string;
  /** Shown when the list has no rows. */
  emptyText: ReactNode;
  page: number;
  onPageChange: (page: number) => void;
  /** Names the pager: "Payouts pages". */
  pagerLabel: string;
  /** The table row of an entry. */
  children: (row: T) => ReactNode;
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
  ...table
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
      <TableScroll label={`${label} table`} isBusy={query.isPlaceholderData}>
        <IncomeTable {...table}>{data.map(children)}</IncomeTable>
      </TableScroll>
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
