import {
  type IncomeExportQuery,
  type IncomeStatus,
  incomeExportQuerySchema,
  incomeStatuses,
  MAX_NAME_LENGTH,
} from '@portal/contracts';
import { dayParam, FUTURE_DAY_MESSAGE, RANGE_MESSAGE } from '../../../lib/utc-days.ts';

export { FUTURE_DAY_MESSAGE, pageFromParams, RANGE_MESSAGE, utcToday } from '../../../lib/utc-days.ts';

/** What the filter form holds: the text of its fields. Days are `YYYY-MM-DD`, whole UTC days as the API counts them. */
export interface IncomeFilterValues {
  name: string;
  from: string;
  to: string;
  status: IncomeStatus | '';
}

export type IncomeFilterErrors = Partial<Record<keyof IncomeFilterValues, string>>;

export const NO_FILTERS: IncomeFilterValues = { name: '', from: '', to: '', status: '' };

const isIncomeStatus = (value: string): value is IncomeStatus => (incomeStatuses as readonly string[]).includes(value);

/** The API's query for the filters: empty fields are left out. */
export function toIncomeQuery(values: IncomeFilterValues): IncomeExportQuery {
  const name = values.name.trim();
  return {
    ...(name ? { Name: name } : {}),
    ...(values.from ? { PurchaseDateFrom: values.from } : {}),
    ...(values.to ? { PurchaseDateTo: values.to } : {}),
    ...(values.status ? { Status: values.status } : {}),
  };
}

const fieldOfParam: Record<string, keyof IncomeFilterValues> = {
  Name: 'name',
  PurchaseDateFrom: 'from',
  PurchaseDateTo: 'to',
  Status: 'status',
};

/**
 * What keeps the filters from being searched: a future day (the picker offers none, but a day can be typed), and
 * whatever the API's own query schema refuses, an inverted range above all.
 */
export function filterErrors(values: IncomeFilterValues, today: string): IncomeFilterErrors {
  const errors: IncomeFilterErrors = {};
  if (values.from > today) errors.from = FUTURE_DAY_MESSAGE;
  if (values.to > today) errors.to = FUTURE_DAY_MESSAGE;
  const parsed = incomeExportQuerySchema.safeParse(toIncomeQuery(values));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = fieldOfParam[String(issue.path[0])];
    // the range refinement is reported on PurchaseDateFrom; its text names query parameters, not the form's fields
    if (field && !errors[field]) errors[field] = issue.code === 'custom' ? RANGE_MESSAGE : issue.message;
  }
  return errors;
}

export const hasFilters = (values: IncomeFilterValues) =>
  values.name.trim() !== '' || values.from !== '' || values.to !== '' || values.status !== '';

/**
 * The filters and page a URL asks for (a link, Back, a reload). What the form would refuse is dropped rather than
 * sent: an unknown status, a day that is not one or is in the future, and an end before the start.
 */
export function filtersFromParams(params: URLSearchParams, today: string): IncomeFilterValues {
  const day = (key: string) => dayParam(params, key, today);
  const status = params.get('status') ?? '';
  const values: IncomeFilterValues = {
    name: (params.get('name') ?? '').slice(0, MAX_NAME_LENGTH),
    from: day('from'),
    to: day('to'),
    status: isIncomeStatus(status) ? status : '',
  };
  const errors = filterErrors(values, today);
  // what is left to refuse is a name the API would not take, and a range whose end comes before its start
  return { ...values, name: errors.name ? '' : values.name, to: errors.from ? '' : values.to };
}

/** The URL query of some filters and a page; empty fields and page 1 are left out. */
export function paramsOf(values: IncomeFilterValues, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  const name = values.name.trim();
  if (name) params.set('name', name);
  if (values.from) params.set('from', values.from);
  if (values.to) params.set('to', values.to);
  if (values.status) params.set('status', values.status);
  if (page > 1) params.set('page', String(page));
  return params;
}
