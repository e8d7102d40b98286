/**
 * The rules of a partner's income, in one place for the server, the web app and the tests: how a sale's total is
 * split into fees and income, and on which day it is paid. Pure functions over integer cents and instants.
 */

/** What a sale pays before the partner: rates in basis points (1/100 of a percent), amounts in cents. */
export interface FeeRates {
  /** The payment platform's share of the total: 290 is 2.9%. */
  paymentPercentBasisPoints: number;
  /** The payment platform's fixed fee per sale: 30 is 0.30 USD. */
  paymentFixedCents: number;
  /** The platform's commission at the partner's rate: 2000 is 20%. */
  commissionBasisPoints: number;
}

export interface SaleSplit {
  paymentPlatformFeeCents: number;
  platformFeeCents: number;
  incomeCents: number;
}

/** `cents × basisPoints / 10,000`, rounded half up, in integers only. */
export function shareOf(cents: number, basisPoints: number): number {
  return Math.floor((cents * basisPoints + 5_000) / 10_000);
}

/**
 * Splits a sale's total. The rounding rule: each fee is computed on the whole total and rounded half up to a cent;
 * the payment platform fee is taken first and never exceeds the total, the platform fee never exceeds what is left,
 * and the partner's income is the rest. So fees + income = total exactly, and nothing is ever negative.
 */
export function splitSale(totalCents: number, rates: FeeRates): SaleSplit {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0)
    throw new RangeError(`not an amount in cents: ${totalCents}`);
  const paymentPlatformFeeCents = Math.min(
    totalCents,
    shareOf(totalCents, rates.paymentPercentBasisPoints) + rates.paymentFixedCents,
  );
  const platformFeeCents = Math.min(
    totalCents - paymentPlatformFeeCents,
    shareOf(totalCents, rates.commissionBasisPoints),
  );
  return {
    paymentPlatformFeeCents,
    platformFeeCents,
    incomeCents: totalCents - paymentPlatformFeeCents - platformFeeCents,
  };
}

/** Payouts are made from Hong Kong: months are counted in its time, UTC+8 all year (no daylight saving). */
export const PAYOUT_UTC_OFFSET_HOURS = 8;

/** The calendar date of an instant in Hong Kong, as `YYYY-MM-DD`. */
export function payoutZoneDate(instant: Date): string {
  return new Date(instant.getTime() + PAYOUT_UTC_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);
}

/** The first instant of a Hong Kong day (`YYYY-MM-DD`): its midnight there, 16:00 UTC the day before. */
export function payoutZoneDayStart(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - PAYOUT_UTC_OFFSET_HOURS * 3_600_000);
}

/**
 * The first UTC day a sale may be dated (`YYYY-MM-DD`): the marketplace has sold nothing before, and a year this
 * side of it is also one every date parser on the way (JavaScript's, the database driver's) reads back as written.
 */
export const EARLIEST_SALE_DAY = '2000-01-01';

/** Whether a sale's purchase time is before `EARLIEST_SALE_DAY`. */
export const isBeforeEarliestSale = (purchasedAt: Date) =>
  purchasedAt.getTime() < Date.parse(`${EARLIEST_SALE_DAY}T00:00:00.000Z`);

/**
 * The day a sale is paid: the last day of the second month after the month it was received in, in Hong Kong time
 * (sales of May are paid on 31 July), as `YYYY-MM-DD`.
 */
export function payoutDateOf(purchasedAt: Date): string {
  const [year = 0, month = 1] = payoutZoneDate(purchasedAt).split('-').map(Number);
  // day 0 of the month after M+2 is the last day of M+2; Date.UTC carries months past December into the next year
  return new Date(Date.UTC(year, month - 1 + 3, 0)).toISOString().slice(0, 10);
}

const dayOf = (date: string) => new Date(`${date}T00:00:00.000Z`);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** `payoutDateOf` in the partner's words: how long after receipt a sale is paid. */
export const PAYOUT_DELAY_TEXT = '60 to 90 days';

/** `payoutDateOf`'s example, as the portal gives it. */
export const PAYOUT_EXAMPLE_TEXT = 'sales of May are paid on 31 July';

/** Payouts are made on the last day of a month only. */
export function isPayoutDay(date: string): boolean {
  const next = dayOf(date);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.getUTCDate() === 1;
}

/** The payout day of `date`'s month: its last day (`date` itself on a payout day). */
export function payoutDayOfMonth(date: string): string {
  const day = dayOf(date);
  return isoDay(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)));
}

/** The latest payout day on or before `date`: `date` on a payout day, else the last day of the month before. */
export function latestPayoutDayOnOrBefore(date: string): string {
  if (isPayoutDay(date)) return date;
  const day = dayOf(date);
  return isoDay(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 0)));
}

/**
 * The first purchase instant that payout day P does not pay: midnight in Hong Kong on the first day of the month
 * before P's. A sale bought before it has its own payout date (`payoutDateOf`) on P or earlier; one bought from it,
 * later. The settlement compares purchase times with it, along an index, rather than recomputing each sale's day.
 */
export function firstPurchaseNotDueBy(payoutDay: string): Date {
  const [year = 0, month = 1] = payoutDay.split('-').map(Number);
  return payoutZoneDayStart(isoDay(new Date(Date.UTC(year, month - 2, 1))));
}

/**
 * The settlement of payout day P pays, to each partner with a connected payout account, every unsettled sale whose
 * own payout date is P or earlier (earlier ones waited on a payout account, on a missed run, or were reported after
 * their day's settlement had started). A partner without an account keeps accruing, and is paid on the first payout
 * day whose settlement runs after it connected.
 */
export function isDueOn(sale: { status: string; purchasedAt: Date }, payoutDay: string): boolean {
  return sale.status === 'Unsettled' && sale.purchasedAt.getTime() < firstPurchaseNotDueBy(payoutDay).getTime();
}

/**
 * The day an unsettled sale will be paid, as the partner's calendar shows it, given the latest payout day whose
 * settlement has run: its own payout date while that is still to run; once that day's settlement has passed it by
 * (the partner had no payout account then), the next payout day.
 */
export function expectedPayoutDay(payoutDate: string, lastSettledDay: string | null): string {
  if (lastSettledDay === null || payoutDate > lastSettledDay) return payoutDate;
  const next = dayOf(lastSettledDay);
  next.setUTCDate(next.getUTCDate() + 1);
  return payoutDayOfMonth(isoDay(next));
}

/**
 * The payout day a sale is recorded with, given the latest payout day a settlement run has started on: its own
 * (`payoutDateOf`) while that day's settlement is still to start; for a sale reported late, after it started, the
 * next payout day still open, which the schedule settles. So the record, the partner's list, the export and the
 * calendar name one day. (The sale is due by its own day all the same: should that day be settled again, by an admin,
 * it is paid then, and its record takes that payout's day.)
 */
export function salePayoutDay(purchasedAt: Date, latestRunDay: string | null): string {
  return expectedPayoutDay(payoutDateOf(purchasedAt), latestRunDay);
}

/**
 * The idempotency key of a partner's payout for a payout day, to one account: the same payout is never transferred
 * twice; retried to another account after a refusal (which made no transfer), it is a new request.
 */
export const payoutKey = (partnerId: string, payoutDay: string, accountId: string) =>
  `payout-${partnerId}-${payoutDay}-${accountId}`;
