import type { ReactNode } from 'react';
import { formatInstantDay, formatTime } from '../lib/format.ts';
import { Button } from './button.tsx';
import { Pagination } from './pagination.tsx';

/** A section still loading: a placeholder the size of a card, named for screen readers. */
export function Loading({ className, label }: { className: string; label: string }) {
  return (
    <div className={`page-loading ${className}`} role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** A section that could not load, and the button that asks again. */
export function LoadFailed({ className, what, onRetry }: { className?: string; what: string; onRetry: () => void }) {
  return (
    <div className={['alert alert--error load-failed', className].filter(Boolean).join(' ')}>
      <p>{what} could not be loaded.</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** A table wider than a phone, in a region that scrolls (by keyboard too), busy while its next page loads. */
export function ScrollTable({
  className,
  caption,
  isBusy,
  children,
}: {
  className: string;
  caption: string;
  isBusy: boolean;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, by keyboard too
    <section className={`table-wrap ${className}`} aria-label={caption} tabIndex={0} aria-busy={isBusy}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </section>
  );
}

/** An instant on two lines, its UTC day over its time, to keep the column narrow; a dash (and `none`) for none. */
export function InstantCell({ iso, none, timeClassName }: { iso: string | null; none: string; timeClassName: string }) {
  if (!iso) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{none}</span>
      </>
    );
  }
  return (
    <time dateTime={iso}>
      {formatInstantDay(iso)} <span className={timeClassName}>{formatTime(iso)}</span>
    </time>
  );
}

/** What a paged table shows of its state; `useTableFilters` gives it. */
export interface PagedTableState<T> {
  page: number;
  pageSize: number;
  isFiltered: boolean;
  rows: { data: { data: T[]; totalCount: number } | undefined; isError: boolean };
  turnTo: (page: number) => void;
}

/** What the rows are called: "sale" and "sales". */
export interface RowNoun {
  one: string;
  many: string;
}

/** "Showing 11–20 of 23 sales", said to screen readers whenever the table changes. */
export function resultsText<T>(table: PagedTableState<T>, noun: RowNoun): string {
  const { page, pageSize, isFiltered } = table;
  const data = table.rows.data;
  if (!data) return `Loading ${noun.many}…`;
  if (data.totalCount === 0) return isFiltered ? `No ${noun.one} matches these filters.` : `No ${noun.many} yet.`;
  const first = (page - 1) * pageSize + 1;
  const last = first + data.data.length - 1;
  const of = `${data.totalCount} ${data.totalCount === 1 ? noun.one : noun.many}${isFiltered ? ' matching the filters' : ''}`;
  return data.totalCount <= pageSize ? `Showing ${of}.` : `Showing ${first}–${last} of ${of}.`;
}

export interface PagedResultsProps<T> {
  table: PagedTableState<T>;
  noun: RowNoun;
  /** The live region that says what the table shows; the table's actions name it. */
  resultsId: string;
  resultsClassName: string;
  loading: ReactNode;
  failed: ReactNode;
  /** No row: none yet, or none matching the filters. */
  empty: ReactNode;
  pagesLabel: string;
  children: (rows: T[]) => ReactNode;
}

/** Under a table's filters: what it shows in words, then loading, failure, nothing, or the rows; then the pages. */
export function PagedResults<T>({
  table,
  noun,
  resultsId,
  resultsClassName,
  loading,
  failed,
  empty,
  pagesLabel,
  children,
}: PagedResultsProps<T>) {
  const data = table.rows.data;
  return (
    <>
      <p id={resultsId} className={resultsClassName} role="status">
        {resultsText(table, noun)}
      </p>
      {!data ? (table.rows.isError ? failed : loading) : data.data.length === 0 ? empty : children(data.data)}
      <Pagination
        page={table.page}
        pageSize={table.pageSize}
        total={data?.totalCount ?? 0}
        onChange={table.turnTo}
        label={pagesLabel}
      />
    </>
  );
}
