import { type PayStatus, payStatuses, subscriptionQuerySchema } from '@portal/contracts';
import { defineTableFilters } from '../../../lib/table-filters.ts';
import type { SubscriptionFilters } from '../api/get-subscriptions.ts';

export { FUTURE_DAY_MESSAGE, pageFromParams, RANGE_MESSAGE, utcToday } from '../../../lib/table-filters.ts';

/** What the purchases' filter form holds: payment status and creation days. */
export interface PurchaseFilterValues {
  status: PayStatus | '';
  from: string;
  to: string;
}

const isPayStatus = (value: string): value is PayStatus => (payStatuses as readonly string[]).includes(value);

/** SPEC §2's filters of My Purchase History, as the API's subscription query names them. */
export const purchaseFilters = defineTableFilters<PurchaseFilterValues, SubscriptionFilters>({
  empty: { status: '', from: '', to: '' },
  apiNames: { status: 'PayStatus', from: 'CreatedStartAt', to: 'CreatedEndAt' },
  querySchema: subscriptionQuerySchema,
  fromUrl: { status: (raw) => (isPayStatus(raw) ? raw : '') },
});

export const {
  empty: NO_FILTERS,
  toQuery: toSubscriptionFilters,
  filterErrors,
  hasFilters,
  filtersFromParams,
  paramsOf,
} = purchaseFilters;
