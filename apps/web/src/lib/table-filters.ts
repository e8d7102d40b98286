import type { ZodType } from 'zod';

/**
 * The filters of a paged table (My Project Income's sales, My Purchase History): what the form holds, what the API is
 * asked, and what the URL keeps. Days are `YYYY-MM-DD`, whole days as the API counts them: in UTC unless a table's
 * filters say otherwise (`today`).
 */

/** A date picker offers no future day; a day typed in anyway is refused with this. */
export const FUTURE_DAY_MESSAGE = 'Choose today or an earlier day';
export const RANGE_MESSAGE = 'Must be on or before the To date';

/** Today in UTC: the last day a date filter offers. */
export const utcToday = (now: Date = new Date()) => now.toISOString().slice(0, 10);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day that exists: `Date.parse` would take 2026-02-30 for 2 March. */
export const isDay = (value: string) =>
  DAY.test(value) && !Number.isNaN(Date.parse(value)) && new Date(Date.parse(value)).toISOString().startsWith(value);

/** The day a URL's `key` names, when it is one and not in the future; else ''. */
export function dayParam(params: URLSearchParams, key: string, today: string): string {
  const value = params.get(key) ?? '';
  return isDay(value) && value <= today ? value : '';
}

/** The page a URL asks for: 1 unless it names a whole number from 1. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** What a filter form holds: the text of its fields, a day range among them. */
export type FilterValues<V> = { from: string; to: string } & { [K in keyof V]: string };

export interface TableFiltersSpec<V extends FilterValues<V>> {
  /** Every field empty, in the order the URL lists them (each under its own name). */
  empty: V;
  /** Each field's name in the API's query, in the order the query lists them. */
  apiNames: Record<keyof V, string>;
  /** The API's own query schema: what it refuses is refused on the form, before a search. */
  querySchema: ZodType;
  /** What a field other than the days may take from a URL ('' for what the form would not offer). */
  fromUrl: Partial<Record<keyof V, (raw: string) => string>>;
  /** Today in the zone whose days the API counts (`utcToday` when left out): the last day a date filter offers. */
  today?: (now?: Date) => string;
}

export interface TableFilters<V extends FilterValues<V>, Q> {
  empty: V;
  /** Today in the zone whose days the API counts: the last day a date filter offers. */
  today: (now?: Date) => string;
  /** The API's query for the filters: empty fields are left out, text trimmed. */
  toQuery: (values: V) => Q;
  /**
   * What keeps the filters from being searched: a future day (the picker offers none, but a day can be typed), and
   * whatever the API's own query schema refuses, an inverted range above all.
   */
  filterErrors: (values: V, today: string) => Partial<Record<keyof V, string>>;
  hasFilters: (values: V) => boolean;
  /**
   * The filters a URL asks for (a link, Back, a reload). What the form would refuse is dropped rather than sent: an
   * unknown value, a day that is not one or is in the future, and an end before the start.
   */
  filtersFromParams: (params: URLSearchParams, today: string) => V;
  /** The URL query of some filters and a page; empty fields and page 1 are left out. */
  paramsOf: (values: V, page?: number) => URLSearchParams;
}

/** The filters of one table, from what sets them apart: their fields, the API's names for them and its schema. */
export function defineTableFilters<V extends FilterValues<V>, Q>(spec: TableFiltersSpec<V>): TableFilters<V, Q> {
  type Field = keyof V & string;
  const urlFields = Object.keys(spec.empty) as Field[];
  const apiFields = Object.keys(spec.apiNames) as Field[];
  const fieldOfApiName = new Map(apiFields.map((field) => [spec.apiNames[field], field]));

  const toQuery = (values: V) =>
    Object.fromEntries(
      apiFields.flatMap((field) => {
        const value = values[field].trim();
        return value ? [[spec.apiNames[field], value]] : [];
      }),
    ) as Q;

  const filterErrors = (values: V, today: string) => {
    const errors: Partial<Record<keyof V, string>> = {};
    if (values.from > today) errors.from = FUTURE_DAY_MESSAGE;
    if (values.to > today) errors.to = FUTURE_DAY_MESSAGE;
    const parsed = spec.querySchema.safeParse(toQuery(values));
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = fieldOfApiName.get(String(issue.path[0]));
      // the range refinement is reported on the start day; its text names query parameters, not the form's fields
      if (field && !errors[field]) errors[field] = issue.code === 'custom' ? RANGE_MESSAGE : issue.message;
    }
    return errors;
  };

  const filtersFromParams = (params: URLSearchParams, today: string) => {
    const read = (field: Field) => {
      if (field === 'from' || field === 'to') return dayParam(params, field, today);
      const raw = params.get(field) ?? '';
      return spec.fromUrl[field]?.(raw) ?? raw;
    };
    const values = Object.fromEntries(urlFields.map((field) => [field, read(field)])) as V;
    const errors = filterErrors(values, today);
    // what is left to refuse is a value the API would not take, and a range whose end comes before its start
    const kept = urlFields.map((field) => {
      if (field === 'to') return [field, errors.from ? '' : values.to];
      return [field, field !== 'from' && errors[field] ? '' : values[field]];
    });
    return Object.fromEntries(kept) as V;
  };

  const paramsOf = (values: V, page = 1) => {
    const params = new URLSearchParams();
    for (const field of urlFields) {
      const value = values[field].trim();
      if (value) params.set(field, value);
    }
    if (page > 1) params.set('page', String(page));
    return params;
  };

  const hasFilters = (values: V) => urlFields.some((field) => values[field].trim() !== '');

  return {
    empty: spec.empty,
    today: spec.today ?? utcToday,
    toQuery,
    filterErrors,
    hasFilters,
    filtersFromParams,
    paramsOf,
  };
}
