const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * `date.toISOString()`, written in JavaScript: V8's own goes through the runtime, about 0.7 µs a call, and the
 * request path's answers write one to three per row. Years outside 1000–9999 (padded, or six-digit ISO years) and
 * invalid dates go to `toISOString` itself, which writes or refuses them.
 */
export function isoTime(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return date.toISOString();
  const ms = date.getUTCMilliseconds();
  return `${year}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}T${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())}.${ms < 10 ? `00${ms}` : ms < 100 ? `0${ms}` : ms}Z`;
}

/** `isoTime` of a date that may be absent. */
export function isoTimeOrNull(date: Date | null): string | null {
  return date === null ? null : isoTime(date);
}
