import { errorCatalog } from '@portal/contracts';
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { incomeRecords } from '../../db/schema/income.ts';
import {
  adminEnv,
  as,
  bearer,
  createModel,
  createProduct,
  describeEachDatabase,
  MARKETPLACE_TOKEN,
  marketplaceEnv,
  type Partner,
  registerConnectedPartner,
  releaseFirstVersion,
  saleReport,
  useSignedIn,
  useTestApp,
} from '../../testing/index.ts';

describeEachDatabase('income: sales from the marketplace', (variant) => {
  const t = useTestApp(variant, { ...marketplaceEnv, ...adminEnv() });
  const admin = useSignedIn(t);
  let partner: Partner;
  let itemId: string;
  let sequence = 0;
  beforeAll(async () => {
    partner = await registerConnectedPartner(t.app);
    itemId = (await createProduct(t.app, partner.accessToken)).id;
    await releaseFirstVersion(t.app, { partner: partner.accessToken, admin: admin.accessToken }, 'Product', itemId);
  });

  const sale = (overrides: Record<string, unknown> = {}) => {
    sequence += 1;
    return {
      ...saleReport(itemId, {
        transactionId: `txn_${variant}_${sequence}`,
        buyer: { email: 'Player@Example.com', fullName: 'Kai Player' },
        purchasedAt: '2026-05-14T09:30:00Z',
      }),
      ...overrides,
    };
  };
  const report = (payload: object, token = MARKETPLACE_TOKEN) => as(t.app, token).post('/api/internal/Sales', payload);
  const voidSale = (transactionId: string, token = MARKETPLACE_TOKEN) =>
    as(t.app, token).post(`/api/internal/Sales/${encodeURIComponent(transactionId)}/Void`);
  const stored = async () => (await t.database.db.select({ n: count() }).from(incomeRecords))[0]?.n ?? 0;

  it('records a sale with its fees, its income and the day it will be paid', async () => {
    const body = sale();
    const response = await report(body);
    expect(response.statusCode).toBe(200);
    // 2.9% of 4.99 = 0.14 + 0.30; 20% = 1.00; the partner keeps 3.55; sales of May are paid on 31 July
    expect(response.json()).toEqual({
      transactionId: body.transactionId,
      itemType: 'Product',
      itemId,
      version: 1,
      purchasedAt: '2026-05-14T09:30:00.000Z',
      totalPrice: 499,
      paymentPlatformFee: 44,
      platformFee: 100,
      income: 355,
      status: 'Unsettled',
      payoutDate: '2026-07-31',
      settledAt: null,
    });
    const [row] = await t.database.db
      .select()
      .from(incomeRecords)
      .where(eq(incomeRecords.transactionId, body.transactionId));
    expect(row).toMatchObject({ buyerEmail: 'player@example.com', commissionBasisPoints: 2000 });
  });

  it('answers a replayed report with the same record and stores it once, even when the replays race', async () => {
    const body = sale();
    const first = await report(body);
    const before = await stored();
    const replays = await Promise.all([report(body), report(body), report(body)]);
    expect(replays.map((replay) => replay.statusCode)).toEqual([200, 200, 200]);
    for (const replay of replays) expect(replay.json()).toEqual(first.json());
    expect(await stored()).toBe(before);

    const racing = sale();
    const raced = await Promise.all(Array.from({ length: 5 }, () => report(racing)));
    expect(new Set(raced.map((answer) => answer.body)).size).toBe(1);
    expect(raced[0]?.statusCode).toBe(200);
    expect(await stored()).toBe(before + 1);
  });

  it('refuses a transaction id reported again with other details, and keeps the first', async () => {
    const body = sale();
    const first = await report(body);
    const other = await report({ ...body, totalPrice: 999 });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      errorCode: 'SaleTransactionConflict',
      message: 'This transaction was already reported with other details.',
    });
    expect((await report(body)).json()).toEqual(first.json());
  });

  it('refuses bad sales with a clear error and stores nothing', async () => {
    const before = await stored();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ itemId: '6f1c1b4e-2c39-4a8e-9a55-0a8d0d7e9b11' }, 404, 'SaleItemNotFound'],
      [{ itemType: 'Model' }, 404, 'SaleItemNotFound'],
      [{ totalPrice: -100 }, 400, 'ValidationFailed'],
      [{ totalPrice: 4.99 }, 400, 'ValidationFailed'],
      [{ totalPrice: 0 }, 400, 'ValidationFailed'],
      [{ purchasedAt: new Date(Date.now() + 86_400_000).toISOString() }, 400, 'SaleDateInFuture'],
      [{ purchasedAt: 'yesterday' }, 400, 'ValidationFailed'],
      [{ itemId: 'not-an-id' }, 400, 'ValidationFailed'],
      [{ version: 0 }, 400, 'ValidationFailed'],
      [{ buyer: { email: 'nobody', fullName: 'X' } }, 400, 'ValidationFailed'],
      [{ transactionId: '' }, 400, 'ValidationFailed'],
      [{ currency: 'EUR' }, 400, 'UnknownField'],
    ];
    for (const [overrides, status, errorCode] of cases) {
      const response = await report(sale(overrides));
      expect({ overrides, status: response.statusCode, errorCode: response.json().errorCode }).toEqual({
        overrides,
        status,
        errorCode,
      });
      expect(typeof response.json().message).toBe('string');
    }
    expect(await stored()).toBe(before);
  });

  it('refuses a sale of a version its item does not have, or never released, and stores nothing', async () => {
    const before = await stored();
    const tokens = { partner: partner.accessToken, admin: admin.accessToken };
    const draft = await createProduct(t.app, partner.accessToken, { name: 'Never Versioned' });
    const inTesting = await createProduct(t.app, partner.accessToken, { name: 'Never Released' });
    expect(
      (
        await as(t.app, partner.accessToken).post('/api/Product/Version', {
          productId: inTesting.id,
          productVersion: 1,
        })
      ).statusCode,
    ).toBe(200);
    const model = await createModel(t.app, partner.accessToken, { name: 'Unreleased Fox' });
    expect(
      (await as(t.app, partner.accessToken).post('/api/Model/Version', { modelId: model.id, modelVersion: 1 }))
        .statusCode,
    ).toBe(200);
    // the released game's next version, added but not released yet
    const released = await createProduct(t.app, partner.accessToken, { name: 'Released Once' });
    await releaseFirstVersion(t.app, tokens, 'Product', released.id);
    expect(
      (await as(t.app, partner.accessToken).post('/api/Product/Version', { productId: released.id, productVersion: 2 }))
        .statusCode,
    ).toBe(200);
    const cases: Array<[Record<string, unknown>, number, 'SaleVersionNotFound' | 'SaleVersionNotReleased']> = [
      [{ version: 2 }, 404, 'SaleVersionNotFound'],
      [{ version: 2_147_483_647 }, 404, 'SaleVersionNotFound'],
      [{ itemId: draft.id }, 404, 'SaleVersionNotFound'],
      [{ itemId: inTesting.id }, 409, 'SaleVersionNotReleased'],
      [{ itemType: 'Model', itemId: model.id }, 409, 'SaleVersionNotReleased'],
      [{ itemId: released.id, version: 2 }, 409, 'SaleVersionNotReleased'],
    ];
    for (const [overrides, status, errorCode] of cases) {
      const response = await report(sale(overrides));
      expect({ overrides, status: response.statusCode, body: response.json() }).toEqual({
        overrides,
        status,
        body: { errorCode, message: errorCatalog[errorCode].message },
      });
    }
    expect(await stored()).toBe(before);
    // a released version of either sells
    expect((await report(sale({ itemId: released.id, version: 1 }))).statusCode).toBe(200);
  });

  it('refuses a sale dated before 2000 or finer than a millisecond, and stores nothing', async () => {
    const before = await stored();
    const cases: Array<[string, 'SaleDateTooEarly' | 'ValidationFailed']> = [
      ['1999-12-31T23:59:59.999Z', 'SaleDateTooEarly'],
      // 2000 in Hong Kong, still 1999 in UTC
      ['2000-01-01T07:59:59+08:00', 'SaleDateTooEarly'],
      ['0099-05-14T09:30:00Z', 'SaleDateTooEarly'],
      ['0001-01-01T00:00:00Z', 'SaleDateTooEarly'],
      ['1900-02-28T12:00:00Z', 'SaleDateTooEarly'],
      ['2026-05-14T09:30:00.1234Z', 'ValidationFailed'],
      ['2026-05-14T09:30:00.000001Z', 'ValidationFailed'],
    ];
    for (const [purchasedAt, errorCode] of cases) {
      const response = await report(sale({ purchasedAt }));
      expect({ purchasedAt, status: response.statusCode, errorCode: response.json().errorCode }).toEqual({
        purchasedAt,
        status: 400,
        errorCode,
      });
    }
    expect((await report(sale({ purchasedAt: '0099-05-14T09:30:00Z' }))).json().message).toBe(
      'A sale cannot be purchased before 2000-01-01 (UTC): the sale was not recorded.',
    );
    expect((await report(sale({ purchasedAt: '2026-05-14T09:30:00.1234Z' }))).json().message).toBe(
      'purchasedAt: purchasedAt must be precise to the millisecond at most',
    );
    expect(await stored()).toBe(before);
  });

  it('answers every date it accepts exactly as reported, and the same again when the sale is replayed', async () => {
    const list = async () =>
      (
        (await as(t.app, partner.accessToken).get('/api/User/Income/Query?PageSize=-1')).json() as {
          data: Array<{ payment: { transactionId: string; purchasedAt: string } }>;
        }
      ).data;
    const accepted = [
      '2000-01-01T00:00:00Z',
      '2000-01-01T08:00:00+08:00',
      '2000-02-29T12:00:00.5-11:00',
      '2026-05-14T09:30:00.123Z',
      '2026-05-14T09:30:00.120000Z',
      '2026-05-15T01:30:00.999+14:00',
    ];
    // dates a parser on the way may read otherwise (two-digit years, before 1970, finer than JavaScript keeps)
    const refusedOrExact = [
      '0001-01-01T00:00:00Z',
      '0099-05-14T09:30:00Z',
      '0100-01-01T00:00:00Z',
      '1899-12-31T23:59:59Z',
      '1969-12-31T23:59:59.999Z',
      '2026-05-14T09:30:00.1234Z',
    ];
    for (const purchasedAt of [...accepted, ...refusedOrExact]) {
      const body = sale({ purchasedAt });
      const first = await report(body);
      if (first.statusCode === 400 && refusedOrExact.includes(purchasedAt)) continue;
      expect({ purchasedAt, status: first.statusCode }).toEqual({ purchasedAt, status: 200 });
      const exact = new Date(purchasedAt).toISOString();
      expect({ purchasedAt, answered: first.json().purchasedAt }).toEqual({ purchasedAt, answered: exact });
      const replay = await report(body);
      expect({ purchasedAt, status: replay.statusCode }).toEqual({ purchasedAt, status: 200 });
      expect(replay.json()).toEqual(first.json());
      const listed = (await list()).find((record) => record.payment.transactionId === body.transactionId);
      expect({ purchasedAt, listed: listed?.payment.purchasedAt }).toEqual({ purchasedAt, listed: exact });
    }
  });

  it('answers 401 without the service token, or with a partner session, and stores nothing', async () => {
    const before = await stored();
    const partner = await registerConnectedPartner(t.app);
    for (const headers of [{}, bearer('wrong-token'), bearer(partner.accessToken)]) {
      const response = await as(t.app).post('/api/internal/Sales', sale(), { headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ errorCode: 'Unauthorized' });
    }
    expect((await voidSale('txn_anything', 'wrong-token')).statusCode).toBe(401);
    expect(await stored()).toBe(before);
  });

  it('voids an unsettled sale once; a replayed void answers the same', async () => {
    const body = sale();
    await report(body);
    const voided = await voidSale(body.transactionId);
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({ transactionId: body.transactionId, status: 'NonSettlement' });
    expect((await voidSale(body.transactionId)).json()).toEqual(voided.json());
    // a voided sale reported again is still the same, voided sale
    expect((await report(body)).json()).toMatchObject({ status: 'NonSettlement' });
  });

  it('refuses to void a sale that is settling or settled, or that does not exist', async () => {
    for (const [status, errorCode] of [
      ['Settling', 'SaleInPayout'],
      ['Settled', 'SaleAlreadySettled'],
    ] as const) {
      const body = sale();
      await report(body);
      await t.database.db
        .update(incomeRecords)
        .set({ status, settledAt: status === 'Settled' ? new Date() : null })
        .where(eq(incomeRecords.transactionId, body.transactionId));
      const refused = await voidSale(body.transactionId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ errorCode });
      const [row] = await t.database.db
        .select({ status: incomeRecords.status })
        .from(incomeRecords)
        .where(eq(incomeRecords.transactionId, body.transactionId));
      expect(row?.status).toBe(status);
    }
    expect((await voidSale('txn_never_reported')).json()).toMatchObject({ errorCode: 'SaleNotFound' });
  });
});

describeEachDatabase('income: without MARKETPLACE_TOKEN', (variant) => {
  const t = useTestApp(variant);

  it('has no sales routes at all', async () => {
    const response = await as(t.app, 'anything').post('/api/internal/Sales', {});
    expect(response.statusCode).toBe(404);
  });
});

describeEachDatabase('income: a partner reads its own sales', (variant) => {
  const t = useTestApp(variant, { ...marketplaceEnv, ...adminEnv() });
  const admin = useSignedIn(t);
  let a: Partner;
  let b: Partner;
  let game: { id: string; iconUrl: string };
  let model: { id: string };
  let sequence = 0;

  const report = (itemType: 'Product' | 'Model', itemId: string, purchasedAt: string, totalPrice: number) => {
    sequence += 1;
    return as(t.app, MARKETPLACE_TOKEN).post(
      '/api/internal/Sales',
      saleReport(itemId, {
        transactionId: `q_${variant}_${sequence}`,
        itemType,
        buyer: { email: `buyer${sequence}@example.com`, fullName: `Buyer ${sequence}` },
        purchasedAt,
        totalPrice,
      }),
    );
  };
  const query = (token: string, params: Record<string, string> = {}) =>
    as(t.app, token).get(`/api/User/Income/Query?${new URLSearchParams(params)}`);
  type Page = {
    data: Array<{ payment: { transactionId: string; productPreview: { name: string } } }>;
    totalCount: number;
  };
  const idsOf = (page: Page) => page.data.map((record) => record.payment.transactionId);
  /** A partner's new game, released: what the marketplace may sell. */
  const releasedProduct = async (partner: Partner, name?: string) => {
    const created = await createProduct(t.app, partner.accessToken, name ? { name } : {});
    await releaseFirstVersion(t.app, { partner: partner.accessToken, admin: admin.accessToken }, 'Product', created.id);
    return created;
  };

  beforeAll(async () => {
    a = await registerConnectedPartner(t.app, {}, { remoteAddress: '10.7.0.1' });
    b = await registerConnectedPartner(t.app, {}, { remoteAddress: '10.7.0.2' });
    const created = await releasedProduct(a);
    game = { id: created.id, iconUrl: created.icon.url };
    model = await createModel(t.app, a.accessToken, { name: 'Lantern Fox' });
    await releaseFirstVersion(t.app, { partner: a.accessToken, admin: admin.accessToken }, 'Model', model.id);
    const other = await releasedProduct(b, 'Orbit Rival');
    // twelve sales of A's game, one a month from June 2025; two of its model in March 2026; three of B's game
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(Date.UTC(2025, 5 + month, 10, 12));
      expect((await report('Product', game.id, date.toISOString(), 499)).statusCode).toBe(200);
    }
    await report('Model', model.id, '2026-03-01T00:00:00Z', 1250);
    await report('Model', model.id, '2026-03-31T23:59:59Z', 1250);
    for (let i = 0; i < 3; i += 1) await report('Product', other.id, '2026-03-15T00:00:00Z', 999);
  });

  it('pages the partner’s sales ten at a time, newest first, each as SPEC §3 draws it', async () => {
    const first = (await query(a.accessToken)).json() as Page;
    expect(first.totalCount).toBe(14);
    expect(first.data).toHaveLength(10);
    expect(first.data[0]).toEqual({
      payment: {
        transactionId: expect.any(String),
        purchasedAt: '2026-05-10T12:00:00.000Z',
        totalPrice: 4.99,
        userPreview: { fullName: expect.stringMatching(/^Buyer \d+$/), email: expect.stringMatching(/@example\.com$/) },
        productPreview: { itemType: 'Product', name: 'Orbit Tag', image: { url: game.iconUrl } },
      },
      income: { money: 3.55, currency: 'USD' },
      fees: [
        { feeType: 'PaymentPlatformFee', fee: 0.44, currency: 'USD' },
        { feeType: 'PlatformFee', fee: 1, currency: 'USD' },
      ],
      settledAt: null,
      status: 'Unsettled',
      payoutDate: '2026-07-31',
    });
    const second = (await query(a.accessToken, { PageIndex: '2' })).json() as Page;
    expect(second.data).toHaveLength(4);
    const all = (await query(a.accessToken, { PageSize: '-1' })).json() as Page;
    expect(idsOf(all)).toEqual([...idsOf(first), ...idsOf(second)]);
    const past = (await query(a.accessToken, { PageIndex: '9' })).json() as Page;
    expect(past).toEqual({ data: [], totalCount: 14 });
  });

  it('counts a filter again as soon as a sale comes in or is voided', async () => {
    const partner = await registerConnectedPartner(t.app, {}, { remoteAddress: '10.7.0.4' });
    const item = await releasedProduct(partner);
    const total = async () => ((await query(partner.accessToken, { Status: 'Unsettled' })).json() as Page).totalCount;
    const sale = await report('Product', item.id, '2026-02-03T10:00:00Z', 499);
    expect(await total()).toBe(1);
    await report('Product', item.id, '2026-02-04T10:00:00Z', 499);
    expect(await total()).toBe(2);
    const voided = await as(t.app, MARKETPLACE_TOKEN).post(
      `/api/internal/Sales/${(sale.json() as { transactionId: string }).transactionId}/Void`,
    );
    expect(voided.statusCode).toBe(200);
    expect(await total()).toBe(1);
  });

  it('filters by name, purchase dates (whole Hong Kong days) and status, in any combination', async () => {
    const names = (page: Page) => [...new Set(page.data.map((record) => record.payment.productPreview.name))];
    const fox = (await query(a.accessToken, { Name: 'lantern', PageSize: '-1' })).json() as Page;
    expect({ names: names(fox), total: fox.totalCount }).toEqual({ names: ['Lantern Fox'], total: 2 });
    const march = (
      await query(a.accessToken, { PurchaseDateFrom: '2026-03-01', PurchaseDateTo: '2026-03-31', PageSize: '-1' })
    ).json() as Page;
    // the model's sale of 2026-03-31T23:59:59Z was made on 1 April in Hong Kong
    expect(march.totalCount).toBe(2);
    const marchGames = (
      await query(a.accessToken, { Name: 'ORBIT', PurchaseDateFrom: '2026-03-01', PurchaseDateTo: '2026-03-31' })
    ).json() as Page;
    expect({ names: names(marchGames), total: marchGames.totalCount }).toEqual({ names: ['Orbit Tag'], total: 1 });
    expect(((await query(a.accessToken, { Status: 'Unsettled' })).json() as Page).totalCount).toBe(14);
    expect(((await query(a.accessToken, { Status: 'Settled' })).json() as Page).totalCount).toBe(0);
    expect(((await query(a.accessToken, { Name: '%' })).json() as Page).totalCount).toBe(0);
  });

  it('never shows another partner’s sales, not even by the name of its item', async () => {
    const rival = (await query(a.accessToken, { Name: 'Rival', PageSize: '-1' })).json() as Page;
    expect(rival).toEqual({ data: [], totalCount: 0 });
    const theirs = (await query(b.accessToken, { PageSize: '-1' })).json() as Page;
    expect(theirs.totalCount).toBe(3);
    const mine = new Set(idsOf((await query(a.accessToken, { PageSize: '-1' })).json() as Page));
    expect(idsOf(theirs).some((id) => mine.has(id))).toBe(false);
  });

  const exportCsv = (token: string, params: Record<string, string> = {}) =>
    as(t.app, token).get(`/api/User/Income/Export.csv?${new URLSearchParams(params)}`);
  const csvRows = (body: string) => body.split('\r\n').filter((line) => line !== '');

  it('exports the same rows as the query, filtered the same way, as CSV with a header', async () => {
    for (const params of <Array<Record<string, string>>>[
      {},
      { Name: 'lantern' },
      { PurchaseDateFrom: '2026-03-01', PurchaseDateTo: '2026-03-31' },
    ]) {
      const response = await exportCsv(a.accessToken, params);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="income.csv"');
      const [header, ...lines] = csvRows(response.body);
      expect(header).toBe(
        'Transaction ID,Item,Item type,Buyer,Buyer email,Purchased at (UTC),Total (USD),' +
          'Payment platform fee (USD),Platform fee (USD),Income (USD),Status,Status code,Payout date,Settled at (UTC)',
      );
      const page = (await query(a.accessToken, { ...params, PageSize: '-1' })).json() as Page;
      expect(lines.map((line) => line.split(',')[0])).toEqual(idsOf(page));
    }
    const [, first] = csvRows((await exportCsv(a.accessToken)).body);
    expect(first?.split(',').slice(1)).toEqual([
      'Orbit Tag',
      'AR game',
      expect.stringMatching(/^Buyer \d+$/),
      expect.stringMatching(/@example\.com$/),
      '2026-05-10T12:00:00.000Z',
      '4.99',
      '0.44',
      '1.00',
      '3.55',
      'Preparing Commission',
      'Unsettled',
      '2026-07-31',
      '',
    ]);
    expect(csvRows((await exportCsv(a.accessToken, { Name: 'Rival' })).body)).toHaveLength(1);
    expect((await exportCsv(a.accessToken, { Status: 'Paid' })).statusCode).toBe(400);
    expect((await as(t.app).get('/api/User/Income/Export.csv')).statusCode).toBe(401);
  });

  it('streams thousands of rows in chunks, and keeps buyers’ names as text a spreadsheet will not run', async () => {
    const partner = await registerConnectedPartner(t.app, {}, { remoteAddress: '10.7.0.3' });
    const item = await releasedProduct(partner);
    await report('Product', item.id, '2026-01-01T00:00:00Z', 100);
    await t.database.db
      .update(incomeRecords)
      .set({ buyerFullName: '=HYPERLINK("http://evil.example"), "Lee"' })
      .where(eq(incomeRecords.itemId, item.id));
    const [template] = await t.database.db.select().from(incomeRecords).where(eq(incomeRecords.itemId, item.id));
    if (!template) throw new Error('no sale');
    const { id: _id, ...copy } = template;
    // 2,500 sales, a hundred of them at one instant across the second chunk's end (rows 1,951 to 2,051): the
    // keyset must neither skip nor repeat any
    const start = Date.UTC(2025, 0, 1);
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      ...copy,
      transactionId: `bulk_${variant}_${i}`,
      purchasedAt: new Date(start + (i >= 450 && i < 550 ? 450 : i) * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 500) await t.database.db.insert(incomeRecords).values(rows.slice(i, i + 500));
    const response = await exportCsv(partner.accessToken);
    const lines = csvRows(response.body).slice(1);
    expect(lines).toHaveLength(2501);
    expect(new Set(lines.map((line) => line.split(',')[0])).size).toBe(2501);
    expect(lines.at(-1)).toContain('"\'=HYPERLINK(""http://evil.example""), ""Lee"""');

    // the JSON query's every row (PageSize -1) is streamed the same way, in the same order
    const all = await query(partner.accessToken, { PageSize: '-1' });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-length']).toBeUndefined();
    const everyRow = all.json() as { data: Array<{ payment: { transactionId: string } }>; totalCount: number };
    expect(everyRow.totalCount).toBe(2501);
    expect(everyRow.data.map((record) => record.payment.transactionId)).toEqual(
      lines.map((line) => line.split(',')[0]),
    );
    const filtered = await query(partner.accessToken, { PageSize: '-1', PurchaseDateFrom: '2026-01-01' });
    expect(filtered.json()).toMatchObject({ totalCount: 1, data: [{ payment: { totalPrice: 1 } }] });
    const none = await query(partner.accessToken, { PageSize: '-1', Name: 'no item has this name' });
    expect(none.json()).toEqual({ data: [], totalCount: 0 });
  });

  it('counts purchase days in Hong Kong: a February filter has the sales of February there, in the page, its count and the CSV', async () => {
    const partner = await registerConnectedPartner(t.app, {}, { remoteAddress: '10.7.0.5' });
    const item = await releasedProduct(partner);
    const ids: Record<string, string> = {};
    for (const purchasedAt of [
      '2026-01-31T15:59:59.999Z', // 31 January, 23:59:59.999 in Hong Kong
      '2026-01-31T16:30:00.000Z', // 1 February, 00:30 in Hong Kong
      '2026-02-28T15:59:59.999Z', // 28 February, 23:59:59.999 in Hong Kong
      '2026-02-28T16:00:00.000Z', // 1 March, midnight in Hong Kong
    ]) {
      const response = await report('Product', item.id, purchasedAt, 499);
      expect(response.statusCode).toBe(200);
      ids[purchasedAt] = (response.json() as { transactionId: string }).transactionId;
    }
    const february = [ids['2026-02-28T15:59:59.999Z'], ids['2026-01-31T16:30:00.000Z']];
    for (const [filter, expected] of <Array<[Record<string, string>, Array<string | undefined>]>>[
      [{ PurchaseDateFrom: '2026-02-01', PurchaseDateTo: '2026-02-28' }, february],
      [{ PurchaseDateFrom: '2026-02-01' }, [ids['2026-02-28T16:00:00.000Z'], ...february]],
      [{ PurchaseDateTo: '2026-02-28' }, [...february, ids['2026-01-31T15:59:59.999Z']]],
      [{ PurchaseDateFrom: '2026-02-01', PurchaseDateTo: '2026-02-01' }, [ids['2026-01-31T16:30:00.000Z']]],
    ]) {
      const page = (await query(partner.accessToken, filter)).json() as Page;
      expect({ filter, ids: idsOf(page), total: page.totalCount }).toEqual({
        filter,
        ids: expected,
        total: expected.length,
      });
      const every = (await query(partner.accessToken, { ...filter, PageSize: '-1' })).json() as Page;
      expect({ filter, ids: idsOf(every), total: every.totalCount }).toEqual({
        filter,
        ids: expected,
        total: expected.length,
      });
      const csv = csvRows((await exportCsv(partner.accessToken, filter)).body).slice(1);
      expect({ filter, ids: csv.map((line) => line.split(',')[0]) }).toEqual({ filter, ids: expected });
    }
    // an ISO instant is taken as it is
    const instant = (
      await query(partner.accessToken, { PurchaseDateFrom: '2026-01-31T16:00:00Z', PurchaseDateTo: '2026-02-01' })
    ).json() as Page;
    expect(idsOf(instant)).toEqual([ids['2026-01-31T16:30:00.000Z']]);
  });

  it('refuses an inverted date range, an unknown status or a bad date with 400, and strangers with 401', async () => {
    for (const params of <Array<Record<string, string>>>[
      { PurchaseDateFrom: '2026-04-01', PurchaseDateTo: '2026-03-01' },
      { Status: 'Paid' },
      { PurchaseDateFrom: '2026-13-45' },
      { PurchaseDateFrom: '2026-02-30' },
      { PurchaseDateTo: '2026-02-30T10:00:00Z' },
      { PageSize: '0' },
    ]) {
      const response = await query(a.accessToken, params);
      expect({ params, status: response.statusCode, errorCode: response.json().errorCode }).toEqual({
        params,
        status: 400,
        errorCode: 'ValidationFailed',
      });
    }
    const anonymous = await as(t.app).get('/api/User/Income/Query');
    expect(anonymous.statusCode).toBe(401);
  });
});
