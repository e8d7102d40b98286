import { describe, expect, it } from 'vitest';
import { GAP, pageWindow } from './pagination.tsx';

describe('pageWindow', () => {
  it('shows every page of a short list', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first, the last and the current page with its neighbours, with gaps between', () => {
    expect(pageWindow(1, 40)).toEqual([1, 2, GAP, 40]);
    expect(pageWindow(20, 40)).toEqual([1, GAP, 19, 20, 21, GAP, 40]);
    expect(pageWindow(40, 40)).toEqual([1, GAP, 39, 40]);
  });

  it('shows a lone left-out page instead of a gap', () => {
    expect(pageWindow(4, 40)).toEqual([1, 2, 3, 4, 5, GAP, 40]);
    expect(pageWindow(37, 40)).toEqual([1, GAP, 36, 37, 38, 39, 40]);
  });
});
