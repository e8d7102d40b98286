import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { models, products } from '../../db/schema/catalog.ts';
import {
  as,
  createModel,
  createProduct,
  describeEachDatabase,
  glbBuild,
  modelBody,
  postFile,
  productBody,
  registerConnectedPartner,
  registerPartner,
  uploadImage,
  useBeforeAll,
  useTestApp,
} from '../../testing/index.ts';

type Item = Record<string, unknown> & { id: string; name: string };

describeEachDatabase('catalog API', (variant) => {
  const t = useTestApp(variant);
  const owner = useBeforeAll(() => registerConnectedPartner(t.app));
  const other = useBeforeAll(() => registerConnectedPartner(t.app));

  const createOwnProduct = (overrides = {}) => createProduct(t.app, owner.accessToken, overrides);
  /** The item a create answered, once its status says it was made. */
  const createdItem = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(200);
    return response.json() as Item;
  };

  describe('products', () => {
    it('creates an AR game with prices in dollars, stored in cents, and normalized tags', async () => {
      const body = await productBody(t.app, owner.accessToken, {
        price: 19.99,
        tags: [' Puzzle ', 'puzzle', '', 'Multi Player', '   '],
      });
      const product = createdItem(await as(t.app, owner.accessToken).post('/api/Product', body));
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
      const response = await as(t.app, unconnected.accessToken).post(
        '/api/Product',
        await productBody(t.app, unconnected.accessToken),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        errorCode: 'PayoutAccountRequired',
        message: 'Please connect the stripe account first.',
      });
      expect((await as(t.app, unconnected.accessToken).get('/api/Product')).json()).toEqual({
        data: [],
        totalCount: 0,
      });
    });

    it('lists the partner’s own games newest first, 8 per page by default', async () => {
      const partner = await registerConnectedPartner(t.app);
      const body = await productBody(t.app, partner.accessToken);
      for (let i = 1; i <= 9; i += 1) {
        await as(t.app, partner.accessToken).post('/api/Product', { ...body, name: `Game ${i}` });
      }
      const first = (await as(t.app, partner.accessToken).get('/api/Product?PageIndex=1')).json() as {
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
      const second = (await as(t.app, partner.accessToken).get('/api/Product?PageIndex=2&PageSize=8')).json() as {
        data: Item[];
        totalCount: number;
      };
      expect(second).toMatchObject({ totalCount: 9 });
      expect(second.data.map((p) => p.name)).toEqual(['Game 1']);
      const beyond = (await as(t.app, partner.accessToken).get('/api/Product?PageIndex=5&PageSize=8')).json();
      expect(beyond).toEqual({ data: [], totalCount: 9 });
      const all = (await as(t.app, partner.accessToken).get('/api/Product?PageSize=-1')).json() as { data: Item[] };
      expect(all.data).toHaveLength(9);
    });

    it('answers pages of several partners asked for at the same moment, each with its own games', async () => {
      const [a, b, c] = await Promise.all(
        [1, 2, 3].map((n) => registerConnectedPartner(t.app, {}, { remoteAddress: `10.8.0.${n}` })),
      );
      if (!a || !b || !c) throw new Error('no partner');
      const body = await productBody(t.app, a.accessToken);
      for (let i = 1; i <= 9; i += 1) await as(t.app, a.accessToken).post('/api/Product', { ...body, name: `A ${i}` });
      const bodyB = await productBody(t.app, b.accessToken);
      for (let i = 1; i <= 2; i += 1) await as(t.app, b.accessToken).post('/api/Product', { ...bodyB, name: `B ${i}` });
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
          const page = (await as(t.app, (partner as typeof a).accessToken).get(url as string)).json() as {
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
      const product = await createOwnProduct();
      expect((await as(t.app, owner.accessToken).get(`/api/Product/${product.id}`)).json()).toMatchObject({
        id: product.id,
      });
      const update = await productBody(t.app, owner.accessToken, { name: 'Orbit Tag Deluxe', price: 0, tags: [] });
      const updated = await as(t.app, owner.accessToken).put(`/api/Product/${product.id}`, update);
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ name: 'Orbit Tag Deluxe', price: 0, tags: [] });
      expect((await as(t.app, owner.accessToken).delete(`/api/Product/${product.id}`)).statusCode).toBe(204);
      expect((await as(t.app, owner.accessToken).get(`/api/Product/${product.id}`)).json()).toMatchObject({
        errorCode: 'ProductNotFound',
      });
      const list = (await as(t.app, owner.accessToken).get('/api/Product?PageSize=-1')).json() as { data: Item[] };
      expect(list.data.map((p) => p.id)).not.toContain(product.id);
      expect((await as(t.app, owner.accessToken).delete(`/api/Product/${product.id}`)).statusCode).toBe(404);
    });

    it("answers 404 for another partner's game on every id route, and changes nothing", async () => {
      const product = await createOwnProduct();
      const body = await productBody(t.app, other.accessToken, { name: 'Hijacked' });
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', body],
        ['DELETE', undefined],
      ] as const) {
        const response = await as(t.app, other.accessToken).send(method, `/api/Product/${product.id}`, payload);
        expect(response.statusCode, method).toBe(404);
        expect(response.json()).toMatchObject({ errorCode: 'ProductNotFound' });
      }
      expect((await as(t.app, owner.accessToken).get(`/api/Product/${product.id}`)).json()).toMatchObject({
        name: 'Orbit Tag',
      });
      expect((await as(t.app, owner.accessToken).get('/api/Product/not-a-uuid')).statusCode).toBe(404);
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
      const response = await as(t.app, partner.accessToken).post('/api/Product', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errorCode: 'ValidationFailed', message });
      expect((await as(t.app, partner.accessToken).get('/api/Product')).json()).toMatchObject({ totalCount: 0 });
    });

    it('accepts 20 tags of 40 characters', async () => {
      const tags = Array.from({ length: 20 }, (_, i) => `${i}`.padStart(40, 'x'));
      expect(
        (await as(t.app, owner.accessToken).post('/api/Product', await productBody(t.app, owner.accessToken, { tags })))
          .statusCode,
      ).toBe(200);
    });

    it('refuses unknown fields', async () => {
      const response = await as(t.app, owner.accessToken).post('/api/Product', {
        ...(await productBody(t.app, owner.accessToken)),
        status: 'Released',
      });
      expect(response.json()).toEqual({ errorCode: 'UnknownField', message: 'Unknown field: status' });
    });

    it('refuses image URLs our file host did not issue to this partner', async () => {
      const body = await productBody(t.app, owner.accessToken);
      const othersImage = await uploadImage(t.app, other.accessToken);
      const build = (
        (await postFile(t.app, owner.accessToken, 'b.glb', glbBuild())).json() as Array<{ origin: string }>
      )[0];
      for (const iconUrl of [
        'https://cdn.elsewhere.example/icon.png',
        '/files/00000000-0000-4000-8000-000000000000/origin.png',
        othersImage.origin,
        build?.origin ?? '',
      ]) {
        const response = await as(t.app, owner.accessToken).post('/api/Product', { ...body, iconUrl });
        expect(response.statusCode, iconUrl).toBe(400);
        expect(response.json()).toMatchObject({ errorCode: 'FileUrlNotOurs' });
      }
      const product = await createOwnProduct();
      const update = await as(t.app, owner.accessToken).put(`/api/Product/${product.id}`, {
        ...body,
        coverThumbnailUrl: othersImage.origin,
      });
      expect(update.json()).toMatchObject({ errorCode: 'FileUrlNotOurs' });
      expect((await as(t.app, owner.accessToken).get(`/api/Product/${product.id}`)).json()).toMatchObject({
        coverThumbnail: { url: product.coverThumbnail && (product.coverThumbnail as { url: string }).url },
      });
    });
  });

  describe('3D models', () => {
    it('lists the model categories', async () => {
      const response = await as(t.app).get('/api/Model/Category/List');
      const { data } = response.json() as { data: Array<{ categoryId: number; categoryName: string }> };
      expect(data.length).toBeGreaterThanOrEqual(8);
      expect(data[1]).toEqual({ categoryId: 2, categoryName: 'Creatures' });
    });

    it('creates, lists, updates and deletes a model with its category', async () => {
      const body = await modelBody(t.app, owner.accessToken);
      const model = createdItem(await as(t.app, owner.accessToken).post('/api/Model', body));
      expect(model).toMatchObject({
        name: 'Lantern Fox',
        price: 12.5,
        category: { categoryId: 2, categoryName: 'Creatures' },
        tags: [{ name: 'Animal' }, { name: 'LowPoly' }],
        icon: { url: body.iconUrl },
        status: 'Draft',
      });
      const list = (await as(t.app, owner.accessToken).get('/api/Model')).json() as {
        data: Item[];
        totalCount: number;
      };
      expect(list.data[0]).toEqual(model);
      const updated = await as(t.app, owner.accessToken).put(`/api/Model/${model.id}`, {
        ...body,
        categoryId: 3,
        price: 0,
      });
      expect(updated.json()).toMatchObject({ category: { categoryId: 3, categoryName: 'Vehicles' }, price: 0 });
      expect((await as(t.app, owner.accessToken).delete(`/api/Model/${model.id}`)).statusCode).toBe(204);
      expect((await as(t.app, owner.accessToken).get(`/api/Model/${model.id}`)).json()).toMatchObject({
        errorCode: 'ModelNotFound',
      });
    });

    it('refuses a model without a category, with an unknown one, or without images', async () => {
      const body = await modelBody(t.app, owner.accessToken);
      const { categoryId: _omit, ...withoutCategory } = body;
      expect((await as(t.app, owner.accessToken).post('/api/Model', withoutCategory)).json()).toEqual({
        errorCode: 'ValidationFailed',
        message: 'categoryId: Please input category',
      });
      expect(
        (await as(t.app, owner.accessToken).post('/api/Model', { ...body, categoryId: 999 })).json(),
      ).toMatchObject({
        errorCode: 'CategoryNotFound',
      });
      expect((await as(t.app, owner.accessToken).post('/api/Model', { ...body, iconUrl: '' })).json()).toEqual({
        errorCode: 'ValidationFailed',
        message: 'iconUrl: Please upload thumbnail',
      });
    });

    it("answers 404 for another partner's model", async () => {
      const model = await createModel(t.app, owner.accessToken);
      for (const method of ['GET', 'DELETE'] as const) {
        expect((await as(t.app, other.accessToken).send(method, `/api/Model/${model.id}`)).statusCode).toBe(404);
      }
      const put = await as(t.app, other.accessToken).put(
        `/api/Model/${model.id}`,
        await modelBody(t.app, other.accessToken),
      );
      expect(put.json()).toMatchObject({ errorCode: 'ModelNotFound' });
      expect((await as(t.app, owner.accessToken).get(`/api/Model/${model.id}`)).statusCode).toBe(200);
    });

    it('needs a connected payout account to create', async () => {
      const unconnected = await registerPartner(t.app);
      const response = await as(t.app, unconnected.accessToken).post(
        '/api/Model',
        await modelBody(t.app, unconnected.accessToken),
      );
      expect(response.json()).toMatchObject({ errorCode: 'PayoutAccountRequired' });
    });
  });

  describe('recent projects', () => {
    it('shows only released items of all partners, newest first, and never deleted ones', async () => {
      const game = await createOwnProduct({ name: 'Released Game' });
      const model = await createModel(t.app, other.accessToken, { name: 'Released Model' });
      await createOwnProduct({ name: 'Still a draft' });
      const recent = async () =>
        (await as(t.app).get('/api/Product/Recent?PageIndex=1&PageSize=4')).json() as {
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

      await as(t.app, owner.accessToken).delete(`/api/Product/${game.id}`);
      expect((await recent()).data.map((item) => item.name)).not.toContain('Released Game');
    });

    it("carries each item's public details for a visitor: icon, cover, introduce and price in dollars", async () => {
      const game = await createOwnProduct({ name: 'Public Game', introduce: 'Tag in the park', price: 2.5 });
      const model = await createModel(t.app, other.accessToken, {
        name: 'Public Model',
        description: 'A paper crane',
        price: 0,
      });
      await t.database.db
        .update(products)
        .set({ status: 'Released', releasedAt: new Date() })
        .where(eq(products.id, game.id));
      await t.database.db
        .update(models)
        .set({ status: 'Released', releasedAt: new Date() })
        .where(eq(models.id, model.id));

      const { data } = (await as(t.app).get('/api/Product/Recent?PageSize=-1')).json() as {
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
