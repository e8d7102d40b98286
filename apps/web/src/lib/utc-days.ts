import { dollarsToCents } from '@portal/contracts/money';

/**
 * Days, instants and amounts as the portal's tables and date filters show them: in UTC, the zone the API filters by.
 * Shared by My Project Income and My Purchase History.
 */

/** An amount with its two decimals and no currency, for a column whose header names it: "12.50". */
export const formatAmount = (dollars: number) => (dollarsToCents(dollars) / 100).toFixed(2);

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const TIME_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The UTC day of an instant: "3 May 2026". */
export const formatInstantDay = (iso: string) => DAY_FORMAT.format(new Date(iso));

/** The UTC time of day of an instant: "14:05". */
export const formatTime = (iso: string) => TIME_FORMAT.format(new Date(iso));

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
