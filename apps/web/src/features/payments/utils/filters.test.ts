import { describe, expect, it } from 'vitest';
import { describeTableFilters } from '../../../lib/table-filters.suite.ts';
import { NO_FILTERS, purchaseFilters, toSubscriptionFilters } from './filters.ts';

describeTableFilters(purchaseFilters, {
  sample: { status: 'Successed', from: '2026-05-01', to: '2026-05-09' },
  samplePage: 2,
  unknownStatusQuery: 'status=Collected',
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
