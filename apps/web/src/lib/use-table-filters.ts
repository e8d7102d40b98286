import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type FilterValues, pageFromParams, type TableFilters } from './table-filters.ts';

/** What a page of rows must tell: how many rows match in all, and whether it is the page asked for. */
interface PagedQuery {
  data: { totalCount: number } | undefined;
  isSuccess: boolean;
  isPlaceholderData: boolean;
}

export interface TableFiltersOptions<V extends FilterValues<V>, Q, R extends PagedQuery> {
  filters: TableFilters<V, Q>;
  /**
   * The table's anchor. Filters and page live in the URL (a reload, Back and a shared link keep them) with this
   * hash, which tells the portal's scroll restoration to leave the page where the reader is: a search or a page turn
   * is not a new page.
   */
  anchor: string;
  pageSize: number;
  /** The query of one page of rows (the previous page kept in view while the next one loads). */
  useRows: (query: Q, page: number) => R;
}

/** A filtered, paged table's state, kept in the URL: the filters and page asked for, and the rows they bring. */
export function useTableFilters<V extends FilterValues<V>, Q, R extends PagedQuery>({
  filters,
  anchor,
  pageSize,
  useRows,
}: TableFiltersOptions<V, Q, R>) {
  const location = useLocation();
  const navigate = useNavigate();
  const today = filters.today();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const applied = useMemo(() => filters.filtersFromParams(params, today), [filters, params, today]);
  const page = pageFromParams(params);
  const query = useMemo(() => filters.toQuery(applied), [filters, applied]);
  const rows = useRows(query, page);

  const show = (values: V, nextPage: number, replace = false) =>
    navigate({ search: filters.paramsOf(values, nextPage).toString(), hash: anchor }, { replace });

  // a page past the end (a shared link, rows gone since) falls back to the last page that has rows
  const lastPage = Math.max(1, Math.ceil((rows.data?.totalCount ?? 0) / pageSize));
  const isPastEnd = rows.isSuccess && !rows.isPlaceholderData && page > lastPage;
  // biome-ignore lint/correctness/useExhaustiveDependencies: moves only when the page turns out to be past the end
  useEffect(() => {
    if (isPastEnd) show(applied, lastPage, true);
  }, [isPastEnd]);

  return {
    today,
    applied,
    page,
    pageSize,
    lastPage,
    query,
    rows,
    isFiltered: filters.hasFilters(applied),
    /** Searches `values` from their first page. */
    apply: (values: V) => show(values, 1),
    turnTo: (nextPage: number) => show(applied, nextPage),
  };
}
