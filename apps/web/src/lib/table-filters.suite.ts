import { describe, expect, it } from 'vitest';
import {
  type FilterValues,
  FUTURE_DAY_MESSAGE,
  pageFromParams,
  RANGE_MESSAGE,
  type TableFilters,
} from './table-filters.ts';

export interface TableFiltersSuite<V extends FilterValues<V>> {
  /** Every field set, to a value the form takes: what the URL must give back. */
  sample: V;
  /** A page past the first, written with the sample. */
  samplePage: number;
  /** A status the table does not know, as a URL would carry it: `status=Paid`. */
  unknownStatusQuery: string;
}

const TODAY = '2026-05-20';

/** The rules every table's filters keep (days, ranges, the URL, the page), checked on one table's definition. */
export function describeTableFilters<V extends FilterValues<V>, Q>(
  filters: TableFilters<V, Q>,
  { sample, samplePage, unknownStatusQuery }: TableFiltersSuite<NoInfer<V>>,
) {
  const { filterErrors, filtersFromParams, paramsOf, empty: NO_FILTERS } = filters;

  describe('filterErrors', () => {
    it('accepts no filters, a day range in order, and a one-day range', () => {
      expect(filterErrors(NO_FILTERS, TODAY)).toEqual({});
      expect(filterErrors({ ...NO_FILTERS, from: '2026-05-01', to: TODAY }, TODAY)).toEqual({});
      expect(filterErrors({ ...NO_FILTERS, from: '2026-05-03', to: '2026-05-03' }, TODAY)).toEqual({});
    });

    it('refuses a day after today', () => {
      expect(filterErrors({ ...NO_FILTERS, from: '2026-05-21' }, TODAY)).toEqual({ from: FUTURE_DAY_MESSAGE });
      expect(filterErrors({ ...NO_FILTERS, to: '2027-01-01' }, TODAY)).toEqual({ to: FUTURE_DAY_MESSAGE });
    });

    it('refuses an end before the start, on the start as the API does', () => {
      expect(filterErrors({ ...NO_FILTERS, from: '2026-05-10', to: '2026-05-09' }, TODAY)).toEqual({
        from: RANGE_MESSAGE,
      });
    });
  });

  describe('filters in the URL', () => {
    it('reads back what it writes, page included', () => {
      const params = paramsOf(sample, samplePage);
      expect(filtersFromParams(params, TODAY)).toEqual(sample);
      expect(pageFromParams(params)).toBe(samplePage);
      expect(paramsOf(NO_FILTERS, 1).toString()).toBe('');
    });

    it('drops what the form would refuse: an unknown status, a non-day, a future day, an end before the start', () => {
      const read = (query: string) => filtersFromParams(new URLSearchParams(query), TODAY);
      expect(read(unknownStatusQuery)).toEqual(NO_FILTERS);
      expect(read('from=yesterday&to=2026-02-30')).toEqual(NO_FILTERS);
      expect(read('to=2026-05-21')).toEqual(NO_FILTERS);
      expect(read('from=2026-05-10&to=2026-05-01')).toEqual({ ...NO_FILTERS, from: '2026-05-10' });
    });

    it('reads page 1 from a missing, broken or out-of-range page', () => {
      for (const query of ['', 'page=0', 'page=-2', 'page=1.5', 'page=two']) {
        expect(pageFromParams(new URLSearchParams(query))).toBe(1);
      }
    });
  });
}
