import type { ProductVersion, ProductVersionsResponse } from '@portal/contracts';
import { expect, it } from 'vitest';
import {
  as,
  createProduct,
  describeEachDatabase,
  readOutbox,
  registerConnectedPartner,
  uploadBuild,
  uploadBuilds,
  useAdminAndPartner,
  useBeforeAll,
} from '../../testing/index.ts';
import { triangleGlb } from '../../testing/validation-fixtures.ts';

describeEachDatabase('the live version while an update is reviewed, and releases by hand', (variant) => {
  const { t, admin, partner } = useAdminAndPartner(variant);
  const item = useBeforeAll(() => createProduct(t.app, partner.accessToken));
  const builds = useBeforeAll(() => uploadBuilds(t.app, partner.accessToken));

  const dev = () => as(t.app, partner.accessToken);
  const versionsOf = async () =>
    (await dev().get(`/api/Product/Versions/${item.id}`)).json() as ProductVersionsResponse;
  const status = async () => ((await dev().get(`/api/Product/${item.id}`)).json() as { status: string }).status;
  const live = () => as(t.app).get(`/api/Product/Live/${item.id}`);
  const inRecent = async () => {
    const recent = (await as(t.app).get('/api/Product/Recent?PageSize=-1')).json() as {
      data: Array<{ id: string }>;
    };
    return recent.data.some((entry) => entry.id === item.id);
  };
  /** Adds version `n`, with builds, and submits it; answers its id. */
  const submitted = async (n: number, body?: object) => {
    const added = (
      await dev().post('/api/Product/Version', { productId: item.id, productVersion: n })
    ).json() as ProductVersion;
    expect(
      (await dev().put(`/api/Product/Version/${added.id}`, { updateLog: `Version ${n}.`, ...builds })).statusCode,
    ).toBe(200);
    const response = await dev().put(`/api/Product/Version/Submit/${item.id}/${added.id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return added.id;
  };
  const review = (action: 'Start' | 'Accept' | 'Reject', versionId: string, reason?: string) =>
    as(t.app, admin.accessToken).put(
      `/api/Admin/Review/${action}/${versionId}`,
      reason === undefined ? undefined : { reason },
    );
  const ids: Record<number, string> = {};

  it('refuses a submission body that is not a yes or no, and changes nothing', async () => {
    const added = (
      await dev().post('/api/Product/Version', { productId: item.id, productVersion: 1 })
    ).json() as ProductVersion;
    ids[1] = added.id;
    await dev().put(`/api/Product/Version/${added.id}`, { updateLog: 'First.', ...builds });
    for (const body of [{ releaseOnAcceptance: 'no' }, { releaseOnAcceptance: false, extra: 1 }]) {
      const response = await dev().put(`/api/Product/Version/Submit/${item.id}/${added.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: expect.any(String), message: expect.any(String) });
    }
    expect((await versionsOf()).testingVersion).toMatchObject({ id: added.id, reviewStatus: 'PrepareForSubmission' });
  });

  it('keeps an accepted version chosen for a manual release off the marketplace until its partner releases it', async () => {
    const response = await dev().put(`/api/Product/Version/Submit/${item.id}/${ids[1]}`, {
      releaseOnAcceptance: false,
    });
    expect(response.json()).toMatchObject({ releaseOnAcceptance: false, reviewStatus: 'SubmitedWaitingReview' });
    const early = await dev().put(`/api/Product/Version/Release/${ids[1]}`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errorCode: 'VersionNotReleasable' });
    await review('Start', ids[1] ?? '');
    expect((await review('Accept', ids[1] ?? '')).json()).toMatchObject({
      reviewStatus: 'AcceptedAndReleased',
      releasedAt: null,
      isLive: false,
    });
    expect(await status()).toBe('ReadyToRelease');
    expect(await inRecent()).toBe(false);
    expect((await live()).statusCode).toBe(404);
    const mail = (await readOutbox(t.app)).find((m) => m.to === partner.email);
    expect(mail?.subject).toBe(`${item.name} version 1 was accepted`);
    expect(mail?.text).toContain('Release this version');
  });

  it('releases only the partner’s own version', async () => {
    const other = await registerConnectedPartner(t.app);
    const stranger = await as(t.app, other.accessToken).put(`/api/Product/Version/Release/${ids[1]}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ errorCode: 'VersionNotFound' });
    expect((await as(t.app, other.accessToken).put('/api/Product/Version/Release/not-a-uuid')).statusCode).toBe(404);
    expect(await inRecent()).toBe(false);
  });

  it('goes live when released, once', async () => {
    const released = await dev().put(`/api/Product/Version/Release/${ids[1]}`);
    expect(released.json()).toMatchObject({ isLive: true, releasedAt: expect.any(String) });
    expect(await status()).toBe('Released');
    expect(await inRecent()).toBe(true);
    expect((await live()).json()).toMatchObject({ version: 1, versionId: ids[1] });
    const again = await dev().put(`/api/Product/Version/Release/${ids[1]}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'VersionNotReleasable' });
  });

  it('keeps the live version on sale through an update that is rejected', async () => {
    ids[2] = await submitted(2);
    expect((await live()).json()).toMatchObject({ version: 1 });
    const confirmation = (await readOutbox(t.app)).find((m) => m.to === partner.email);
    expect(confirmation?.subject).toBe(`${item.name} version 2 is submitted for review`);
    expect(confirmation?.text).toContain('You are number 1 of 1 in the review queue.');
    expect(confirmation?.text).toContain('(median of the last 30 days)');
    expect(confirmation?.text).toContain('Version 1 stays on sale until this one is released.');
    expect(confirmation?.text).toContain('It goes live as soon as it is accepted.');
    await review('Start', ids[2]);
    await review('Reject', ids[2], 'The menu overlaps the camera view.');
    expect(await status()).toBe('Rejected');
    expect(await inRecent()).toBe(true);
    expect((await live()).json()).toMatchObject({ version: 1 });
    const { historyVersions } = await versionsOf();
    expect(historyVersions).toEqual([expect.objectContaining({ id: ids[1], isLive: true })]);
  });

  it('lets the partner take down the live version while an update is in review, which takes the item off sale', async () => {
    expect((await dev().put(`/api/Product/Version/${ids[2]}`, { updateLog: 'Fixed.', ...builds })).statusCode).toBe(
      200,
    );
    await dev().put(`/api/Product/Version/Submit/${item.id}/${ids[2]}`);
    const down = await dev().put(`/api/Product/Version/TakeDown/${ids[1]}`);
    expect(down.json()).toMatchObject({ status: 'TakeDown', isLive: false });
    expect(await inRecent()).toBe(false);
    expect((await live()).statusCode).toBe(404);
    // accepting the update puts the item back on sale with it
    await review('Start', ids[2] ?? '');
    await review('Accept', ids[2] ?? '');
    expect((await live()).json()).toMatchObject({ version: 2 });
    expect(await inRecent()).toBe(true);
  });

  it('refuses to submit a version whose build report has errors, until the build is replaced', async () => {
    ids[3] = (
      (await dev().post('/api/Product/Version', { productId: item.id, productVersion: 3 })).json() as ProductVersion
    ).id;
    const broken = await uploadBuild(t.app, partner.accessToken, 'broken.glb', triangleGlb({ badIndex: 7 }));
    await dev().put(`/api/Product/Version/${ids[3]}`, { updateLog: 'Three.', ...builds, iosAssetUrl: broken });
    const refused = await dev().put(`/api/Product/Version/Submit/${item.id}/${ids[3]}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'BuildReportHasErrors' });
    expect((await versionsOf()).testingVersion).toMatchObject({ id: ids[3], reviewStatus: 'PrepareForSubmission' });
    // a build the validator accepts lets it through
    const fixed = await uploadBuild(t.app, partner.accessToken, 'fixed.glb', triangleGlb());
    await dev().put(`/api/Product/Version/${ids[3]}`, { updateLog: 'Three.', ...builds, iosAssetUrl: fixed });
    const submittedAgain = await dev().put(`/api/Product/Version/Submit/${item.id}/${ids[3]}`);
    expect(submittedAgain.json()).toMatchObject({ reviewStatus: 'SubmitedWaitingReview' });
  });

  it('answers 404 for an item that is unknown, deleted or never released, and for a malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const response = await as(t.app).get(`/api/Product/Live/${encodeURIComponent(id)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ errorCode: 'NotFound' });
    }
  });
});
