import { describe, expect, it } from 'vitest';
import { BufferPool } from './buffer-pool.ts';

describe('BufferPool', () => {
  it('lends a buffer of its size and lends the same memory again once it is given back', () => {
    const pool = new BufferPool(1024, 4);
    const first = pool.lend(100);
    expect(first.length).toBe(1024);
    expect(pool.counts).toEqual({ lent: 1, free: 0 });
    pool.giveBack(first.subarray(0, 100));
    expect(pool.counts).toEqual({ lent: 0, free: 1 });
    const again = pool.lend(1024);
    expect(again.buffer).toBe(first.buffer);
    expect(again.length).toBe(1024);
  });

  it('never lends one buffer twice at once, nor takes one back twice', () => {
    const pool = new BufferPool(64, 4);
    const a = pool.lend(10);
    const b = pool.lend(10);
    expect(b.buffer).not.toBe(a.buffer);
    pool.giveBack(a);
    pool.giveBack(a);
    expect(pool.counts).toEqual({ lent: 1, free: 1 });
    const c = pool.lend(10);
    const d = pool.lend(10);
    expect(d.buffer).not.toBe(c.buffer);
    expect([c.buffer, d.buffer]).toContain(a.buffer);
  });

  it('answers an ordinary buffer past its size, and ignores buffers it did not lend', () => {
    const pool = new BufferPool(64, 4);
    const large = pool.lend(65);
    expect(large.length).toBe(65);
    pool.giveBack(large);
    pool.giveBack(Buffer.alloc(64));
    expect(pool.counts).toEqual({ lent: 0, free: 0 });
  });

  it('keeps no more given-back buffers than it was told to', () => {
    const pool = new BufferPool(16, 2);
    const lent = [pool.lend(1), pool.lend(1), pool.lend(1)];
    for (const buffer of lent) pool.giveBack(buffer);
    expect(pool.counts).toEqual({ lent: 0, free: 2 });
  });
});
