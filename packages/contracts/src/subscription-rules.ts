/**
 * The rules of a placement subscription, in one place for the server, the web app and the tests: a purchase pays for
 * one month of AR placement; its payment moves from Processing to one final state; a month bought while another is
 * active starts when that one ends. Pure functions over instants.
 */

/** A purchase's payment, as SPEC §4 names them: Processing until the provider says how it ended. */
export const payStatuses = ['Processing', 'Successed', 'Failed', 'Cancelled'] as const;
export type PayStatus = (typeof payStatuses)[number];

/** How SPEC §4 shows each payment state. */
export const payStatusLabels: Record<PayStatus, string> = {
  Processing: 'Processing',
  Successed: 'Collected',
  Failed: 'Fail to receive',
  Cancelled: 'Cancelled',
};

/** What the payment provider said about a checkout, in the order it may say it. */
export type CheckoutOutcome = 'paid' | 'failed' | 'cancelled';

/**
 * The payment state a purchase moves to when the provider reports an outcome: only a Processing purchase moves, so a
 * replayed or late event (an expiry after the payment) changes nothing.
 */
export function nextPayStatus(current: PayStatus, outcome: CheckoutOutcome): PayStatus {
  if (current !== 'Processing') return current;
  return outcome === 'paid' ? 'Successed' : outcome === 'failed' ? 'Failed' : 'Cancelled';
}

/** The same instant one calendar month later (31 January → 28 or 29 February, the end of the shorter month). */
export function oneMonthAfter(start: Date): Date {
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * The month a payment confirmed at `paidAt` buys: from then, or from the end of the latest month already bought
 * when that is later (months follow each other, never overlap).
 */
export function monthBought(paidAt: Date, latestEnd: Date | null): { startdAt: Date; expiredAt: Date } {
  const startdAt = latestEnd && latestEnd.getTime() > paidAt.getTime() ? latestEnd : paidAt;
  return { startdAt, expiredAt: oneMonthAfter(startdAt) };
}

/** Whether a bought month covers an instant. */
export function isCovering(month: { startdAt: Date | null; expiredAt: Date | null }, at: Date): boolean {
  return month.startdAt !== null && month.expiredAt !== null && month.startdAt <= at && at < month.expiredAt;
}
