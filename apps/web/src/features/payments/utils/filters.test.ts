import { describe, expect, it } from 'vitest';
import {
  FUTURE_DAY_MESSAGE,
  filterErrors,
  filtersFromParams,
  NO_FILTERS,
  pageFromParams,
  paramsOf,
  RANGE_MESSAGE,
  toSubscriptionFilters,
} from './filters.ts';

const TODAY = '2026-05-20';

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

describe('toSubscriptionFilters', () => {
  it('names the API parameters and leaves empty fields out', () => {
    expect(toSubscriptionFilters(NO_FILTERS)).toEqual({});
    expect(toSubscriptionFilters({ status: 'Failed', from: '2026-05-01', to: '' })).toEqual({
      PayStatus: 'Failed',
      CreatedStartAt: '2026-05-01',
    });
  });
});

describe('filters in the URL', () => {
  it('reads back what it writes, page included', () => {
    const values = { status: 'Successed' as const, from: '2026-05-01', to: '2026-05-09' };
    const params = paramsOf(values, 2);
    expect(filtersFromParams(params, TODAY)).toEqual(values);
    expect(pageFromParams(params)).toBe(2);
    expect(paramsOf(NO_FILTERS, 1).toString()).toBe('');
  });

  it('drops what the form would refuse: an unknown status, a non-day, a future day, an end before the start', () => {
    const read = (query: string) => filtersFromParams(new URLSearchParams(query), TODAY);
    expect(read('status=Collected')).toEqual(NO_FILTERS);
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
