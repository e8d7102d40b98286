import { dollarsToCents } from '@portal/contracts/money';

/**
 * Dates, times, amounts and counts as the portal shows them, in one place. One locale for every screen, whatever the
 * browser's language: days read "3 May 2026", times "14:05". Money is formatted by contracts (the server's mails say
 * it the same way) and offered here beside the rest.
 */
export { formatDollars, formatPrice, formatUsd } from '@portal/contracts/money';

/** The portal's one locale. */
export const PORTAL_LOCALE = 'en-GB';

const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const HOUR_MINUTE = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** A formatter made on first use: a page that shows no date (the home page's gallery) does not pay for one. */
function lazyDates(options: Intl.DateTimeFormatOptions): (date: Date | number) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => {
    format ??= new Intl.DateTimeFormat(PORTAL_LOCALE, options);
    return format.format(date);
  };
}

// In UTC: the zone the API filters by, and the one sales, payouts and placement months are counted in.
const utcDay = lazyDates({ timeZone: 'UTC', ...DAY });
const utcWeekdayDay = lazyDates({ timeZone: 'UTC', weekday: 'short', ...DAY });
const utcTime = lazyDates({ timeZone: 'UTC', ...HOUR_MINUTE });
const utcMonth = lazyDates({ timeZone: 'UTC', month: 'long', year: 'numeric' });
const utcShortMonth = lazyDates({ timeZone: 'UTC', month: 'short' });

// In the reader's time zone: when something happened, as the reader lived it.
const localDay = lazyDates(DAY);
const localLongDay = lazyDates({ dateStyle: 'long' });
// every time on the 24-hour clock, whatever the browser's own conventions (a 12-hour region's default)
const localDayTime = lazyDates({ dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
const localDayTimeSeconds = lazyDates({ dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' });
const localShortDayTime = lazyDates({ day: 'numeric', month: 'short', ...HOUR_MINUTE });
const localClock = lazyDates({ ...HOUR_MINUTE, second: '2-digit' });
let count: Intl.NumberFormat | undefined;

const dayDate = (day: string) => new Date(`${day}T00:00:00.000Z`);
const NONE = '—';

/** The UTC day of an instant: "3 May 2026". */
export const formatInstantDay = (iso: string) => utcDay(new Date(iso));

/** The UTC time of day of an instant: "14:05". */
export const formatTime = (iso: string) => utcTime(new Date(iso));

/** An instant as a sentence says it, in UTC: "3 Jun 2026, 14:05 UTC". */
export const formatInstant = (iso: string) => `${formatInstantDay(iso)}, ${formatTime(iso)} UTC`;

/** A calendar day (`YYYY-MM-DD`, a payout day or a filter's) as it reads: "31 Jul 2026". */
export const formatDay = (day: string) => utcDay(dayDate(day));

/** A payout day with its weekday: "Fri, 31 Jul 2026". */
export const formatPayoutDay = (day: string) => utcWeekdayDay(dayDate(day));

/** A month (`YYYY-MM`) in full, "May 2026", and short for a chart's axis, "May". */
export const formatMonth = (month: string) => utcMonth(dayDate(`${month}-01`));
export const formatShortMonth = (month: string) => utcShortMonth(dayDate(`${month}-01`));

/** The reader's day of an instant: "3 May 2026"; a dash when there is none. */
export const formatDate = (iso: string | null) => (iso ? localDay(new Date(iso)) : NONE);

/** The reader's day of an instant, its month in full: "27 November 2026". */
export const formatLongDate = (iso: string) => localLongDay(new Date(iso));

/** An instant in the reader's time zone: "12 Jun 2025, 14:03"; a dash when there is none. */
export const formatDateTime = (iso: string | null) => (iso ? localDayTime(new Date(iso)) : NONE);

/** An instant in the reader's time zone, to the second: "12 Jun 2025, 14:03:09". */
export const formatDateTimeSeconds = (iso: string) => localDayTimeSeconds(new Date(iso));

/** A message's day and time in the reader's time zone, without the year: "3 May, 14:05". */
export const formatShortDateTime = (iso: string) => localShortDayTime(new Date(iso));

/** The reader's clock time, to the second: "14:05:09". */
export const formatClock = (at: Date | number) => localClock(at);

/** An amount with its two decimals and no currency, for a column whose header names it: "12.50". */
export const formatAmount = (dollars: number) => (dollarsToCents(dollars) / 100).toFixed(2);

/** A commission rate: "20%", "12.5%". */
export const formatPercent = (percent: number) => `${percent}%`;

/** A file's size: "812 B", "48.0 KB", "50.0 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A count with its thousands grouped: "12,345". */
export const formatCount = (value: number) => {
  count ??= new Intl.NumberFormat(PORTAL_LOCALE);
  return count.format(value);
};
