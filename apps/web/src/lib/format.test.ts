import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDay,
  formatInstant,
  formatInstantDay,
  formatMonth,
  formatPayoutDay,
  formatTime,
} from './format.ts';

describe('format', () => {
  it('says an instant in UTC, whatever the reader’s zone: day, time and the zone named', () => {
    expect(formatInstantDay('2026-05-31T23:30:00Z')).toBe('31 May 2026');
    expect(formatTime('2026-05-31T23:30:00Z')).toBe('23:30');
    expect(formatInstant('2026-06-03T14:05:09Z')).toBe('3 Jun 2026, 14:05 UTC');
  });

  it('says calendar days and months as they read', () => {
    expect(formatDay('2026-07-31')).toBe('31 Jul 2026');
    expect(formatPayoutDay('2026-07-31')).toBe('Fri, 31 Jul 2026');
    expect(formatMonth('2026-05')).toBe('May 2026');
  });

  it('gives an amount its two decimals', () => {
    expect(formatAmount(12.5)).toBe('12.50');
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
  });
});
