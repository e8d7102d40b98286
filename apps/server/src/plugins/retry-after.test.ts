import { describe, expect, it } from 'vitest';
import { as, useTestApp } from '../testing/index.ts';

describe('Retry-After', () => {
  const t = useTestApp('pglite');

  it('comes with a 429 of a per-route limit, whose body is {errorCode, message}', async () => {
    const post = () => as(t.app).post('/api/ContactUs', {}, { remoteAddress: '10.30.0.1' });
    for (let i = 0; i < 10; i += 1) expect((await post()).statusCode).toBe(400);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    const seconds = Number(limited.headers['retry-after']);
    expect(limited.json()).toEqual({
      errorCode: 'RateLimited',
      message: `Too many requests, please try again in ${seconds} seconds.`,
    });
    expect(Number.isInteger(seconds)).toBe(true);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(3600);
  });
});
