import { modelVersionSchema, productPageSchema, productVersionSchema } from '@portal/contracts';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer } from './serializer.ts';

const version = {
  id: 'b0f2',
  slot: 'release',
  createdAt: '2026-11-25T00:00:00.000Z',
  submittedAt: null,
  reviewStatus: 'UnderReviewing',
  status: 'TakeDown',
  updateLog: 'Line one\nline "two" </script>',
  unapproveReason: null,
  takeDownRole: null,
  takeDownReason: 'Taken down \u2028 by us',
  iosAssetUrl: '/files/a/ios.ab',
  androidAssetUrl: null,
  visionOSAssetUrl: null,
  macOSAssetUrl: null,
  unreadMessageCount: 2,
  releaseOnAcceptance: false,
  releasedAt: null,
  isLive: false,
} as const;

const product = {
  id: 'p1',
  name: 'Orbit Tag',
  description: 'Tag "friends"',
  introduce: '',
  price: 4.99,
  tokensToPlay: 0,
  minNumberOfPlayers: 1,
  maxNumberOfPlayers: 8,
  tags: [{ name: 'Party' }],
  icon: { url: '/files/i.png' },
  thumbnail: { url: '/files/t.png' },
  smallThumbnail: { url: '/files/s.png' },
  coverThumbnail: { url: '/files/c.jpg' },
  status: 'Released',
  category: null,
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
};

describe('the compiled response serializer', () => {
  it('writes what JSON.stringify writes for values of the contract, nulls, enums and unions included', () => {
    const union = z.union([productVersionSchema, modelVersionSchema]);
    for (const value of [
      { ...version, productVersion: 3 },
      { ...version, modelVersion: 1, takeDownRole: 'Admins' },
    ]) {
      for (const validate of [false, true]) {
        expect(JSON.parse(compileSerializer(union, validate)(value))).toEqual(value);
      }
    }
    const page = { data: [product, { ...product, id: 'p2', tags: [] }], totalCount: 2 };
    expect(JSON.parse(compileSerializer(productPageSchema, false)(page))).toEqual(page);
  });

  it('never writes a field the contract does not name', () => {
    const leaky = { ...product, ownerId: 'u1', passwordHash: 'argon2id$…' };
    const written = JSON.parse(compileSerializer(productPageSchema, false)({ data: [leaky], totalCount: 1 }));
    expect(written.data[0]).toEqual(product);
  });

  it('checks the contract first where asked, and refuses an answer that breaks it', () => {
    const broken = { data: [{ ...product, status: 'Sold' }], totalCount: 1 };
    expect(() => compileSerializer(productPageSchema, false)(broken)).not.toThrow();
    let refusal: unknown;
    try {
      compileSerializer(productPageSchema, true, 'GET /api/Product')(broken);
    } catch (err) {
      refusal = err;
    }
    expect(isResponseSerializationError(refusal)).toBe(true);
  });
});
