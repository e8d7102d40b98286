import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { modelCategorySchema } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { as, productBody, registerConnectedPartner, useTestApp } from '../testing/index.ts';
import { remembering, sendSerialized } from './serialized.ts';

/** The bytes sendSerialized sends for `value`, from a reply that only records them. */
function sentBytes(value: object, cacheSeconds: number): Buffer {
  let sent: Buffer | undefined;
  const reply = {
    server: { config: { isProduction: true, cacheSeconds } },
    type: () => reply,
    send: (bytes: Buffer) => {
      sent = bytes;
      return reply;
    },
  };
  sendSerialized(reply as unknown as FastifyReply, modelCategorySchema, value as never);
  if (!sent) throw new Error('nothing was sent');
  return sent;
}

describe('remembering compressors', () => {
  const counting = () => {
    const calls = { count: 0 };
    const compress = remembering((buffer: Buffer) => {
      calls.count += 1;
      return Buffer.concat([Buffer.from('z'), buffer]);
    });
    return { calls, compress };
  };

  it('compresses the bytes of a kept answer once, however often it is sent', () => {
    const { calls, compress } = counting();
    const value = { categoryId: 1, categoryName: 'Furniture' };
    const bytes = sentBytes(value, 30);
    expect(sentBytes(value, 30)).toBe(bytes);
    const first = compress(bytes);
    expect(compress(bytes)).toBe(first);
    expect(first.toString()).toBe(`z${bytes.toString()}`);
    expect(calls.count).toBe(1);
  });

  it('compresses anything else every time, so a buffer changed between two sends is compressed as it is now', () => {
    const { calls, compress } = counting();
    const buffer = Buffer.from('{"a":1}');
    expect(compress(buffer).toString()).toBe('z{"a":1}');
    buffer.write('{"a":2}');
    expect(compress(buffer).toString()).toBe('z{"a":2}');
    // with the caches off nothing is kept: nothing could answer the same object again
    const uncached = sentBytes({ categoryId: 2, categoryName: 'Plants' }, 0);
    compress(uncached);
    compress(uncached);
    expect(calls.count).toBe(4);
  });
});

describe('a cached page, compressed', () => {
  const t = useTestApp('pglite', { CACHE_SECONDS: '30' });

  it('answers every browser the same JSON, in the encoding it accepts, again and again', async () => {
    const partner = await registerConnectedPartner(t.app);
    const owner = as(t.app, partner.accessToken);
    for (const name of ['Comet Chase', 'Orbit Tag', 'Glow Hunt', 'Paper Comets', 'Echo Garden']) {
      const body = await productBody(t.app, partner.accessToken, { name, description: `${name}: `.repeat(40) });
      expect((await owner.post('/api/Product', body)).statusCode).toBe(200);
    }
    const read = (encoding: string) =>
      owner.get('/api/Product?PageIndex=1&PageSize=8', { headers: { 'accept-encoding': encoding } });
    const plain = await read('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const response = await read(encoding);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(decode(response.rawPayload).toString('utf8')).toBe(plain.body);
    }

    // a write still shows at once, compressed too
    const body = await productBody(t.app, partner.accessToken, { name: 'Tidal Run' });
    expect((await owner.post('/api/Product', body)).statusCode).toBe(200);
    const after = await read('br');
    expect(JSON.parse(brotliDecompressSync(after.rawPayload).toString('utf8'))).toMatchObject({ totalCount: 6 });
  });
});
