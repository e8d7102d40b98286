import { z } from 'zod';

const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A text input's value turned into the number a contract schema expects, so the form keeps its inputs as text
 * and still reports the contract's own messages. Blank or non-decimal text ("1e3", "0x10", "abc") becomes NaN,
 * which the number schema rejects with its invalid-value message.
 */
export function numberFromText<S extends z.ZodType<unknown, number>>(schema: S) {
  return z
    .string()
    .transform((text) => {
      const trimmed = text.trim();
      return DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
    })
    .pipe(schema);
}

/** A number from the API shown in a text input; empty when there is none. */
export const textFromNumber = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A US dollar amount shown with its cents ("4.50"); empty when there is none. */
export const textFromDollars = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : value.toFixed(2);
