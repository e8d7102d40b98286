import { describe, expect, it } from 'vitest';
import { describeTableFilters } from '../../../lib/table-filters.suite.ts';
import { incomeFilters, NO_FILTERS, toIncomeQuery } from './filters.ts';

describeTableFilters(incomeFilters, {
  sample: { name: 'Orbit Tag', from: '2026-05-01', to: '2026-05-09', status: 'Unsettled' },
  samplePage: 3,
  unknownStatusQuery: 'status=Paid',
});

describe('toIncomeQuery', () => {
  it('leaves empty fields out and trims the name', () => {
    expect(toIncomeQuery(NO_FILTERS)).toEqual({});
    expect(toIncomeQuery({ name: '  Orbit ', from: '2026-05-01', to: '', status: 'Settled' })).toEqual({
      Name: 'Orbit',
      PurchaseDateFrom: '2026-05-01',
      Status: 'Settled',
    });
  });
});
