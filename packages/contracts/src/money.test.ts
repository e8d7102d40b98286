import { describe, expect, it } from 'vitest';
import { formatPrice, formatPriceCents } from './money.ts';

describe('formatPrice', () => {
  it('shows a price in dollars with two decimals, and "Free" when it is not above 0', () => {
    expect(formatPrice(4.99)).toBe('4.99 USD');
    expect(formatPrice(12.5)).toBe('12.50 USD');
    expect(formatPrice(0.1 + 0.2)).toBe('0.30 USD');
    expect(formatPrice(0)).toBe('Free');
    expect(formatPriceCents(999)).toBe('9.99 USD');
    expect(formatPriceCents(-5)).toBe('Free');
  });
});
