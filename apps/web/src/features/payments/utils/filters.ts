import { type PayStatus, payStatuses, subscriptionQuerySchema } from '@portal/contracts';
import { dayParam, FUTURE_DAY_MESSAGE, RANGE_MESSAGE } from '../../../lib/utc-days.ts';
import type { SubscriptionFilters } from '../api/get-subscriptions.ts';

export { FUTURE_DAY_MESSAGE, pageFromParams, RANGE_MESSAGE, utcToday } from '../../../lib/utc-days.ts';

/** What the filter form holds: the text of its fields. Days are `YYYY-MM-DD`, whole UTC days as the API counts them. */
export interface PurchaseFilterValues {
  status: PayStatus | '';
  from: string;
  to: string;
}

export type PurchaseFilterErrors = Partial<Record<keyof PurchaseFilterValues, string>>;

export const NO_FILTERS: PurchaseFilterValues = { status: '', from: '', to: '' };

const isPayStatus = (value: string): value is PayStatus => (payStatuses as readonly string[]).includes(value);

/** The API's query for the filters: empty fields are left out. */
export function toSubscriptionFilters(values: PurchaseFilterValues): SubscriptionFilters {
  return {
    ...(values.status ? { PayStatus: values.status } : {}),
    ...(values.from ? { CreatedStartAt: values.from } : {}),
    ...(values.to ? { CreatedEndAt: values.to } : {}),
  };
}

const fieldOfParam: Record<string, keyof PurchaseFilterValues> = {
  PayStatus: 'status',
  CreatedStartAt: 'from',
  CreatedEndAt: 'to',
};

/**
 * What keeps the filters from being searched: a future day (the picker offers none, but a day can be typed), and
 * whatever the API's own query schema refuses, an inverted range above all.
 */
export function filterErrors(values: PurchaseFilterValues, today: string): PurchaseFilterErrors {
  const errors: PurchaseFilterErrors = {};
  if (values.from > today) errors.from = FUTURE_DAY_MESSAGE;
  if (values.to > today) errors.to = FUTURE_DAY_MESSAGE;
  const parsed = subscriptionQuerySchema.safeParse(toSubscriptionFilters(values));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = fieldOfParam[String(issue.path[0])];
    // the range refinement is reported on CreatedStartAt; its text names query parameters, not the form's fields
    if (field && !errors[field]) errors[field] = issue.code === 'custom' ? RANGE_MESSAGE : issue.message;
  }
  return errors;
}

export const hasFilters = (values: PurchaseFilterValues) =>
  values.status !== '' || values.from !== '' || values.to !== '';

/**
 * The filters a URL asks for (a link, Back, a reload). What the form would refuse is dropped rather than sent: an
 * unknown status, a day that is not one or is in the future, and an end before the start.
 */
export function filtersFromParams(params: URLSearchParams, today: string): PurchaseFilterValues {
  const day = (key: string) => dayParam(params, key, today);
  const status = params.get('status') ?? '';
  const values: PurchaseFilterValues = {
    status: isPayStatus(status) ? status : '',
    from: day('from'),
    to: day('to'),
  };
  return { ...values, to: filterErrors(values, today).from ? '' : values.to };
}

/** The URL query of some filters and a page; empty fields and page 1 are left out. */
export function paramsOf(values: PurchaseFilterValues, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (values.status) params.set('status', values.status);
  if (values.from) params.set('from', values.from);
  if (values.to) params.set('to', values.to);
  if (page > 1) params.set('page', String(page));
  return params;
}
