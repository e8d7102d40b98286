import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  describeEachDatabase,
  modelBody,
  productBody,
  readOutbox,
  registerConnectedPartner,
  registerPartner,
  uploadBuild,
  uploadImage,
  useTestApp,
} from '../../testing/index.ts';

type Version = Record<string, unknown> & { id: string; reviewStatus: string; status: string };
type Versions = { testingVersion: Version | null; releaseVersion: Version | null; historyVersions: Version[] };

const ADMIN = { email: 'reviewer@lumora.example', password: 'Review1234' };

for (const itemType of ['Product', 'Model'] as const) {
  const base = `/api/${itemType}`;
  const numberKey = itemType === 'Product' ? 'productVersion' : 'modelVersion';
  const idKey = itemType === 'Product' ? 'productId' : 'modelId';

  describeEachDatabase(`versions and review of ${itemType === 'Product' ? 'AR games' : '3D models'}`, (variant) => {
    const t = useTestApp(variant, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    let partner: Awaited<ReturnType<typeof registerConnectedPartner>>;
    let adminToken: string;
    let itemId: string;
    let itemName: string;
    let builds: { iosAssetUrl: string; androidAssetUrl: string };
    const ids: Record<number, string> = {};

    beforeAll(async () => {
      partner = await registerConnectedPartner(t.app);
      const login = await t.app.inject({ method: 'POST', url: '/api/Access/Login', payload: ADMIN });
      adminToken = (login.json() as { accessToken: string }).accessToken;
      const body =
        itemType === 'Product'
          ? await productBody(t.app, partner.accessToken)
          : await modelBody(t.app, partner.accessToken);
      const created = await t.app.inject({
        method: 'POST',
        url: base,
        headers: bearer(partner.accessToken),
        payload: body,
      });
      itemId = (created.json() as { id: string }).id;
      itemName = body.name;
      builds = {
        iosAssetUrl: await uploadBuild(t.app, partner.accessToken, 'ios.ab'),
        androidAssetUrl: await uploadBuild(t.app, partner.accessToken, 'android.glb'),
      };
    });

    const as = (token: string) => ({
      call: (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
        t.app.inject({
          method,
          url,
          headers: bearer(token),
          ...(payload === undefined ? {} : { payload: payload as object }),
        }),
    });
    const dev = () => as(partner.accessToken);
    const admin = () => as(adminToken);
    const versionsOf = async () => (await dev().call('GET', `${base}/Versions/${itemId}`)).json() as Versions;
    const status = async () => ((await dev().call('GET', `${base}/${itemId}`)).json() as { status: string }).status;
    const add = (n: unknown) => dev().call('POST', `${base}/Version`, { [idKey]: itemId, [numberKey]: n });
    const submit = (versionId: string) => dev().call('PUT', `${base}/Version/Submit/${itemId}/${versionId}`);
    const save = (versionId: string, extra: Record<string, unknown> = {}) =>
      dev().call('PUT', `${base}/Version/${versionId}`, { updateLog: 'Faster matchmaking.', ...builds, ...extra });
    const review = (action: 'Start' | 'Accept' | 'Reject', versionId: string, reason?: string) =>
      admin().call('PUT', `/api/Admin/Review/${action}/${versionId}`, reason === undefined ? undefined : { reason });
    const refused = async (response: Awaited<ReturnType<typeof add>>, errorCode: string, statusCode = 409) => {
      expect(response.json()).toMatchObject({ errorCode });
      expect(response.statusCode).toBe(statusCode);
      return response;
    };
    const inRecent = async () => {
      const recent = (await t.app.inject({ method: 'GET', url: '/api/Product/Recent?PageSize=-1' })).json() as {
        data: Array<{ id: string }>;
      };
      return recent.data.some((item) => item.id === itemId);
    };

    it('starts with no versions, as a draft', async () => {
      expect(await versionsOf()).toEqual({ testingVersion: null, releaseVersion: null, historyVersions: [] });
      expect(await status()).toBe('Draft');
      const list = (await dev().call('GET', `${base}?PageSize=-1`)).json() as {
        data: Array<{ id: string; status: string }>;
      };
      expect(list.data.find((item) => item.id === itemId)?.status).toBe('Draft');
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
      const list = (await dev().call('GET', `${base}?PageSize=-1`)).json() as {
        data: Array<{ id: string; status: string }>;
      };
      expect(list.data.find((item) => item.id === itemId)?.status).toBe('InTesting');
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
      await refused(await dev().call('PUT', `${base}/Version/TakeDown/${ids[1]}`), 'VersionNotTakeDownable');
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
      expect(mail?.subject).toBe(`${itemName} version 1 was not accepted`);
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
      expect(mail?.subject).toBe(`${itemName} version 1 is released`);
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
      expect((await dev().call('GET', `${base}/Version/${ids[1]}`)).json()).toMatchObject({ slot: 'history' });
      expect(await status()).toBe('WaitingReview');
      // the update in review leaves version 1 on sale
      expect(historyVersions[0]).toMatchObject({ isLive: true, releasedAt: expect.any(String) });
      expect(releaseVersion).toMatchObject({ isLive: false, releasedAt: null, releaseOnAcceptance: true });
      expect(await inRecent()).toBe(true);
      expect((await t.app.inject({ url: `/api/Product/Live/${itemId}` })).json()).toMatchObject({
        itemId,
        itemType,
        version: 1,
        versionId: ids[1],
        files: { ios: builds.iosAssetUrl, android: builds.androidAssetUrl },
      });
      await review('Start', v3.id);
      await review('Accept', v3.id);
      expect((await t.app.inject({ url: `/api/Product/Live/${itemId}` })).json()).toMatchObject({ version: 3 });
      const after = await versionsOf();
      expect(after.releaseVersion).toMatchObject({ id: v3.id, isLive: true });
      expect(after.historyVersions[0]).toMatchObject({ id: ids[1], isLive: false });
      expect(await inRecent()).toBe(true);
    });

    it('is taken down by the partner, and can then get a new version', async () => {
      const down = await dev().call('PUT', `${base}/Version/TakeDown/${ids[3]}`);
      expect(down.json()).toMatchObject({ status: 'TakeDown', takeDownRole: 'Developers', takeDownReason: null });
      expect(await status()).toBe('TakenDown');
      expect(await inRecent()).toBe(false);
      await refused(await dev().call('PUT', `${base}/Version/TakeDown/${ids[3]}`), 'VersionNotTakeDownable');
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
      const live = (await admin().call('GET', '/api/Admin/Releases/Query')).json() as {
        data: Array<{ versionId: string }>;
      };
      expect(live.data.map((entry) => entry.versionId)).toContain(ids[4]);
      expect((await admin().call('PUT', `/api/Admin/TakeDown/${ids[4]}`, {})).json()).toMatchObject({
        errorCode: 'ValidationFailed',
      });
      const down = await admin().call('PUT', `/api/Admin/TakeDown/${ids[4]}`, {
        reason: 'Reported for copyrighted music.',
      });
      expect(down.json()).toMatchObject({ status: 'TakeDown', takeDownRole: 'Admins' });
      expect((await versionsOf()).releaseVersion).toMatchObject({
        takeDownRole: 'Admins',
        takeDownReason: 'Reported for copyrighted music.',
      });
      const mail = (await readOutbox(t.app)).find((m) => m.to === partner.email);
      expect(mail?.subject).toBe(`${itemName} version 4 was taken down`);
      expect(mail?.text).toContain('Reported for copyrighted music.');
      await refused(
        await admin().call('PUT', `/api/Admin/TakeDown/${ids[4]}`, { reason: 'Again' }),
        'VersionNotTakeDownable',
      );
    });

    it("keeps every version route to the partner's own items", async () => {
      const other = await registerConnectedPartner(t.app);
      const stranger = as(other.accessToken);
      expect((await stranger.call('GET', `${base}/Versions/${itemId}`)).statusCode).toBe(404);
      const strangerBody =
        itemType === 'Product'
          ? await productBody(t.app, other.accessToken)
          : await modelBody(t.app, other.accessToken);
      const strangerItem = ((await stranger.call('POST', base, strangerBody)).json() as { id: string }).id;
      // asked for at the same moment, the two items' versions are read in one statement, each for its owner
      const expected = await versionsOf();
      const [mine, theirs, refused] = await Promise.all([
        dev().call('GET', `${base}/Versions/${itemId}`),
        stranger.call('GET', `${base}/Versions/${strangerItem}`),
        stranger.call('GET', `${base}/Versions/${itemId}`),
      ]);
      expect(mine.json()).toEqual(expected);
      expect(expected.historyVersions.length).toBeGreaterThan(0);
      expect(theirs.json()).toEqual({ testingVersion: null, releaseVersion: null, historyVersions: [] });
      expect(refused.statusCode).toBe(404);
      expect((await stranger.call('GET', `${base}/Version/${ids[4]}`)).json()).toMatchObject({
        errorCode: 'VersionNotFound',
      });
      expect((await stranger.call('POST', `${base}/Version`, { [idKey]: itemId, [numberKey]: 9 })).statusCode).toBe(
        404,
      );
      expect((await stranger.call('PUT', `${base}/Version/TakeDown/${ids[4]}`)).statusCode).toBe(404);
      expect((await stranger.call('PUT', `${base}/Version/Submit/${itemId}/${ids[4]}`)).statusCode).toBe(404);
      const otherType = itemType === 'Product' ? '/api/Model' : '/api/Product';
      expect((await dev().call('GET', `${otherType}/Version/${ids[4]}`)).statusCode).toBe(404);
      expect((await dev().call('GET', `${base}/Version/not-a-version`)).statusCode).toBe(404);
    });

    it('keeps the review console to admins', async () => {
      expect((await dev().call('GET', '/api/Admin/Review/Query')).json()).toMatchObject({ errorCode: 'Forbidden' });
      expect((await dev().call('PUT', `/api/Admin/Review/Start/${ids[4]}`)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/Admin/Review/Query' })).statusCode).toBe(401);
    });

    it('needs a connected payout account to add a version', async () => {
      const unconnected = await registerPartner(t.app);
      const response = await as(unconnected.accessToken).call('POST', `${base}/Version`, {
        [idKey]: itemId,
        [numberKey]: 9,
      });
      expect(response.json()).toMatchObject({ errorCode: 'PayoutAccountRequired' });
    });
  });
}

describe('the review queue', () => {
  const t = useTestApp('pglite', { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

  it('lists submitted and under-review versions, oldest first, with item, partner and files', async () => {
    const partner = await registerConnectedPartner(t.app, { firstName: 'Quinn', lastName: 'Ho' });
    const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(partner.accessToken), ...(payload ? { payload } : {}) });
    const builds = {
      iosAssetUrl: await uploadBuild(t.app, partner.accessToken, 'ios.ab'),
      androidAssetUrl: await uploadBuild(t.app, partner.accessToken, 'android.ab'),
    };
    const submitted: string[] = [];
    for (const name of ['First Game', 'Second Game']) {
      const product = (
        await call('POST', '/api/Product', await productBody(t.app, partner.accessToken, { name }))
      ).json() as { id: string };
      const version = (
        await call('POST', '/api/Product/Version', { productId: product.id, productVersion: 1 })
      ).json() as { id: string };
      await call('PUT', `/api/Product/Version/${version.id}`, { updateLog: `${name} 1.0`, ...builds });
      await call('PUT', `/api/Product/Version/Submit/${product.id}/${version.id}`);
      submitted.push(version.id);
    }
    const login = await t.app.inject({ method: 'POST', url: '/api/Access/Login', payload: ADMIN });
    const adminToken = (login.json() as { accessToken: string }).accessToken;
    await t.app.inject({ method: 'PUT', url: `/api/Admin/Review/Start/${submitted[1]}`, headers: bearer(adminToken) });
    const queue = (
      await t.app.inject({ method: 'GET', url: '/api/Admin/Review/Query', headers: bearer(adminToken) })
    ).json() as {
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
    const download = await t.app.inject({ method: 'GET', url: builds.iosAssetUrl, headers: bearer(adminToken) });
    expect(download.statusCode).toBe(200);

    const page = async (query: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/Admin/Review/Query?${query}`, headers: bearer(adminToken) })
      ).json() as { data: Array<{ versionId: string }>; totalCount: number; errorCode?: string };
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
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/Access/Profile',
      headers: bearer(partner.accessToken),
    });
    expect(profile.json()).toMatchObject({ role: 'Admin' });
  });
});
