import type { NeedsAction, PartnerOverview } from '@portal/contracts';
import { expect, it } from 'vitest';
import {
  addMember,
  as,
  createGameInTesting,
  createModel,
  createProduct,
  describeEachDatabase,
  type GameInTesting,
  MARKETPLACE_TOKEN,
  marketplaceEnv,
  registerConnectedPartner,
  releaseFirstVersion,
  reportSale,
  saleReport,
  useAdminAndPartner,
} from '../../testing/index.ts';

describeEachDatabase('the overview of My Projects', (variant) => {
  const { t, admin, partner } = useAdminAndPartner(variant, marketplaceEnv);

  const overviewOf = async (token = partner.accessToken) => {
    const response = await as(t.app, token).get('/api/Overview');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PartnerOverview;
  };
  const needsActionOf = async (versionId: string): Promise<NeedsAction['kind'] | undefined> =>
    (await overviewOf()).needsAction.find((entry) => entry.versionId === versionId)?.kind;
  const put = async (url: string, payload?: object, token = partner.accessToken) => {
    const response = await as(t.app, token).put(url, payload);
    expect(response.statusCode, response.body).toBe(200);
  };
  const submit = (game: GameInTesting) => put(`/api/Product/Version/Submit/${game.productId}/${game.versionId}`);
  const review = (action: 'Start' | 'Accept' | 'Reject', game: GameInTesting) =>
    put(
      `/api/Admin/Review/${action}/${game.versionId}`,
      action === 'Reject' ? { reason: 'The Android build crashes at start.' } : undefined,
      admin.accessToken,
    );

  it('is empty for a new partner: every status at zero, nothing to do, no income', async () => {
    const overview = await overviewOf();
    expect(overview).toEqual({
      itemsByStatus: expect.any(Object),
      needsAction: [],
      income: null,
    });
    expect(Object.values(overview.itemsByStatus).every((count) => count === 0)).toBe(true);
    expect(Object.keys(overview.itemsByStatus)).toContain('Draft');
    expect(Object.keys(overview.itemsByStatus)).toContain('TakenDown');
  });

  it('lists a rejected version until it is edited, then as ready to submit until it is submitted', async () => {
    const game = await createGameInTesting(t.app, partner.accessToken, 'Rejected Run');
    await submit(game);
    await review('Start', game);
    await review('Reject', game);
    expect((await overviewOf()).needsAction).toContainEqual({
      kind: 'rejected',
      itemType: 'Product',
      itemId: game.productId,
      itemName: 'Rejected Run',
      versionId: game.versionId,
      versionNumber: 1,
    });
    await put(`/api/Product/Version/${game.versionId}`, {
      updateLog: 'Fixed the crash.',
      iosAssetUrl: game.iosAssetUrl,
      androidAssetUrl: game.androidAssetUrl,
    });
    expect(await needsActionOf(game.versionId)).toBe('ready-to-submit');
    await submit(game);
    expect(await needsActionOf(game.versionId)).toBeUndefined();
  });

  it('lists a testing version ready to submit only once both builds are in', async () => {
    const productId = (await createProduct(t.app, partner.accessToken, { name: 'No Builds Yet' })).id;
    const added = await as(t.app, partner.accessToken).post('/api/Product/Version', { productId, productVersion: 1 });
    const bare = (added.json() as { id: string }).id;
    expect(await needsActionOf(bare)).toBeUndefined();

    const game = await createGameInTesting(t.app, partner.accessToken, 'Ready One');
    expect(await needsActionOf(game.versionId)).toBe('ready-to-submit');
    await submit(game);
    expect(await needsActionOf(game.versionId)).toBeUndefined();
  });

  it('lists a version the reviewers asked about until the partner answers', async () => {
    const game = await createGameInTesting(t.app, partner.accessToken, 'Asked Twice');
    await submit(game);
    const asked = await as(t.app, admin.accessToken).post(`/api/Admin/Review/Messages/${game.versionId}`, {
      message: 'Which devices did you test on?',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await needsActionOf(game.versionId)).toBe('unanswered-question');
    const answered = await as(t.app, partner.accessToken).post(`/api/Product/Version/Messages/${game.versionId}`, {
      message: 'A Pixel 8 and an iPhone 15.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await needsActionOf(game.versionId)).toBeUndefined();
  });

  it('lists an accepted version that waits for its partner to release it, until it is released', async () => {
    const game = await createGameInTesting(t.app, partner.accessToken, 'Held Back');
    await put(`/api/Product/Version/Submit/${game.productId}/${game.versionId}`, { releaseOnAcceptance: false });
    await review('Start', game);
    await review('Accept', game);
    expect(await needsActionOf(game.versionId)).toBe('ready-to-release');
    await put(`/api/Product/Version/Release/${game.versionId}`);
    expect(await needsActionOf(game.versionId)).toBeUndefined();
  });

  it("counts the partner's items by status, and shows nothing of another partner's", async () => {
    await createModel(t.app, partner.accessToken);
    const { itemsByStatus } = await overviewOf();
    // Rejected Run and Ready One and Asked Twice wait for review; No Builds Yet is in testing; Held Back is released
    expect(itemsByStatus).toMatchObject({
      Draft: 1,
      InTesting: 1,
      WaitingReview: 3,
      UnderReview: 0,
      ReadyToRelease: 0,
      Rejected: 0,
      TakenDown: 0,
    });
    expect(itemsByStatus.Released).toBe(1);

    const stranger = await registerConnectedPartner(t.app);
    await createGameInTesting(t.app, stranger.accessToken, 'Not Yours');
    const theirs = await overviewOf(stranger.accessToken);
    expect(theirs.itemsByStatus).toMatchObject({ InTesting: 1, WaitingReview: 0, Draft: 0 });
    expect(theirs.needsAction.map((entry) => entry.itemName)).toEqual(['Not Yours']);
  });

  it("shows this month's income and the next payout once the partner has a sale", async () => {
    expect((await overviewOf()).income).toBeNull();
    const created = await createProduct(t.app, partner.accessToken, { name: 'Sold Once' });
    await releaseFirstVersion(t.app, { partner: partner.accessToken, admin: admin.accessToken }, 'Product', created.id);
    const recorded = await reportSale(t.app, MARKETPLACE_TOKEN, saleReport(created.id));
    expect((await overviewOf()).income).toEqual({
      monthCents: recorded.income,
      currency: 'USD',
      nextPayoutDate: recorded.payoutDate,
      nextPayoutCents: recorded.income,
    });
  });

  it('shows income only to roles that read it, and what needs action only to roles that change versions', async () => {
    const game = await createGameInTesting(t.app, partner.accessToken, 'Team Prompt');
    const asRole = async (role: 'Admin' | 'Finance' | 'Developer' | 'Marketing') => {
      const member = await addMember(t.app, partner, role);
      const response = await member.caller.get('/api/Overview');
      expect(response.statusCode, response.body).toBe(200);
      const overview = response.json() as PartnerOverview;
      return {
        income: overview.income?.monthCents ?? null,
        prompted: overview.needsAction.some((entry) => entry.versionId === game.versionId),
        released: overview.itemsByStatus.Released,
      };
    };
    const owner = await overviewOf();
    expect(owner.income?.monthCents).toBeGreaterThan(0);
    const expected = (income: boolean, prompted: boolean) => ({
      income: income ? owner.income?.monthCents : null,
      prompted,
      released: owner.itemsByStatus.Released,
    });
    expect(await asRole('Admin')).toEqual(expected(true, true));
    expect(await asRole('Finance')).toEqual(expected(true, false));
    expect(await asRole('Developer')).toEqual(expected(false, true));
    expect(await asRole('Marketing')).toEqual(expected(false, false));
  });

  it('is for signed-in partners only', async () => {
    expect((await as(t.app).get('/api/Overview')).statusCode).toBe(401);
  });
});
