import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { models, products } from '../../db/schema/catalog.ts';
import {
  bearer,
  describeEachDatabase,
  glbBuild,
  modelBody,
  multipartBody,
  productBody,
  registerConnectedPartner,
  registerPartner,
  uploadImage,
  useTestApp,
} from '../../testing/index.ts';

type Item = Record<string, unknown> & { id: string; name: string };

describeEachDatabase('catalog API', (variant) => {
  const t = useTestApp(variant);
  let owner: { accessToken: string };
  let other: { accessToken: string };
  beforeAll(async () => {
    owner = await registerConnectedPartner(t.app);
    other = await registerConnectedPartner(t.app);
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const createProduct = async (overrides = {}) =>
    (
      await call('POST', '/api/Product', owner.accessToken, await productBody(t.app, owner.accessToken, overrides))
    ).json() as Item;

  describe('products', () => {
    it('creates an AR game with prices in dollars, stored in cents, and normalized tags', async () => {
      const body = await productBody(t.app, owner.accessToken, {
        price: 19.99,
        tags: [' Puzzle ', 'puzzle', '', 'Multi Player', '   '],
      });
      const response = await call('POST', '/api/Product', owner.accessToken, body);
      expect(response.statusCode).toBe(200);
      const product = response.json() as Item;
      expect(product).toMatchObject({
        name: 'Orbit Tag',
        price: 19.99,
        tokensToPlay: 5,
        minNumberOfPlayers: 2,
        maxNumberOfPlayers: 8,
        tags: [{ name: 'Puzzle' }, { name: 'MultiPlayer' }],
        icon: { url: body.iconUrl },
        thumbnail: { url: body.thumbnailUrl },
        smallThumbnail: { url: body.smallThumbnailUrl },
        coverThumbnail: { url: body.coverThumbnailUrl },
        status: 'Draft',
        category: null,
      });
      const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
      expect(row?.priceCents).toBe(1999);
    });

    it('needs a connected payout account to create', async () => {
      const unconnected = await registerPartner(t.app);
      const response = await call(
        'POST',
        '/api/Product',
        unconnected.accessToken,
        await productBody(t.app, unconnected.accessToken),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        errorCode: 'PayoutAccountRequired',
        message: 'Please connect the stripe account first.',
      });
      expect((await call('GET', '/api/Product', unconnected.accessToken)).json()).toEqual({ data: [], totalCount: 0 });
    });

    it('lists the partner’s own games newest first, 8 per page by default', async () => {
      const partner = await registerConnectedPartner(t.app);
      const body = await productBody(t.app, partner.accessToken);
      for (let i = 1; i <= 9; i += 1) {
        await call('POST', '/api/Product', partner.accessToken, { ...body, name: `Game ${i}` });
      }
      const first = (await call('GET', '/api/Product?PageIndex=1', partner.accessToken)).json() as {
        data: Item[];
        totalCount: number;
      };
      expect(first.totalCount).toBe(9);
      expect(first.data.map((p) => p.name)).toEqual([
        'Game 9',
        'Game 8',
        'Game 7',
        'Game 6',
        'Game 5',
        'Game 4',
        'Game 3',
        'Game 2',
      ]);
      const second = (await call('GET', '/api/Product?PageIndex=2&PageSize=8', partner.accessToken)).json() as {
        data: Item[];
        totalCount: number;
      };
      expect(second).toMatchObject({ totalCount: 9 });
      expect(second.data.map((p) => p.name)).toEqual(['Game 1']);
      const beyond = (await call('GET', '/api/Product?PageIndex=5&PageSize=8', partner.accessToken)).json();
      expect(beyond).toEqual({ data: [], totalCount: 9 });
      const all = (await call('GET', '/api/Product?PageSize=-1', partner.accessToken)).json() as { data: Item[] };
      expect(all.data).toHaveLength(9);
    });

    it('answers pages of several partners asked for at the same moment, each with its own games', async () => {
      const [a, b, c] = await Promise.all(
        [1, 2, 3].map((n) => registerConnectedPartner(t.app, {}, { remoteAddress: `10.8.0.${n}` })),
      );
      if (!a || !b || !c) throw new Error('no partner');
      const body = await productBody(t.app, a.accessToken);
      for (let i = 1; i <= 9; i += 1) await call('POST', '/api/Product', a.accessToken, { ...body, name: `A ${i}` });
      const bodyB = await productBody(t.app, b.accessToken);
      for (let i = 1; i <= 2; i += 1) await call('POST', '/api/Product', b.accessToken, { ...bodyB, name: `B ${i}` });
      // arriving together, these pages are read in one statement
      const pages = await Promise.all(
        [
          ['/api/Product?PageIndex=1&PageSize=4', a],
          ['/api/Product?PageIndex=3&PageSize=4', a],
          ['/api/Product?PageIndex=5&PageSize=4', a],
          ['/api/Product?PageSize=-1', a],
          ['/api/Product?PageIndex=1&PageSize=4', b],
          ['/api/Product', c],
        ].map(async ([url, partner]) => {
          const page = (await call('GET', url as string, (partner as typeof a).accessToken)).json() as {
            data: Item[];
            totalCount: number;
          };
          return { names: page.data.map((item) => item.name), total: page.totalCount };
        }),
      );
      expect(pages).toEqual([
        { names: ['A 9', 'A 8', 'A 7', 'A 6'], total: 9 },
        { names: ['A 1'], total: 9 },
        { names: [], total: 9 },
        { names: ['A 9', 'A 8', 'A 7', 'A 6', 'A 5', 'A 4', 'A 3', 'A 2', 'A 1'], total: 9 },
        { names: ['B 2', 'B 1'], total: 2 },
        { names: [], total: 0 },
      ]);
    });

    it('reads, updates and deletes its own game; deleted games are gone everywhere', async () => {
      const product = await createProduct();
      expect((await call('GET', `/api/Product/${product.id}`, owner.accessToken)).json()).toMatchObject({
        id: product.id,
      });
      const update = await productBody(t.app, owner.accessToken, { name: 'Orbit Tag Deluxe', price: 0, tags: [] });
      const updated = await call('PUT', `/api/Product/${product.id}`, owner.accessToken, update);
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ name: 'Orbit Tag Deluxe', price: 0, tags: [] });
      expect((await call('DELETE', `/api/Product/${product.id}`, owner.accessToken)).statusCode).toBe(204);
      expect((await call('GET', `/api/Product/${product.id}`, owner.accessToken)).json()).toMatchObject({
        errorCode: 'ProductNotFound',
      });
      const list = (await call('GET', '/api/Product?PageSize=-1', owner.accessToken)).json() as { data: Item[] };
      expect(list.data.map((p) => p.id)).not.toContain(product.id);
      expect((await call('DELETE', `/api/Product/${product.id}`, owner.accessToken)).statusCode).toBe(404);
    });

    it("answers 404 for another partner's game on every id route, and changes nothing", async () => {
      const product = await createProduct();
      const body = await productBody(t.app, other.accessToken, { name: 'Hijacked' });
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', body],
        ['DELETE', undefined],
      ] as const) {
        const response = await call(method, `/api/Product/${product.id}`, other.accessToken, payload);
        expect(response.statusCode, method).toBe(404);
        expect(response.json()).toMatchObject({ errorCode: 'ProductNotFound' });
      }
      expect((await call('GET', `/api/Product/${product.id}`, owner.accessToken)).json()).toMatchObject({
        name: 'Orbit Tag',
      });
      expect((await call('GET', '/api/Product/not-a-uuid', owner.accessToken)).statusCode).toBe(404);
    });

    it.each([
      [
        { maxNumberOfPlayers: 1, minNumberOfPlayers: 4 },
        'minNumberOfPlayers: Must be less than maximum number of players',
      ],
      [{ minNumberOfPlayers: 1.5 }, 'minNumberOfPlayers: Please input digits'],
      [{ maxNumberOfPlayers: 0 }, 'maxNumberOfPlayers: Must be non negative'],
      [{ price: -1 }, 'price: Please input a valid value'],
      [{ price: 1.234 }, 'price: Please input a valid value'],
      [{ tokensToPlay: -2 }, 'tokensToPlay: Please input a valid value'],
      [{ name: '  ' }, 'name: Please input project name'],
      [{ iconUrl: undefined }, 'iconUrl: Please upload thumbnail'],
      [{ coverThumbnailUrl: '' }, 'coverThumbnailUrl: Please upload cover image'],
      [{ tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) }, 'tags: At most 20 tags'],
      [{ tags: ['x'.repeat(41)] }, 'tags: Each tag must be at most 40 characters'],
    ])('refuses %j and creates nothing', async (overrides, message) => {
      const partner = await registerConnectedPartner(t.app);
      const body: Record<string, unknown> = { ...(await productBody(t.app, partner.accessToken)), ...overrides };
      for (const key of Object.keys(overrides))
        if ((overrides as Record<string, unknown>)[key] === undefined) delete body[key];
      const response = await call('POST', '/api/Product', partner.accessToken, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errorCode: 'ValidationFailed', message });
      expect((await call('GET', '/api/Product', partner.accessToken)).json()).toMatchObject({ totalCount: 0 });
    });

    it('accepts 20 tags of 40 characters', async () => {
      const tags = Array.from({ length: 20 }, (_, i) => `${i}`.padStart(40, 'x'));
      expect(
        (await call('POST', '/api/Product', owner.accessToken, await productBody(t.app, owner.accessToken, { tags })))
          .statusCode,
      ).toBe(200);
    });

    it('refuses unknown fields', async () => {
      const response = await call('POST', '/api/Product', owner.accessToken, {
        ...(await productBody(t.app, owner.accessToken)),
        status: 'Released',
      });
      expect(response.json()).toEqual({ errorCode: 'UnknownField', message: 'Unknown field: status' });
    });

    it('refuses image URLs our file host did not issue to this partner', async () => {
      const body = await productBody(t.app, owner.accessToken);
      const othersImage = await uploadImage(t.app, other.accessToken);
      const { payload, headers } = multipartBody([{ name: 'file', filename: 'b.glb', data: glbBuild() }]);
      const build = (
        (
          await t.app.inject({
            method: 'POST',
            url: '/FileUpload/Single/Query',
            payload,
            headers: { ...headers, ...bearer(owner.accessToken) },
          })
        ).json() as Array<{ origin: string }>
      )[0];
      for (const iconUrl of [
        'https://cdn.elsewhere.example/icon.png',
        '/files/00000000-0000-4000-8000-000000000000/origin.png',
        othersImage.origin,
        build?.origin ?? '',
      ]) {
        const response = await call('POST', '/api/Product', owner.accessToken, { ...body, iconUrl });
        expect(response.statusCode, iconUrl).toBe(400);
        expect(response.json()).toMatchObject({ errorCode: 'FileUrlNotOurs' });
      }
      const product = await createProduct();
      const update = await call('PUT', `/api/Product/${product.id}`, owner.accessToken, {
        ...body,
        coverThumbnailUrl: othersImage.origin,
      });
      expect(update.json()).toMatchObject({ errorCode: 'FileUrlNotOurs' });
      expect((await call('GET', `/api/Product/${product.id}`, owner.accessToken)).json()).toMatchObject({
        coverThumbnail: { url: product.coverThumbnail && (product.coverThumbnail as { url: string }).url },
      });
    });
  });

  describe('3D models', () => {
    it('lists the model categories', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/Model/Category/List' });
      const { data } = response.json() as { data: Array<{ categoryId: number; categoryName: string }> };
      expect(data.length).toBeGreaterThanOrEqual(8);
      expect(data[1]).toEqual({ categoryId: 2, categoryName: 'Creatures' });
    });

    it('creates, lists, updates and deletes a model with its category', async () => {
      const body = await modelBody(t.app, owner.accessToken);
      const created = await call('POST', '/api/Model', owner.accessToken, body);
      expect(created.statusCode).toBe(200);
      const model = created.json() as Item;
      expect(model).toMatchObject({
        name: 'Lantern Fox',
        price: 12.5,
        category: { categoryId: 2, categoryName: 'Creatures' },
        tags: [{ name: 'Animal' }, { name: 'LowPoly' }],
        icon: { url: body.iconUrl },
        status: 'Draft',
      });
      const list = (await call('GET', '/api/Model', owner.accessToken)).json() as { data: Item[]; totalCount: number };
      expect(list.data[0]).toEqual(model);
      const updated = await call('PUT', `/api/Model/${model.id}`, owner.accessToken, {
        ...body,
        categoryId: 3,
        price: 0,
      });
      expect(updated.json()).toMatchObject({ category: { categoryId: 3, categoryName: 'Vehicles' }, price: 0 });
      expect((await call('DELETE', `/api/Model/${model.id}`, owner.accessToken)).statusCode).toBe(204);
      expect((await call('GET', `/api/Model/${model.id}`, owner.accessToken)).json()).toMatchObject({
        errorCode: 'ModelNotFound',
      });
    });

    it('refuses a model without a category, with an unknown one, or without images', async () => {
      const body = await modelBody(t.app, owner.accessToken);
      const { categoryId: _omit, ...withoutCategory } = body;
      expect((await call('POST', '/api/Model', owner.accessToken, withoutCategory)).json()).toEqual({
        errorCode: 'ValidationFailed',
        message: 'categoryId: Please input category',
      });
      expect((await call('POST', '/api/Model', owner.accessToken, { ...body, categoryId: 999 })).json()).toMatchObject({
        errorCode: 'CategoryNotFound',
      });
      expect((await call('POST', '/api/Model', owner.accessToken, { ...body, iconUrl: '' })).json()).toEqual({
        errorCode: 'ValidationFailed',
        message: 'iconUrl: Please upload thumbnail',
      });
    });

    it("answers 404 for another partner's model", async () => {
      const model = (
        await call('POST', '/api/Model', owner.accessToken, await modelBody(t.app, owner.accessToken))
      ).json() as Item;
      for (const method of ['GET', 'DELETE'] as const) {
        expect((await call(method, `/api/Model/${model.id}`, other.accessToken)).statusCode).toBe(404);
      }
      const put = await call(
        'PUT',
        `/api/Model/${model.id}`,
        other.accessToken,
        await modelBody(t.app, other.accessToken),
      );
      expect(put.json()).toMatchObject({ errorCode: 'ModelNotFound' });
      expect((await call('GET', `/api/Model/${model.id}`, owner.accessToken)).statusCode).toBe(200);
    });

    it('needs a connected payout account to create', async () => {
      const unconnected = await registerPartner(t.app);
      const response = await call(
        'POST',
        '/api/Model',
        unconnected.accessToken,
        await modelBody(t.app, unconnected.accessToken),
      );
      expect(response.json()).toMatchObject({ errorCode: 'PayoutAccountRequired' });
    });
  });

  describe('recent projects', () => {
    it('shows only released items of all partners, newest first, and never deleted ones', async () => {
      const game = await createProduct({ name: 'Released Game' });
      const model = (
        await call(
          'POST',
          '/api/Model',
          other.accessToken,
          await modelBody(t.app, other.accessToken, { name: 'Released Model' }),
        )
      ).json() as Item;
      await createProduct({ name: 'Still a draft' });
      const recent = async () =>
        (await t.app.inject({ method: 'GET', url: '/api/Product/Recent?PageIndex=1&PageSize=4' })).json() as {
          data: Array<{ id: string; name: string; type: string; thumbnail: { url: string } }>;
          totalCount: number;
        };
      expect((await recent()).data.map((item) => item.name)).not.toContain('Released Game');

      await t.database.db
        .update(products)
        .set({ status: 'Released', releasedAt: new Date(Date.now() - 60_000) })
        .where(eq(products.id, game.id));
      await t.database.db
        .update(models)
        .set({ status: 'Released', releasedAt: new Date() })
        .where(eq(models.id, model.id));
      const released = await recent();
      expect(released.data.slice(0, 2).map((item) => [item.name, item.type])).toEqual([
        ['Released Model', 'Model'],
        ['Released Game', 'Product'],
      ]);
      expect(released.data[1]?.thumbnail.url).toBe((game.thumbnail as { url: string }).url);
      expect(released.data.map((item) => item.name)).not.toContain('Still a draft');

      await call('DELETE', `/api/Product/${game.id}`, owner.accessToken);
      expect((await recent()).data.map((item) => item.name)).not.toContain('Released Game');
    });

    it("carries each item's public details for a visitor: icon, cover, introduce and price in dollars", async () => {
      const game = await createProduct({ name: 'Public Game', introduce: 'Tag in the park', price: 2.5 });
      const model = (
        await call(
          'POST',
          '/api/Model',
          other.accessToken,
          await modelBody(t.app, other.accessToken, { name: 'Public Model', description: 'A paper crane', price: 0 }),
        )
      ).json() as Item;
      await t.database.db
        .update(products)
        .set({ status: 'Released', releasedAt: new Date() })
        .where(eq(products.id, game.id));
      await t.database.db
        .update(models)
        .set({ status: 'Released', releasedAt: new Date() })
        .where(eq(models.id, model.id));

      const { data } = (await t.app.inject({ method: 'GET', url: '/api/Product/Recent?PageSize=-1' })).json() as {
        data: Item[];
      };
      expect(data.find((item) => item.id === game.id)).toEqual({
        id: game.id,
        name: 'Public Game',
        type: 'Product',
        thumbnail: game.thumbnail,
        icon: game.icon,
        coverThumbnail: game.coverThumbnail,
        introduce: 'Tag in the park',
        price: 2.5,
      });
      expect(data.find((item) => item.id === model.id)).toMatchObject({
        type: 'Model',
        icon: model.icon,
        coverThumbnail: model.coverThumbnail,
        introduce: 'A paper crane',
        price: 0,
      });
    });
  });
});
