/**
 * The days of the portal's date filters: in UTC, the zone the API filters by. Shared by My Project Income and My
 * Purchase History; `format.ts` shows them.
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
