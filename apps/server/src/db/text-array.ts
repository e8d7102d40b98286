import pg from 'pg';

/** pg's type ids: its enum lists the base types only. */
type TypeId = Parameters<typeof pg.types.getTypeParser>[0];
export const TEXT_ARRAY = 1009 as TypeId;
export const VARCHAR_ARRAY = 1015 as TypeId;
const [OPEN, CLOSE, COMMA, QUOTE, BACKSLASH] = ['{', '}', ',', '"', '\\'].map((c) => c.charCodeAt(0));

/** pg's own parser of a `text[]` value: character by character, an object per character. */
export const pgTextArray = pg.types.getTypeParser(TEXT_ARRAY) as (value: string) => Array<string | null>;

/**
 * A `text[]` value as pg parses it. PostgreSQL quotes an element that is empty, holds a brace, a comma, a quote, a
 * backslash or white space, or reads as NULL, and writes an unquoted NULL for a null element; so a one-dimensional
 * value with no quote and no backslash is its elements joined by commas, and is split in one pass. Anything else
 * (quotes, escapes, nested arrays, explicit bounds) goes to pg's parser.
 */
export function fastTextArray(value: string): Array<string | null> {
  const end = value.length - 1;
  if (value.charCodeAt(0) !== OPEN || value.charCodeAt(end) !== CLOSE) return pgTextArray(value);
  if (end === 1) return [];
  const elements: Array<string | null> = [];
  let start = 1;
  for (let i = 1; i <= end; i += 1) {
    const code = value.charCodeAt(i);
    if (code === COMMA || i === end) {
      const element = value.slice(start, i);
      elements.push(element === 'NULL' ? null : element);
      start = i + 1;
    } else if (code === QUOTE || code === BACKSLASH || code === OPEN) {
      return pgTextArray(value);
    }
  }
  return elements;
}

/** Has pg (and so drizzle, which asks pg for every type it does not keep as text) parse `text[]` and `varchar[]` with `fastTextArray`. */
export function useFastTextArrays(): void {
  pg.types.setTypeParser(TEXT_ARRAY, fastTextArray);
  pg.types.setTypeParser(VARCHAR_ARRAY, fastTextArray);
}
