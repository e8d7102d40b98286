import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatUsd } from './common.ts';
import { contactBodySchema, formatMonthlyPrice } from './content.ts';
import { emailSchema } from './validation.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('emailSchema', () => {
  it.each(['mia@northlight.example', 'a.b+c@sub.domain.co', '  padded@example.com  '])('accepts %s', (email) => {
    expect(emailSchema.safeParse(email).success).toBe(true);
  });

  it.each([
    ['', 'Please input the email'],
    ['   ', 'Please input the email'],
    ['mia', 'Incorrect email format'],
    ['mia@northlight', 'Incorrect email format'],
    ['mia@@northlight.example', 'Incorrect email format'],
    ['mia northlight@example.com', 'Incorrect email format'],
  ])('refuses %j with "%s"', (email, message) => {
    expect(firstMessage(emailSchema.safeParse(email))).toBe(message);
  });

  it('reports a missing email as required', () => {
    expect(firstMessage(emailSchema.safeParse(undefined))).toBe('Please input the email');
  });
});

describe('contactBodySchema', () => {
  it('trims values and drops blank optional ones', () => {
    const parsed = contactBodySchema.parse({
      name: ' Mia ',
      company: '  ',
      email: 'mia@northlight.example',
      description: ' Hello ',
    });
    expect(parsed).toEqual({ name: 'Mia', company: undefined, email: 'mia@northlight.example', description: 'Hello' });
  });
});

describe('money', () => {
  it('keeps cents exact across the wire', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(formatUsd(1050)).toBe('10.50 USD');
  });

  it('shows a monthly price, or Free when it is not above zero', () => {
    expect(formatMonthlyPrice(999)).toBe('9.99 USD');
    expect(formatMonthlyPrice(0)).toBe('Free');
    expect(formatMonthlyPrice(-5)).toBe('Free');
  });
});
