import { MAX_PLACEMENT_OFFSET_M } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { freeSpot, placementError, rangeToFit, snapOffset } from './placement.ts';

describe('snapOffset', () => {
  it('keeps a ground coordinate on the 10 cm step without float noise', () => {
    expect(snapOffset(0.1 * 3)).toBe(0.3);
    expect(snapOffset(0.30000000000000004 + 0.1)).toBe(0.4);
    expect(snapOffset(-0.04)).toBe(0);
    expect(Object.is(snapOffset(-0.04), -0)).toBe(false);
  });

  it('stops at the placement limit', () => {
    expect(snapOffset(MAX_PLACEMENT_OFFSET_M + 3)).toBe(MAX_PLACEMENT_OFFSET_M);
    expect(snapOffset(-MAX_PLACEMENT_OFFSET_M - 0.1)).toBe(-MAX_PLACEMENT_OFFSET_M);
  });
});

describe('freeSpot', () => {
  it('puts a new piece on the anchor, then a metre away from the pieces already there', () => {
    expect(freeSpot([])).toEqual([0, 0, 0]);
    const next = freeSpot([{ position: [0, 0, 0] }]);
    expect(Math.max(Math.abs(next[0]), Math.abs(next[2]))).toBe(1);
    expect(freeSpot([{ position: [0.3, 0, 1] }])).toEqual([0, 0, 0]);
  });
});

describe('rangeToFit', () => {
  it('opens the grid at ±10 m, wider when a piece stands further out', () => {
    expect(rangeToFit([])).toBe(10);
    expect(rangeToFit([[3, 0, -9.5]])).toBe(25);
    expect(rangeToFit([[0, 0, 49]])).toBe(MAX_PLACEMENT_OFFSET_M);
  });
});

describe('placementError', () => {
  it("answers with the contract's own message", () => {
    expect(placementError('position', [51, 0, 0])).toBe('position x must be a number from -50 to 50');
    expect(placementError('position', [0, Number.NaN, 0])).toBe('position y must be a number from -50 to 50');
    expect(placementError('scale', [0, 0, 0])).toMatch(/^scale x must be a number from 0.01 to 100$/);
    expect(placementError('rotation', [0, 90, 0])).toBeUndefined();
  });
});
