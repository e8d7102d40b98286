import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { modelBodySchema } from './catalog.ts';
import { centsToDollars, dollarsToCents, formatUsd } from './common.ts';
import { contactBodySchema, formatMonthlyPrice } from './content.ts';
import { emailSchema, INT4_MAX, int4, noControlChars, optionalText, paramText, requiredText } from './validation.ts';
import { updateVersionBodySchema } from './versions.ts';

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

describe('control characters', () => {
  const singleLine = z.string().check(noControlChars());
  const multiLine = z.string().check(noControlChars({ multiline: true }));
  const controls = [...Array.from({ length: 32 }, (_, code) => code), 0x7f].map((code) => String.fromCharCode(code));

  it.each(controls.map((char) => [char.charCodeAt(0).toString(16).padStart(4, '0'), char]))(
    'a single-line field refuses U+%s',
    (_code, char) => {
      expect(firstMessage(singleLine.safeParse(`a${char}b`))).toBe('Must not contain control characters');
    },
  );

  it('a multi-line field keeps tab, line feed and carriage return, and refuses the others', () => {
    for (const char of controls) {
      expect(multiLine.safeParse(`a${char}b`).success, `U+${char.charCodeAt(0).toString(16)}`).toBe(
        ['\t', '\n', '\r'].includes(char),
      );
    }
  });

  it('accepts any other character, from Latin-1 to emoji', () => {
    expect(singleLine.safeParse('Queen’s Road 模型 🦊 \u00a0 \u0080').success).toBe(true);
  });

  it('guards the shared text, email and parameter schemas', () => {
    expect(firstMessage(requiredText('Required', 50).safeParse('Mia\u0000'))).toBe(
      'Must not contain control characters',
    );
    expect(firstMessage(optionalText(50).safeParse('\u0000'))).toBe('Must not contain control characters');
    expect(firstMessage(emailSchema.safeParse('mia\u0000@studio.example'))).toBe('Must not contain control characters');
    expect(firstMessage(paramText(64).safeParse('%00\u0000'))).toBe('Must not contain control characters');
    expect(requiredText('Required', 500, { multiline: true }).safeParse('one\ntwo').success).toBe(true);
    expect(requiredText('Required', 500).safeParse('one\ntwo').success).toBe(false);
  });

  it('keeps the line breaks of an update log', () => {
    const body = { updateLog: 'Fixes:\n\t- the fox', iosAssetUrl: '/files/a', androidAssetUrl: '/files/b' };
    expect(updateVersionBodySchema.parse(body).updateLog).toBe('Fixes:\n\t- the fox');
    expect(updateVersionBodySchema.safeParse({ ...body, iosAssetUrl: '/files/a\n' }).success).toBe(true);
    expect(updateVersionBodySchema.safeParse({ ...body, iosAssetUrl: '/files/\u0000a' }).success).toBe(false);
  });
});

describe('int4', () => {
  it('accepts 0 to 2147483647 and refuses what the column cannot hold', () => {
    const schema = int4();
    expect(schema.safeParse(0).success).toBe(true);
    expect(schema.safeParse(INT4_MAX).success).toBe(true);
    for (const value of [-1, INT4_MAX + 1, 2 ** 53, 1.5, Number.NaN, '1']) {
      expect(firstMessage(schema.safeParse(value)), String(value)).toBe('Must be a whole number from 0 to 2147483647');
    }
  });

  it("bounds a model's category id to its column", () => {
    expect(modelBodySchema.shape.categoryId.safeParse(2_147_483_648).success).toBe(false);
    expect(modelBodySchema.shape.categoryId.safeParse(2).success).toBe(true);
  });
});
