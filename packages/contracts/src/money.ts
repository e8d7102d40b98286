/**
 * Money as the portal keeps and shows it, in a module without zod: the web app's light pages import it through
 * `@portal/contracts/money` and stay small. Amounts are integer cents inside, dollars on the wire.
 */

/** Integer cents → dollars, for the wire. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Dollars from a form or the wire → integer cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** "12.50 USD" */
export function formatUsd(cents: number): string {
  return `${(cents / 100).toFixed(2)} USD`;
}

/** US dollars from the wire as the portal shows money: "12.50 USD". */
export const formatDollars = (dollars: number) => formatUsd(dollarsToCents(dollars));

/** A price as the portal shows it: "x.xx USD", or "Free" when it is not above 0. */
export function formatPriceCents(cents: number): string {
  return cents > 0 ? formatUsd(cents) : 'Free';
}

/** A game's or a 3D model's price, in dollars as the wire carries it. */
export const formatPrice = (dollars: number) => formatPriceCents(dollarsToCents(dollars));
