import { keepPreviousData, type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type RequestOptions } from './api-client.ts';

/** One page of a list, as the API answers it. */
export interface Page<T> {
  data: T[];
  totalCount: number;
}

/** A paged list of the admin console: where it is asked for, and how a filter is asked and cached. */
export interface PagedQuerySpec<F extends { page: number }> {
  path: string;
  pageSize: number;
  /** The cache key of a page of the list: every key of the list starts the same, so that one prefix drops them all. */
  queryKey: (filter: F) => QueryKey;
  /** The filter's own query names, sent after the page's. */
  query?: (filter: F) => RequestOptions['query'];
}

/** Asks for one page of the list that `filter` names. */
export const getPage = <P, F extends { page: number }>({ path, pageSize, query }: PagedQuerySpec<F>, filter: F) =>
  apiRequest<P>(path, { query: { PageIndex: filter.page, PageSize: pageSize, ...query?.(filter) } });

/** A page's query, asked again whenever it is shown: another admin may have changed the list. */
export const pagedQueryOptions = <P, F extends { page: number }>(spec: PagedQuerySpec<F>, filter: F) =>
  queryOptions({ queryKey: spec.queryKey(filter), queryFn: () => getPage<P, F>(spec, filter), staleTime: 0 });

/** The page of a list on screen: the previous page stays in view while the next one loads. */
export const usePagedQuery = <P, F extends { page: number }>(spec: PagedQuerySpec<F>, filter: F) =>
  useQuery({ ...pagedQueryOptions<P, F>(spec, filter), placeholderData: keepPreviousData });

/** A partner's own list, filtered in the URL and shown a page at a time (My Project Income's sales, My Purchase History). */
export interface FilteredListSpec {
  path: string;
  pageSize: number;
  /** The first part of every key of the list's pages. */
  name: string;
}

/**
 * The page of the list on screen that `filters` match; the previous page stays in view while the next one loads, and
 * the table shows its own busy state meanwhile rather than covering the whole page.
 */
export const useFilteredPage = <P, F extends NonNullable<RequestOptions['query']>>(
  { path, pageSize, name }: FilteredListSpec,
  filters: F,
  page: number,
) =>
  useQuery({
    queryKey: [name, 'records', filters, page],
    queryFn: ({ signal }) =>
      apiRequest<P>(path, { query: { ...filters, PageIndex: page, PageSize: pageSize }, signal, background: true }),
    placeholderData: keepPreviousData,
  });
