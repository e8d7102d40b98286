import { expect, it } from 'vitest';
import {
  ADMIN,
  adminEnv,
  as,
  connectPayoutAccount,
  createGameInTesting,
  describeEachDatabase,
  productBody,
  registerConnectedPartner,
  registerPartner,
  signIn,
  useTestApp,
} from './testing/index.ts';

/** Holds the next store into one cache until released, so a write can finish while that read is in flight. */
function storeGate() {
  let armed: { cache: string; reached: () => void; release: Promise<void> } | undefined;
  return {
    hook: async (cache: string) => {
      const gate = armed;
      if (!gate || gate.cache !== cache) return;
      armed = undefined;
      gate.reached();
      await gate.release;
    },
    /** Arms the gate; answers a promise that settles when a read reaches it, and the function that releases it. */
    hold(cache: string) {
      let reached: () => void = () => {};
      let release: () => void = () => {};
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
      armed = { cache, reached, release: new Promise<void>((resolve) => (release = resolve)) };
      return { reached: reachedPromise, release };
    },
    disarm() {
      armed = undefined;
    },
  };
}

describeEachDatabase('caches and concurrent writes', (variant) => {
  const gate = storeGate();
  const t = useTestApp(variant, { CACHE_SECONDS: '30', ...adminEnv() }, { beforeCacheStore: gate.hook });
  const renameProfile = (token: string, firstName: string, lastName: string) =>
    as(t.app, token).put('/api/Access/Profile', {
      firstName,
      lastName,
      registeredAddress: '1 Harbour Road, Hong Kong',
    });

  it('never accepts a token again once logged out, even when a read of its session overlapped the logout', async () => {
    const partner = await registerPartner(t.app);
    const held = gate.hold('sessions');
    const profile = as(t.app, partner.accessToken).get('/api/Access/Profile');
    await held.reached;
    const logout = await as(t.app, partner.accessToken).post('/api/Access/Logout');
    expect(logout.statusCode).toBe(204);
    held.release();
    expect((await profile).statusCode).toBe(200);

    const after = await as(t.app, partner.accessToken).get('/api/Access/Profile');
    expect(after.statusCode).toBe(401);
  });

  it('never serves a list page from before a create that finished while it was read', async () => {
    const partner = await registerConnectedPartner(t.app);
    const owner = as(t.app, partner.accessToken);
    const body = await productBody(t.app, partner.accessToken, { name: 'Comet Chase' });
    const held = gate.hold('catalog-pages');
    const list = owner.get('/api/Product?PageIndex=1&PageSize=8');
    await held.reached;
    const created = await owner.post('/api/Product', body);
    expect(created.statusCode).toBe(200);
    held.release();
    expect((await list).json()).toMatchObject({ data: [], totalCount: 0 });

    const after = (await owner.get('/api/Product?PageIndex=1&PageSize=8')).json();
    expect(after.totalCount).toBe(1);
    expect(after.data.map((item: { name: string }) => item.name)).toEqual(['Comet Chase']);
  });

  it('never serves a game from before an update that finished while it was read, nor to another partner', async () => {
    const partner = await registerConnectedPartner(t.app);
    const owner = as(t.app, partner.accessToken);
    const body = await productBody(t.app, partner.accessToken, { name: 'Comet Chase' });
    const { id } = (await owner.post('/api/Product', body)).json();
    const url = `/api/Product/${id}`;
    const held = gate.hold('catalog-pages');
    const read = owner.get(url);
    await held.reached;
    const updated = await owner.put(url, { ...body, name: 'Comet Chase II' });
    expect(updated.statusCode).toBe(200);
    held.release();
    expect((await read).json()).toMatchObject({ name: 'Comet Chase' });
    expect((await owner.get(url)).json()).toMatchObject({ name: 'Comet Chase II' });

    // cached for its owner, the game is still not found by anyone else
    const other = await registerConnectedPartner(t.app);
    const theirs = await as(t.app, other.accessToken).get(url);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ errorCode: 'ProductNotFound' });

    const deleted = await owner.delete(url);
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await owner.get(url)).statusCode).toBe(404);
  });

  it('never serves a profile from before an update that finished while it was read', async () => {
    const partner = await registerPartner(t.app, { firstName: 'Ada' });
    const owner = as(t.app, partner.accessToken);
    const held = gate.hold('profiles');
    const read = owner.get('/api/Access/Profile');
    await held.reached;
    expect((await renameProfile(partner.accessToken, 'Grace', 'Hopper')).statusCode).toBe(200);
    held.release();
    expect((await read).json()).toMatchObject({ firstName: 'Ada' });
    const after = await owner.get('/api/Access/Profile');
    expect(after.json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });

  it('shows a payout account connected after the profile was read', async () => {
    const partner = await registerPartner(t.app);
    const owner = as(t.app, partner.accessToken);
    const profile = async () => (await owner.get('/api/Access/Profile')).json();
    expect(await profile()).toMatchObject({ connectedToStripe: false });
    await connectPayoutAccount(t.app, partner.accessToken);
    expect(await profile()).toMatchObject({ connectedToStripe: true });
  });

  it("never serves an item's versions from before a change that finished while they were read, nor after a delete", async () => {
    const partner = await registerConnectedPartner(t.app);
    const owner = as(t.app, partner.accessToken);
    const body = await productBody(t.app, partner.accessToken, { name: 'Comet Chase' });
    const { id } = (await owner.post('/api/Product', body)).json();
    const url = `/api/Product/Versions/${id}`;
    const held = gate.hold('product-version-lists');
    const read = owner.get(url);
    await held.reached;
    const added = await owner.post('/api/Product/Version', { productId: id, productVersion: 1 });
    expect(added.statusCode, added.body).toBe(200);
    held.release();
    expect((await read).json()).toMatchObject({ testingVersion: null });
    expect((await owner.get(url)).json()).toMatchObject({
      testingVersion: { productVersion: 1, reviewStatus: 'PrepareForSubmission' },
    });

    // cached for its owner, the list is still not found by anyone else, nor under the other type's route
    const other = await registerConnectedPartner(t.app);
    expect((await as(t.app, other.accessToken).get(url)).statusCode).toBe(404);
    const asModel = await owner.get(`/api/Model/Versions/${id}`);
    expect(asModel.statusCode).toBe(404);

    expect((await owner.delete(`/api/Product/${id}`)).statusCode).toBeLessThan(300);
    const gone = await owner.get(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ errorCode: 'ProductNotFound' });
  });

  it("never serves the review queue from before a change of any partner's game, profile or conversation", async () => {
    const admin = as(t.app, await signIn(t.app, ADMIN));
    const partner = await registerConnectedPartner(t.app, { firstName: 'Mira', lastName: 'Stone' });
    const owner = as(t.app, partner.accessToken);
    const { productId, versionId } = await createGameInTesting(t.app, partner.accessToken, 'Comet Chase');
    const submitted = await owner.put(`/api/Product/Version/Submit/${productId}/${versionId}`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const entry = async () => {
      const queue = await admin.get('/api/Admin/Review/Query?PageSize=100');
      return (queue.json() as { data: Array<{ versionId: string }> }).data.find((row) => row.versionId === versionId);
    };

    const held = gate.hold('console-pages');
    const read = entry();
    await held.reached;
    const body = await productBody(t.app, partner.accessToken, { name: 'Comet Chase II' });
    const renamed = await owner.put(`/api/Product/${productId}`, body);
    expect(renamed.statusCode, renamed.body).toBe(200);
    held.release();
    expect(await read).toMatchObject({ itemName: 'Comet Chase', partner: { fullName: 'Mira Stone' } });
    expect(await entry()).toMatchObject({ itemName: 'Comet Chase II', messageCount: 0 });

    expect((await renameProfile(partner.accessToken, 'Mira', 'Stone-Ito')).statusCode).toBe(200);
    expect(await entry()).toMatchObject({ partner: { fullName: 'Mira Stone-Ito' } });

    const written = await owner.post(`/api/Product/Version/Messages/${versionId}`, { message: 'Ready when you are.' });
    expect(written.statusCode).toBe(200);
    expect(await entry()).toMatchObject({ messageCount: 1, lastMessageBy: 'Partner' });

    const started = await admin.put(`/api/Admin/Review/Start/${versionId}`);
    expect(started.statusCode, started.body).toBe(200);
    expect(await entry()).toMatchObject({ reviewStatus: 'UnderReviewing', partnerReplied: true });
    const rejected = await admin.put(`/api/Admin/Review/Reject/${versionId}`, {
      reason: 'The multiplayer lobby does not open.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await entry()).toBeUndefined();
  });

  it('still serves repeated reads from the cache when nothing changed', async () => {
    const partner = await registerConnectedPartner(t.app);
    const owner = as(t.app, partner.accessToken);
    const first = await owner.get('/api/Product?PageIndex=1&PageSize=8');
    const held = gate.hold('catalog-pages');
    let reached = false;
    void held.reached.then(() => (reached = true));
    const second = await owner.get('/api/Product?PageIndex=1&PageSize=8');
    expect(second.body).toBe(first.body);
    expect(reached).toBe(false);
    held.release();
    gate.disarm();
  });
});
