import { ANALYTICS_RANGE_DAYS, payoutZoneDate } from '@portal/contracts';

/** The ranges a partner picks from, in days up to today (Hong Kong days, as income counts them). */
export const RANGES = ANALYTICS_RANGE_DAYS;
export type RangeDays = (typeof RANGES)[number];
export const DEFAULT_RANGE: RangeDays = 28;

const DAY_MS = 86_400_000;

/** From and To of the last `days` Hong Kong days, today included. */
export function rangeOf(days: RangeDays, now = new Date()) {
  return { From: payoutZoneDate(new Date(now.getTime() - (days - 1) * DAY_MS)), To: payoutZoneDate(now) };
}

/** A number of days asked for (an address's, a select's), or the default when it is none of the ranges. */
export const rangeDaysOf = (asked: string | null): RangeDays =>
  RANGES.find((range) => range === Number(asked)) ?? DEFAULT_RANGE;
