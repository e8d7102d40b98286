import { z } from 'zod';
import { messages } from './messages.ts';

export { messages };

/** A simple address check shared by every email field, server and web alike. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;
export const MAX_TEXT_LENGTH = 4000;
/** The largest value of a PostgreSQL `integer` column. */
export const INT4_MAX = 2_147_483_647;

// PostgreSQL refuses NUL in text, and no other C0 control character or DEL belongs in what a person types.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to find control characters
const SINGLE_LINE_PATTERN = /^[^\u0000-\u001F\u007F]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to find control characters
const MULTI_LINE_PATTERN = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

export interface TextOptions {
  /** A field typed in a text area: tab, line feed and carriage return are allowed. */
  multiline?: boolean;
}

/**
 * The check every string that comes in over the wire carries: no control characters (U+0000–U+001F, U+007F),
 * except tab, line feed and carriage return in multi-line fields. Use it as `z.string().check(noControlChars())`.
 */
export function noControlChars({ multiline = false }: TextOptions = {}) {
  return z.regex(multiline ? MULTI_LINE_PATTERN : SINGLE_LINE_PATTERN, { error: messages.controlCharacters });
}

/** A string from a path or query: an id, a key, a name; bounded and free of control characters. */
export function paramText(max: number) {
  return z
    .string()
    .max(max, { error: messages.tooLong(max) })
    .check(noControlChars());
}

/** An integer that fits its `integer` column: `min` to `max` (by default 0 to 2147483647). */
/** A decimal number as a URL writes it (`-33.86`, `+300`, `1e3`); not blank, not hex or binary, not Infinity. */
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A number in a query string, from `min` to `max`: `Number()` alone would read an empty or blank value as 0 and
 * `0x10` as 16. `fallback` is the value of an absent parameter.
 */
export function queryNumber({
  min,
  max,
  error,
  fallback,
}: {
  min: number;
  max: number;
  error: string;
  fallback?: number;
}) {
  const text = z.string({ error }).regex(DECIMAL_TEXT, { error });
  const number = z.coerce.number<string>({ error }).min(min, { error }).max(max, { error });
  return fallback === undefined ? text.pipe(number) : text.default(String(fallback)).pipe(number);
}

export function int4({ min = 0, max = INT4_MAX, error }: { min?: number; max?: number; error?: string } = {}) {
  const message = error ?? messages.wholeNumber(min, max);
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(Math.min(max, INT4_MAX), { error: message });
}

/** A required, trimmed string whose missing or blank value reports `requiredMessage`. */
export function requiredText(requiredMessage: string, max: number, options: TextOptions = {}) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(max, { error: messages.tooLong(max) })
    .check(noControlChars(options));
}

/** An optional trimmed string; blank becomes undefined. */
export function optionalText(max: number, options: TextOptions = {}) {
  return z
    .string()
    .trim()
    .max(max, { error: messages.tooLong(max) })
    .check(noControlChars(options))
    .optional()
    .transform((value) => (value ? value : undefined));
}

export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, { error: messages.emailRequired, abort: true })
  .max(MAX_EMAIL_LENGTH, { error: messages.tooLong(MAX_EMAIL_LENGTH), abort: true })
  .check(noControlChars())
  .regex(EMAIL_PATTERN, { error: messages.emailFormat });
