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

describe('incomeFilters.today', () => {
  it('is the Hong Kong day, as the API counts purchase days: 1 February from 16:00 UTC on 31 January', () => {
    expect(incomeFilters.today(new Date('2026-01-31T15:59:59.999Z'))).toBe('2026-01-31');
    expect(incomeFilters.today(new Date('2026-01-31T16:30:00Z'))).toBe('2026-02-01');
    const today = incomeFilters.today(new Date('2026-01-31T16:30:00Z'));
    expect(incomeFilters.filterErrors({ ...NO_FILTERS, from: '2026-02-01', to: '2026-02-01' }, today)).toEqual({});
  });
});
