/** A price in dollars as the portal shows it: "4.99 USD", or "Free" when not above 0. */
export { formatPrice } from '@portal/contracts/money';
