import { dollarsToCents, formatUsd } from '@portal/contracts';

/** A price in dollars as the portal shows it: "4.99 USD", or "Free" when not above 0. */
export const formatPrice = (dollars: number) => (dollars > 0 ? formatUsd(dollarsToCents(dollars)) : 'Free');
