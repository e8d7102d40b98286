const DIGIT_ZERO = 0x30;
const DECIMAL_POINT = 0x2e;

/** Past this, a double's tenths are no longer each their own number (and JSON may write them otherwise). */
export const MAX_TENTHS = 10 ** 15;

/** The most characters `writeTenths` writes: fourteen digits, a point and a tenth. */
export const MAX_TENTHS_CHARACTERS = 16;

/**
 * Writes `tenths / 10` into `bytes` at `offset` as `JSON.stringify` writes it (`1234` → `123.4`, `1230` → `123`),
 * for a whole `tenths` from 0 to below `MAX_TENTHS`: the shortest text of a quotient by ten is its digits
 * with the point put back. Answers where the writing ends.
 */
export function writeTenths(bytes: Uint8Array, offset: number, tenths: number): number {
  const whole = Math.floor(tenths / 10);
  const tenth = tenths - whole * 10;
  let end = offset;
  for (let rest = whole; ; rest = Math.floor(rest / 10)) {
    end++;
    if (rest < 10) break;
  }
  for (let at = end - 1, rest = whole; at >= offset; at--, rest = Math.floor(rest / 10)) {
    bytes[at] = DIGIT_ZERO + (rest % 10);
  }
  if (tenth === 0) return end;
  bytes[end] = DECIMAL_POINT;
  bytes[end + 1] = DIGIT_ZERO + tenth;
  return end + 2;
}
