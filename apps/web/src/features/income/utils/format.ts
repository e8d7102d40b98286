export { formatAmount, formatInstantDay, formatTime } from '../../../lib/utc-days.ts';

const DAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
const WEEKDAY_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const INSTANT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const MONTH = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const SHORT_MONTH = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'short' });

const dayDate = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** A calendar day (`YYYY-MM-DD`, a payout day or a filter's) as it reads: "31 Jul 2026". */
export const formatDay = (day: string) => DAY.format(dayDate(day));

/** A payout day with its weekday: "Fri, 31 Jul 2026". */
export const formatPayoutDay = (day: string) => WEEKDAY_DAY.format(dayDate(day));

/** An instant in UTC, the zone the table and the export give times in: "3 May 2026, 14:05". */
export const formatInstant = (iso: string) => INSTANT.format(new Date(iso));

/** A month (`YYYY-MM`) in full, "May 2026", and short for a chart's axis, "May". */
export const formatMonth = (month: string) => MONTH.format(dayDate(`${month}-01`));
export const formatShortMonth = (month: string) => SHORT_MONTH.format(dayDate(`${month}-01`));

/** "1 sale", "3 sales". */
export const salesCount = (count: number) => (count === 1 ? '1 sale' : `${count} sales`);
