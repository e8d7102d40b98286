import { describe, expect, it } from 'vitest';
import { MAX_TENTHS, MAX_TENTHS_CHARACTERS, writeTenths } from './json-bytes.ts';

const written = (tenths: number) => {
  const bytes = new Uint8Array(MAX_TENTHS_CHARACTERS + 4);
  const end = writeTenths(bytes, 2, tenths);
  return Buffer.from(bytes.subarray(2, end)).toString('latin1');
};

describe('writeTenths', () => {
  it('writes a number of tenths as JSON writes the number', () => {
    const values = [0, 1, 9, 10, 11, 99, 100, 101, 1230, 1234, 99_999, 100_000, 123_456_789, MAX_TENTHS - 1];
    for (let draw = 0; draw < 5000; draw++) values.push(Math.floor(Math.random() * 10 ** (1 + (draw % 15))));
    for (const tenths of values) expect(written(tenths), String(tenths)).toBe(JSON.stringify(tenths / 10));
  });

  it('writes a rounded distance as the answer rounds it', () => {
    for (const metres of [0.04, 0.05, 0.96, 9.95, 12.25, 999.99, 4999.95, 20_000]) {
      expect(written(Math.round(metres * 10))).toBe(JSON.stringify(Math.round(metres * 10) / 10));
    }
  });

  it('stays within its most characters', () => {
    expect(written(MAX_TENTHS - 1)).toHaveLength(MAX_TENTHS_CHARACTERS);
  });
});
