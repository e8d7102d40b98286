import {
  type IncomeExportQuery,
  type IncomeStatus,
  incomeExportQuerySchema,
  incomeStatuses,
  MAX_NAME_LENGTH,
  payoutZoneDate,
} from '@portal/contracts';
import { defineTableFilters } from '../../../lib/table-filters.ts';

export { FUTURE_DAY_MESSAGE, pageFromParams, RANGE_MESSAGE, utcToday } from '../../../lib/table-filters.ts';

/** What the sales' filter form holds: item name, purchase days and settlement status. */
export interface IncomeFilterValues {
  name: string;
  from: string;
  to: string;
  status: IncomeStatus | '';
}

const isIncomeStatus = (value: string): value is IncomeStatus => (incomeStatuses as readonly string[]).includes(value);

/** SPEC §2's filters of the sales table, as the API's income query names them; days are Hong Kong days, as it counts them. */
export const incomeFilters = defineTableFilters<IncomeFilterValues, IncomeExportQuery>({
  empty: { name: '', from: '', to: '', status: '' },
  apiNames: { name: 'Name', from: 'PurchaseDateFrom', to: 'PurchaseDateTo', status: 'Status' },
  querySchema: incomeExportQuerySchema,
  fromUrl: {
    name: (raw) => raw.slice(0, MAX_NAME_LENGTH),
    status: (raw) => (isIncomeStatus(raw) ? raw : ''),
  },
  today: (now = new Date()) => payoutZoneDate(now),
});

export const {
  empty: NO_FILTERS,
  toQuery: toIncomeQuery,
  filterErrors,
  hasFilters,
  filtersFromParams,
  paramsOf,
} = incomeFilters;
