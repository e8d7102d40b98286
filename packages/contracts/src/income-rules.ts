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

/**
 * The day a sale is paid: the last day of the second month after the month it was received in, in Hong Kong time
 * (sales of May are paid on 31 July), as `YYYY-MM-DD`.
 */
export function payoutDateOf(purchasedAt: Date): string {
  const [year = 0, month = 1] = payoutZoneDate(purchasedAt).split('-').map(Number);
  // day 0 of the month after M+2 is the last day of M+2; Date.UTC carries months past December into the next year
  return new Date(Date.UTC(year, month - 1 + 3, 0)).toISOString().slice(0, 10);
}
