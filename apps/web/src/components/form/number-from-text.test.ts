import { catalogMessages, productBodySchema } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { numberFromText, textFromDollars } from './number-from-text.ts';

describe('numberFromText', () => {
  const players = numberFromText(productBodySchema.shape.minNumberOfPlayers);
  const price = numberFromText(productBodySchema.shape.price);
  const messageOf = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

  it('parses decimal text into the number the contract expects', () => {
    expect(players.parse(' 4 ')).toBe(4);
    expect(price.parse('4.99')).toBe(4.99);
    expect(price.parse('0')).toBe(0);
  });

  it("reports the contract's messages for blank, malformed and out-of-range text", () => {
    expect(messageOf(players.safeParse(''))).toBe(catalogMessages.digits);
    expect(messageOf(players.safeParse('1e3'))).toBe(catalogMessages.digits);
    expect(messageOf(players.safeParse('2.5'))).toBe(catalogMessages.digits);
    expect(messageOf(players.safeParse('0'))).toBe(catalogMessages.nonNegative);
    expect(messageOf(price.safeParse('0x10'))).toBe(catalogMessages.validValue);
    expect(messageOf(price.safeParse('1.999'))).toBe(catalogMessages.validValue);
    expect(messageOf(price.safeParse('-1'))).toBe(catalogMessages.validValue);
  });
});

describe('textFromDollars', () => {
  it('shows an amount with its cents', () => {
    expect(textFromDollars(4.5)).toBe('4.50');
    expect(textFromDollars(0)).toBe('0.00');
    expect(textFromDollars(undefined)).toBe('');
  });
});
