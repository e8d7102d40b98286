import { describe, expect, it } from 'vitest';
import { isoTime, isoTimeOrNull } from './iso-time.ts';

describe('isoTime', () => {
  it('writes what toISOString writes, for random times and the edges of every field', () => {
    const times = [
      0,
      Date.UTC(1000, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(2026, 1, 28, 9, 5, 7, 5),
      Date.UTC(2024, 1, 29, 0, 0, 0, 50),
      ...Array.from({ length: 5000 }, () => Math.floor(Math.random() * Date.UTC(9999, 0, 1))),
    ];
    for (const time of times) expect(isoTime(new Date(time))).toBe(new Date(time).toISOString());
  });

  it('leaves years outside 1000–9999 and invalid dates to toISOString', () => {
    expect(isoTime(new Date(Date.UTC(999, 5, 1)))).toBe('0999-06-01T00:00:00.000Z');
    expect(isoTime(new Date(Date.UTC(10_000, 0, 1)))).toBe('+010000-01-01T00:00:00.000Z');
    expect(isoTime(new Date(-62_198_755_200_000))).toBe(new Date(-62_198_755_200_000).toISOString());
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('answers null for an absent date', () => {
    expect(isoTimeOrNull(null)).toBeNull();
    expect(isoTimeOrNull(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
  });
});
