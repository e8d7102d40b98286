import type { LiveItem } from '@portal/contracts';
import { expect, it } from 'vitest';
import {
  addMember,
  as,
  createProduct,
  describeEachDatabase,
  MARKETPLACE_TOKEN,
  marketplaceEnv,
  registerPartner,
  releaseFirstVersion,
  reportSale,
  saleReport,
  useAdminAndPartner,
  useBeforeAll,
} from '../../testing/index.ts';

const NO_FILES = { ios: null, android: null, visionOS: null, macOS: null };

describeEachDatabase("a live item's builds for the AR app", (variant) => {
  const { t, admin, partner } = useAdminAndPartner(variant, marketplaceEnv);
  const tokens = () => ({ partner: partner.accessToken, admin: admin.accessToken });
  const free = useBeforeAll(async () => {
    const item = await createProduct(t.app, partner.accessToken, { name: 'Free Tag', price: 0 });
    await releaseFirstVersion(t.app, tokens(), 'Product', item.id);
    return item;
  });
  const paid = useBeforeAll(async () => {
    const item = await createProduct(t.app, partner.accessToken, { name: 'Paid Tag', price: 4.99 });
    await releaseFirstVersion(t.app, tokens(), 'Product', item.id);
    return item;
  });
  /** A player of the game host: an account signed in there (its token without the 'Bearer ' prefix). */
  const player = useBeforeAll(async () => {
    const account = await registerPartner(t.app);
    const login = await as(t.app).post('/game/api/Access/Login', { email: account.email, password: account.password });
    expect(login.statusCode).toBe(200);
    return { ...account, gameToken: (login.json() as { accessToken: string }).accessToken.replace(/^Bearer /, '') };
  });
  const live = async (itemId: string, token?: string) => {
    const response = await as(t.app, token).get(`/api/Product/Live/${itemId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LiveItem;
  };
  const downloads = async (files: LiveItem['files']) =>
    Promise.all(
      [files.ios, files.android].map(async (url) => {
        const response = await as(t.app).get(url ?? '/files/none');
        return response.statusCode;
      }),
    );

  it('tells anyone not signed in, or signed in with an API key, to sign in, and gives no files', async () => {
    expect(await live(free.id)).toMatchObject({
      name: 'Free Tag',
      version: 1,
      filesAccess: 'SignInRequired',
      files: NO_FILES,
    });
    const key = await as(t.app, player.accessToken).post('/api/ApiKey', { name: 'Reader', scopes: ['read'] });
    expect(key.statusCode, key.body).toBe(200);
    const secret = (key.json() as { secret: string }).secret;
    expect(await live(free.id, secret)).toMatchObject({ filesAccess: 'SignInRequired', files: NO_FILES });
  });

  it("gives a signed-in player a free item's builds under URLs signed for 15 minutes, which read without a session", async () => {
    const before = Date.now();
    const item = await live(free.id, player.gameToken);
    expect(item.filesAccess).toBe('Granted');
    for (const url of [item.files.ios, item.files.android]) {
      expect(url).toMatch(/^\/files\/.+\?expires=\d+&signature=[0-9a-f]{64}$/);
      const expires = Number(new URL(url ?? '', 'http://x').searchParams.get('expires')) * 1000;
      expect(expires).toBeGreaterThanOrEqual(before + 15 * 60 * 1000 - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 15 * 60 * 1000);
    }
    expect(await downloads(item.files)).toEqual([200, 200]);
    // the same builds unsigned stay the partner's
    const unsigned = {
      ...item.files,
      ios: item.files.ios?.split('?')[0] ?? null,
      android: item.files.android?.split('?')[0] ?? null,
    };
    expect(await downloads(unsigned)).toEqual([404, 404]);
  });

  it("gives a paid item's builds only to a buyer the marketplace reported, and not after the sale is voided", async () => {
    expect(await live(paid.id, player.gameToken)).toMatchObject({ filesAccess: 'PurchaseRequired', files: NO_FILES });
    // a sale to someone else, or of another item, is not theirs
    await reportSale(
      t.app,
      MARKETPLACE_TOKEN,
      saleReport(paid.id, { buyer: { email: 'someone@example.com', fullName: 'Someone' } }),
    );
    await reportSale(
      t.app,
      MARKETPLACE_TOKEN,
      saleReport(free.id, { buyer: { email: player.email, fullName: 'Kai' } }),
    );
    expect(await live(paid.id, player.gameToken)).toMatchObject({ filesAccess: 'PurchaseRequired' });

    const sale = saleReport(paid.id, { buyer: { email: player.email.toUpperCase(), fullName: 'Kai' } });
    await reportSale(t.app, MARKETPLACE_TOKEN, sale);
    const bought = await live(paid.id, player.gameToken);
    expect(bought.filesAccess).toBe('Granted');
    expect(await downloads(bought.files)).toEqual([200, 200]);

    const voided = await as(t.app, MARKETPLACE_TOKEN).post(`/api/internal/Sales/${sale.transactionId}/Void`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await live(paid.id, player.gameToken)).toMatchObject({ filesAccess: 'PurchaseRequired', files: NO_FILES });
    // its partner plays it without buying it
    expect(await live(paid.id, partner.accessToken)).toMatchObject({ filesAccess: 'Granted' });
  });

  it("gives a paid item's builds to the members of its studio whose role ships builds, and not to the others", async () => {
    const developer = await addMember(t.app, partner, 'Developer');
    const marketer = await addMember(t.app, partner, 'Marketing');
    expect(await live(paid.id, developer.accessToken)).toMatchObject({ filesAccess: 'Granted' });
    expect(await live(paid.id, marketer.accessToken)).toMatchObject({
      filesAccess: 'PurchaseRequired',
      files: NO_FILES,
    });
  });
});
