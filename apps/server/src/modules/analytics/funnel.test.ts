import type { AnalyticsItem, AnalyticsSummary } from '@portal/contracts';
import { expect, it } from 'vitest';
import {
  as,
  createModel,
  createProduct,
  dayOf,
  describeEachDatabase,
  MARKETPLACE_TOKEN,
  marketplaceEnv,
  noonOf,
  pngImage,
  postFile,
  registerConnectedPartner,
  releaseFirstVersion,
  reportSale,
  saleReport,
  useAdminAndPartner,
  userIdOf,
} from '../../testing/index.ts';
import { insertPlayEvents, type PlayEventRow } from './repository.ts';

const HOUR = 3_600_000;
const place = { position: [0, 1, 0], rotation: [0, 0, 0], scale: [1, 1, 1] };

describeEachDatabase('play analytics: the path from a stage seen in AR to a sale', (variant) => {
  const { t, admin, partner } = useAdminAndPartner(variant, marketplaceEnv);

  it("answers a 3D model's impressions on the stages that place it, its views, its sales and their income, and lists the stages the most seen first", async () => {
    const tokens = { partner: partner.accessToken, admin: admin.accessToken };
    const owner = as(t.app, tokens.partner);
    const ownerId = await userIdOf(t.app.db, partner.email);
    const model = await createModel(t.app, tokens.partner, { name: 'Paper Crane' });
    await releaseFirstVersion(t.app, tokens, 'Model', model.id);
    const image = (
      await postFile(t.app, tokens.partner, 'poster.png', await pngImage(320, 480), '/api/Stage/Media')
    ).json() as { id: string };
    const stage = async (name: string, contents: unknown[]) => {
      const created = await owner.post('/api/Stage', {
        name,
        latitude: 22.3,
        longitude: 114.17,
        anchorId: `${name}-anchor`.toLowerCase().replace(/\W+/g, '-'),
        contents,
      });
      expect(created.statusCode, created.body).toBe(200);
      return (created.json() as { id: string }).id;
    };
    const harbour = await stage('Harbour Steps', [{ type: 'Asset3D', assetId: model.id, ...place }]);
    const market = await stage('Night Market', [
      { type: 'Image', assetId: image.id, ...place },
      { type: 'Asset3D', assetId: model.id, ...place },
    ]);
    const posterOnly = await stage('Poster Wall', [{ type: 'Image', assetId: image.id, ...place }]);

    const day = dayOf(-1);
    const seen = (stageId: string, viewer: string): PlayEventRow => ({
      at: noonOf(day),
      kind: 'impression',
      audience: 'public',
      ownerId,
      stageId,
      player: viewer,
    });
    const viewed = (viewer: string): PlayEventRow => ({
      at: noonOf(day),
      kind: 'view',
      audience: 'public',
      ownerId,
      itemId: model.id,
      player: viewer,
    });
    await insertPlayEvents(t.app.db, [
      ...['a', 'b'].map((viewer) => seen(harbour, viewer)),
      ...['a', 'b', 'c', 'd', 'e'].map((viewer) => seen(market, viewer)),
      ...['a', 'b', 'c', 'd'].map((viewer) => seen(posterOnly, viewer)),
      ...['a', 'b', 'c'].map(viewed),
    ]);
    await t.app.services.analytics.rollUp(day);
    const sale = (purchasedAt: Date) =>
      reportSale(
        t.app,
        MARKETPLACE_TOKEN,
        saleReport(model.id, { itemType: 'Model', purchasedAt: purchasedAt.toISOString() }),
      );
    const sold = [await sale(noonOf(day)), await sale(new Date(noonOf(day).getTime() + HOUR))];
    const soldIncome = sold.reduce((total, record) => total + record.income, 0) / 100;
    // bought before the range: not in it
    await sale(noonOf(dayOf(-3)));

    const query = `From=${day}&To=${dayOf(0)}`;
    const response = await owner.get(`/api/Analytics/Items/${model.id}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const figures = response.json() as AnalyticsItem;
    expect(figures).toMatchObject({ itemId: model.id, itemType: 'Model', name: 'Paper Crane' });
    expect(figures.funnel).toEqual({ impressions: 7, views: 3, sales: 2, plays: '< 5' });
    expect(figures.income).toBe(soldIncome);
    expect(figures.stages).toEqual([
      { stageId: market, name: 'Night Market', impressions: 5 },
      { stageId: harbour, name: 'Harbour Steps', impressions: 2 },
    ]);

    const summary = (await owner.get(`/api/Analytics/Summary?${query}`)).json() as AnalyticsSummary;
    expect(summary.items).toEqual([
      {
        itemId: model.id,
        itemType: 'Model',
        name: 'Paper Crane',
        plays: '< 5',
        players: '< 5',
        playerMinutes: '< 5',
        views: 3,
        sales: 2,
        income: soldIncome,
      },
    ]);
    expect(summary.totals.impressions).toBe(11);
  });

  it('lists a game sold but never played, with its sales, and answers no stages for a game', async () => {
    const tokens = { partner: partner.accessToken, admin: admin.accessToken };
    const game = await createProduct(t.app, tokens.partner, { name: 'Quiet Seller' });
    await releaseFirstVersion(t.app, tokens, 'Product', game.id);
    const record = await reportSale(t.app, MARKETPLACE_TOKEN, saleReport(game.id));
    const today = dayOf(0);
    const owner = as(t.app, tokens.partner);
    const summary = (await owner.get(`/api/Analytics/Summary?From=${today}&To=${today}`)).json() as AnalyticsSummary;
    expect(summary.items.find((item) => item.itemId === game.id)).toMatchObject({
      itemType: 'Product',
      views: 0,
      sales: 1,
      income: record.income / 100,
    });
    const figures = (await owner.get(`/api/Analytics/Items/${game.id}?From=${today}&To=${today}`)).json();
    expect(figures.funnel).toEqual({ impressions: 0, views: 0, sales: 1, plays: '< 5' });
    expect(figures.stages).toEqual([]);

    const stranger = await registerConnectedPartner(t.app);
    const theirs = (
      await as(t.app, stranger.accessToken).get(`/api/Analytics/Summary?From=${today}&To=${today}`)
    ).json() as AnalyticsSummary;
    expect(theirs.items).toEqual([]);
  });
});
