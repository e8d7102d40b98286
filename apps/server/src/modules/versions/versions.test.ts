import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  adminEnv,
  as,
  createModel,
  createProduct,
  describeEachDatabase,
  modelBody,
  productBody,
  readOutbox,
  registerConnectedPartner,
  registerPartner,
  signIn,
  uploadBuild,
  uploadBuilds,
  uploadImage,
  useAdminAndPartner,
  useBeforeAll,
  useTestApp,
} from '../../testing/index.ts';

type Version = Record<string, unknown> & { id: string; reviewStatus: string; status: string };
type Versions = { testingVersion: Version | null; releaseVersion: Version | null; historyVersions: Version[] };

for (const itemType of ['Product', 'Model'] as const) {
  const base = `/api/${itemType}`;
  const numberKey = itemType === 'Product' ? 'productVersion' : 'modelVersion';
  const idKey = itemType === 'Product' ? 'productId' : 'modelId';

  describeEachDatabase(`versions and review of ${itemType === 'Product' ? 'AR games' : '3D models'}`, (variant) => {
    const { t, admin, partner } = useAdminAndPartner(variant);
    const item = useBeforeAll<{ id: string; name: string }>(() =>
      itemType === 'Product' ? createProduct(t.app, partner.accessToken) : createModel(t.app, partner.accessToken),
    );
    const builds = useBeforeAll(() => uploadBuilds(t.app, partner.accessToken));
    const ids: Record<number, string> = {};

    const dev = () => as(t.app, partner.accessToken);
    const reviewer = () => as(t.app, admin.accessToken);
    const versionsOf = async () => (await dev().get(`${base}/Versions/${item.id}`)).json() as Versions;
    const status = async () => ((await dev().get(`${base}/${item.id}`)).json() as { status: string }).status;
    const add = (n: unknown) => dev().post(`${base}/Version`, { [idKey]: item.id, [numberKey]: n });
    const submit = (versionId: string) => dev().put(`${base}/Version/Submit/${item.id}/${versionId}`);
    const save = (versionId: string, extra: Record<string, unknown> = {}) =>
      dev().put(`${base}/Version/${versionId}`, { updateLog: 'Faster matchmaking.', ...builds, ...extra });
    const review = (action: 'Start' | 'Accept' | 'Reject', versionId: string, reason?: string) =>
      reviewer().put(`/api/Admin/Review/${action}/${versionId}`, reason === undefined ? undefined : { reason });
    const refused = async (response: Awaited<ReturnType<typeof add>>, errorCode: string, statusCode = 409) => {
      expect(response.json()).toMatchObject({ errorCode });
      expect(response.statusCode).toBe(statusCode);
      return response;
    };
    const inRecent = async () => {
      const recent = (await as(t.app).get('/api/Product/Recent?PageSize=-1')).json() as {
        data: Array<{ id: string }>;
      };
      return recent.data.some((entry) => entry.id === item.id);
    };

    it('starts with no versions, as a draft', async () => {
      expect(await versionsOf()).toEqual({ testingVersion: null, releaseVersion: null, historyVersions: [] });
      expect(await status()).toBe('Draft');
      const list = (await dev().get(`${base}?PageSize=-1`)).json() as {
        data: Array<{ id: string; status: string }>;
      };
      expect(list.data.find((entry) => entry.id === item.id)?.status).toBe('Draft');
    });

    it('refuses version numbers that are not positive integers', async () => {
      for (const [n, message] of [
        [0, `${numberKey}: Please enter a positive integer`],
        [1.5, `${numberKey}: Please enter a positive integer`],
        [undefined, `${numberKey}: Please input the value`],
      ] as const) {
        expect((await add(n)).json()).toEqual({ errorCode: 'ValidationFailed', message });
      }
    });

    it('adds version 1 as the testing version, and refuses a second testing version', async () => {
      const response = await add(1);
      expect(response.statusCode).toBe(200);
      const v1 = response.json() as Version;
      ids[1] = v1.id;
      expect(v1).toMatchObject({
        [numberKey]: 1,
        slot: 'testing',
        unreadMessageCount: 0,
        reviewStatus: 'PrepareForSubmission',
        status: 'Active',
        iosAssetUrl: null,
      });
      expect((await versionsOf()).testingVersion?.id).toBe(v1.id);
      expect(await status()).toBe('InTesting');
      const list = (await dev().get(`${base}?PageSize=-1`)).json() as {
        data: Array<{ id: string; status: string }>;
      };
      expect(list.data.find((entry) => entry.id === item.id)?.status).toBe('InTesting');
      await refused(await add(2), 'TestingVersionExists');
    });

    it('needs the iOS and Android builds, ours, before submitting', async () => {
      await refused(await submit(ids[1] ?? ''), 'VersionBuildsMissing');
      const image = await uploadImage(t.app, partner.accessToken);
      await refused(await save(ids[1] ?? '', { iosAssetUrl: image.origin }), 'FileUrlNotOurs', 400);
      const stranger = await registerPartner(t.app);
      const strangersBuild = await uploadBuild(t.app, stranger.accessToken);
      await refused(await save(ids[1] ?? '', { androidAssetUrl: strangersBuild }), 'FileUrlNotOurs', 400);
      expect((await save(ids[1] ?? '', { iosAssetUrl: '' })).json()).toEqual({
        errorCode: 'ValidationFailed',
        message: 'iosAssetUrl: Please upload ios file',
      });
      const saved = await save(ids[1] ?? '', { visionOSAssetUrl: '' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ updateLog: 'Faster matchmaking.', ...builds, visionOSAssetUrl: null });
    });

    it('submits the testing version: it becomes the release, waiting for review', async () => {
      const response = await submit(ids[1] ?? '');
      expect(response.json()).toMatchObject({
        slot: 'release',
        reviewStatus: 'SubmitedWaitingReview',
        submittedAt: expect.any(String),
      });
      const { testingVersion, releaseVersion } = await versionsOf();
      expect(testingVersion).toBeNull();
      expect(releaseVersion?.id).toBe(ids[1]);
      expect(await status()).toBe('WaitingReview');
      await refused(await add(2), 'ReleaseNotSettled');
      await refused(await submit(ids[1] ?? ''), 'VersionNotSubmittable');
      await refused(await dev().put(`${base}/Version/TakeDown/${ids[1]}`), 'VersionNotTakeDownable');
    });

    it('interrupts the review only when the partner confirms, then resubmits', async () => {
      await refused(await save(ids[1] ?? ''), 'ReviewInProgress');
      expect((await save(ids[1] ?? '', { interruptReview: true })).json()).toMatchObject({
        reviewStatus: 'PrepareForSubmission',
      });
      expect(await status()).toBe('InTesting');
      expect((await submit(ids[1] ?? '')).json()).toMatchObject({ reviewStatus: 'SubmitedWaitingReview' });
    });

    it('is reviewed in order by an admin, and rejected with a reason the partner reads', async () => {
      await refused(await review('Accept', ids[1] ?? ''), 'ReviewTransitionInvalid');
      expect((await review('Start', ids[1] ?? '')).json()).toMatchObject({ reviewStatus: 'UnderReviewing' });
      expect(await status()).toBe('UnderReview');
      expect((await review('Reject', ids[1] ?? '', '')).json()).toMatchObject({ errorCode: 'ValidationFailed' });
      const rejected = await review('Reject', ids[1] ?? '', 'The Android build crashes when a second player joins.');
      expect(rejected.json()).toMatchObject({
        reviewStatus: 'Rejected',
        unapproveReason: 'The Android build crashes when a second player joins.',
      });
      expect(await status()).toBe('Rejected');
      const mail = (await readOutbox(t.app)).find((m) => m.to === partner.email);
      expect(mail?.subject).toBe(`${item.name} version 1 was not accepted`);
      expect(mail?.text).toContain('The Android build crashes when a second player joins.');
    });

    it('refuses to add or submit while rejected, until the partner edits and resubmits', async () => {
      await refused(await add(2), 'ReleaseNotSettled');
      await refused(await submit(ids[1] ?? ''), 'VersionNotSubmittable');
      expect(
        (await save(ids[1] ?? '', { updateLog: 'Fixed the crash when a second player joins.' })).json(),
      ).toMatchObject({
        reviewStatus: 'PrepareForSubmission',
      });
      expect((await submit(ids[1] ?? '')).json()).toMatchObject({
        reviewStatus: 'SubmitedWaitingReview',
        unapproveReason: null,
      });
    });

    it('is accepted and released: offered in Recent Projects, and the partner is told', async () => {
      await review('Start', ids[1] ?? '');
      expect((await review('Accept', ids[1] ?? '')).json()).toMatchObject({ reviewStatus: 'AcceptedAndReleased' });
      expect(await status()).toBe('Released');
      expect(await inRecent()).toBe(true);
      const mail = (await readOutbox(t.app)).find((m) => m.to === partner.email);
      expect(mail?.subject).toBe(`${item.name} version 1 is released`);
      await refused(await submit(ids[1] ?? ''), 'VersionNotSubmittable');
      await refused(await save(ids[1] ?? '', { interruptReview: true }), 'VersionNotEditable');
    });

    it('adds the next version only above the last number; submitting it moves the release to history', async () => {
      await refused(await add(1), 'VersionNumberNotHigher');
      const v3 = (await add(3)).json() as Version;
      ids[3] = v3.id;
      expect(await status()).toBe('Released');
      await save(v3.id);
      expect((await submit(v3.id)).json()).toMatchObject({ reviewStatus: 'SubmitedWaitingReview' });
      const { releaseVersion, historyVersions } = await versionsOf();
      expect(releaseVersion).toMatchObject({ id: v3.id, slot: 'release' });
      expect(historyVersions.map((v) => [v.id, v.slot])).toEqual([[ids[1], 'history']]);
      expect((await dev().get(`${base}/Version/${ids[1]}`)).json()).toMatchObject({ slot: 'history' });
      expect(await status()).toBe('WaitingReview');
      // the update in review leaves version 1 on sale
      expect(historyVersions[0]).toMatchObject({ isLive: true, releasedAt: expect.any(String) });
      expect(releaseVersion).toMatchObject({ isLive: false, releasedAt: null, releaseOnAcceptance: true });
      expect(await inRecent()).toBe(true);
      // its partner reads its builds, under signed URLs (gaming's live-items.test.ts has who else may)
      const signed = (url: string) =>
        expect.stringMatching(new RegExp(`^${url}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
      expect((await dev().get(`/api/Product/Live/${item.id}`)).json()).toMatchObject({
        itemId: item.id,
        itemType,
        version: 1,
        versionId: ids[1],
        filesAccess: 'Granted',
        files: { ios: signed(builds.iosAssetUrl), android: signed(builds.androidAssetUrl) },
      });
      await review('Start', v3.id);
      await review('Accept', v3.id);
      expect((await as(t.app).get(`/api/Product/Live/${item.id}`)).json()).toMatchObject({ version: 3 });
      const after = await versionsOf();
      expect(after.releaseVersion).toMatchObject({ id: v3.id, isLive: true });
      expect(after.historyVersions[0]).toMatchObject({ id: ids[1], isLive: false });
      expect(await inRecent()).toBe(true);
    });

    it('is taken down by the partner, and can then get a new version', async () => {
      const down = await dev().put(`${base}/Version/TakeDown/${ids[3]}`);
      expect(down.json()).toMatchObject({ status: 'TakeDown', takeDownRole: 'Developers', takeDownReason: null });
      expect(await status()).toBe('TakenDown');
      expect(await inRecent()).toBe(false);
      await refused(await dev().put(`${base}/Version/TakeDown/${ids[3]}`), 'VersionNotTakeDownable');
      await refused(await save(ids[3] ?? ''), 'VersionNotEditable');
      const v4 = (await add(4)).json() as Version;
      ids[4] = v4.id;
      await save(v4.id);
      await submit(v4.id);
      await review('Start', v4.id);
      await review('Accept', v4.id);
      expect((await versionsOf()).historyVersions.map((v) => v.id)).toEqual([ids[3], ids[1]]);
    });

    it('is taken down by an admin with a reason the partner sees and is mailed', async () => {
      const live = (await reviewer().get('/api/Admin/Releases/Query')).json() as {
        data: Array<{ versionId: string }>;
      };
      expect(live.data.map((entry) => entry.versionId)).toContain(ids[4]);
      expect((await reviewer().put(`/api/Admin/TakeDown/${ids[4]}`, {})).json()).toMatchObject({
        errorCode: 'ValidationFailed',
      });
      const down = await reviewer().put(`/api/Admin/TakeDown/${ids[4]}`, {
        reason: 'Reported for copyrighted music.',
      });
      expect(down.json()).toMatchObject({ status: 'TakeDown', takeDownRole: 'Admins' });
      expect((await versionsOf()).releaseVersion).toMatchObject({
        takeDownRole: 'Admins',
        takeDownReason: 'Reported for copyrighted music.',
      });
      const mail = (await readOutbox(t.app)).find((m) => m.to === partner.email);
      expect(mail?.subject).toBe(`${item.name} version 4 was taken down`);
      expect(mail?.text).toContain('Reported for copyrighted music.');
      await refused(
        await reviewer().put(`/api/Admin/TakeDown/${ids[4]}`, { reason: 'Again' }),
        'VersionNotTakeDownable',
      );
    });

    it("keeps every version route to the partner's own items", async () => {
      const other = await registerConnectedPartner(t.app);
      const stranger = as(t.app, other.accessToken);
      expect((await stranger.get(`${base}/Versions/${item.id}`)).statusCode).toBe(404);
      const strangerBody =
        itemType === 'Product'
          ? await productBody(t.app, other.accessToken)
          : await modelBody(t.app, other.accessToken);
      const strangerItem = ((await stranger.post(base, strangerBody)).json() as { id: string }).id;
      // asked for at the same moment, the two items' versions are read in one statement, each for its owner
      const expected = await versionsOf();
      const [mine, theirs, refused] = await Promise.all([
        dev().get(`${base}/Versions/${item.id}`),
        stranger.get(`${base}/Versions/${strangerItem}`),
        stranger.get(`${base}/Versions/${item.id}`),
      ]);
      expect(mine.json()).toEqual(expected);
      expect(expected.historyVersions.length).toBeGreaterThan(0);
      expect(theirs.json()).toEqual({ testingVersion: null, releaseVersion: null, historyVersions: [] });
      expect(refused.statusCode).toBe(404);
      expect((await stranger.get(`${base}/Version/${ids[4]}`)).json()).toMatchObject({
        errorCode: 'VersionNotFound',
      });
      expect((await stranger.post(`${base}/Version`, { [idKey]: item.id, [numberKey]: 9 })).statusCode).toBe(404);
      expect((await stranger.put(`${base}/Version/TakeDown/${ids[4]}`)).statusCode).toBe(404);
      expect((await stranger.put(`${base}/Version/Submit/${item.id}/${ids[4]}`)).statusCode).toBe(404);
      const otherType = itemType === 'Product' ? '/api/Model' : '/api/Product';
      expect((await dev().get(`${otherType}/Version/${ids[4]}`)).statusCode).toBe(404);
      expect((await dev().get(`${base}/Version/not-a-version`)).statusCode).toBe(404);
    });

    it('keeps the review console to admins', async () => {
      expect((await dev().get('/api/Admin/Review/Query')).json()).toMatchObject({ errorCode: 'Forbidden' });
      expect((await dev().put(`/api/Admin/Review/Start/${ids[4]}`)).statusCode).toBe(403);
      expect((await as(t.app).get('/api/Admin/Review/Query')).statusCode).toBe(401);
    });

    it('needs a connected payout account to add a version', async () => {
      const unconnected = await registerPartner(t.app);
      const response = await as(t.app, unconnected.accessToken).post(`${base}/Version`, {
        [idKey]: item.id,
        [numberKey]: 9,
      });
      expect(response.json()).toMatchObject({ errorCode: 'PayoutAccountRequired' });
    });
  });
}

describe('the review queue', () => {
  const t = useTestApp('pglite', adminEnv());

  it('lists submitted and under-review versions, oldest first, with item, partner and files', async () => {
    const partner = await registerConnectedPartner(t.app, { firstName: 'Quinn', lastName: 'Ho' });
    const dev = as(t.app, partner.accessToken);
    const builds = await uploadBuilds(t.app, partner.accessToken);
    const submitted: string[] = [];
    for (const name of ['First Game', 'Second Game']) {
      const product = await createProduct(t.app, partner.accessToken, { name });
      const version = (await dev.post('/api/Product/Version', { productId: product.id, productVersion: 1 })).json() as {
        id: string;
      };
      await dev.put(`/api/Product/Version/${version.id}`, { updateLog: `${name} 1.0`, ...builds });
      await dev.put(`/api/Product/Version/Submit/${product.id}/${version.id}`);
      submitted.push(version.id);
    }
    const admin = as(t.app, await signIn(t.app, ADMIN));
    await admin.put(`/api/Admin/Review/Start/${submitted[1]}`);
    const queue = (await admin.get('/api/Admin/Review/Query')).json() as {
      data: Array<Record<string, unknown>>;
      totalCount: number;
    };
    expect(queue.data.map((entry) => entry.itemName)).toEqual(['First Game', 'Second Game']);
    expect(queue.totalCount).toBe(2);
    expect(queue.data[1]).toMatchObject({
      versionId: submitted[1],
      itemType: 'Product',
      partner: { email: partner.email, fullName: 'Quinn Ho', businessName: 'Northlight Studio' },
      version: 1,
      reviewStatus: 'UnderReviewing',
      updateLog: 'Second Game 1.0',
      files: { ios: builds.iosAssetUrl, android: builds.androidAssetUrl, visionOS: null, macOS: null },
    });
    const download = await admin.get(builds.iosAssetUrl);
    expect(download.statusCode).toBe(200);

    const page = async (query: string) =>
      (await admin.get(`/api/Admin/Review/Query?${query}`)).json() as {
        data: Array<{ versionId: string }>;
        totalCount: number;
        errorCode?: string;
      };
    const pages = [await page('PageIndex=1&PageSize=1'), await page('PageIndex=2&PageSize=1')];
    expect(pages.map(({ data, totalCount }) => [data.map((entry) => entry.versionId), totalCount])).toEqual([
      [[submitted[0]], queue.totalCount],
      [[submitted[1]], queue.totalCount],
    ]);
    expect((await page('PageIndex=99&PageSize=1')).data).toEqual([]);
    // pages asked at the same moment are read by one statement: each still gets its own rows and the total
    const together = await Promise.all(
      ['PageIndex=2&PageSize=1', 'PageIndex=99&PageSize=1', 'PageIndex=1&PageSize=1', 'PageSize=-1'].map(page),
    );
    expect(together.map(({ data, totalCount }) => [data.map((entry) => entry.versionId), totalCount])).toEqual([
      [[submitted[1]], 2],
      [[], 2],
      [[submitted[0]], 2],
      [submitted, 2],
    ]);
    expect((await page('PageSize=0')).errorCode).toBe('ValidationFailed');
  });

  it('promotes an existing account named by ADMIN_EMAIL', async () => {
    const partner = await registerPartner(t.app);
    const { ensureAdmin } = await import('../access/demo.ts');
    await ensureAdmin(t.database.db, partner.email, undefined);
    const profile = await as(t.app, partner.accessToken).get('/api/Access/Profile');
    expect(profile.json()).toMatchObject({ role: 'Admin' });
  });
});
