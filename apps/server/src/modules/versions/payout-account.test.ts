import { afterAll, beforeAll, expect, it } from 'vitest';
import { payoutAccounts } from '../../db/schema/payments.ts';
import {
  bearer,
  connectPayoutAccount,
  createGameInTesting,
  createTestApp,
  describeEachDatabase,
  registerConnectedPartner,
  type TestApp,
} from '../../testing/index.ts';

type Version = { id: string; slot: string; reviewStatus: string; unreadMessageCount: number };
type Versions = { testingVersion: Version | null; releaseVersion: Version | null; historyVersions: Version[] };

const ADMIN = { email: 'payouts-review@lumora.example', password: 'Review1234' };

describeEachDatabase('versions of a partner whose payout account was disconnected', (variant) => {
  let t: TestApp;
  let partner: Awaited<ReturnType<typeof registerConnectedPartner>>;
  let adminToken: string;
  let testing: Awaited<ReturnType<typeof createGameInTesting>>;
  let prepared: Awaited<ReturnType<typeof createGameInTesting>>;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = partner.accessToken) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const versionsOf = async (productId: string) =>
    (await call('GET', `/api/Product/Versions/${productId}`)).json() as Versions;
  const submit = ({ productId, versionId }: { productId: string; versionId: string }) =>
    call('PUT', `/api/Product/Version/Submit/${productId}/${versionId}`);
  const status = async (productId: string) =>
    ((await call('GET', `/api/Product/${productId}`)).json() as { status: string }).status;

  beforeAll(async () => {
    t = await createTestApp(variant, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    partner = await registerConnectedPartner(t.app);
    const login = await t.app.inject({ method: 'POST', url: '/api/Access/Login', payload: ADMIN });
    adminToken = (login.json() as { accessToken: string }).accessToken;

    testing = await createGameInTesting(t.app, partner.accessToken, 'Still Testing');
    // a release prepared for submission again: submitted, then edited during its review
    prepared = await createGameInTesting(t.app, partner.accessToken, 'Prepared Again');
    expect((await submit(prepared)).statusCode).toBe(200);
    const edited = await call('PUT', `/api/Product/Version/${prepared.versionId}`, {
      updateLog: 'A fix during review',
      iosAssetUrl: prepared.iosAssetUrl,
      androidAssetUrl: prepared.androidAssetUrl,
      interruptReview: true,
    });
    expect(edited.json()).toMatchObject({ slot: 'release', reviewStatus: 'PrepareForSubmission' });
    const asked = await call(
      'POST',
      `/api/Admin/Review/Messages/${prepared.versionId}`,
      { message: 'Could you send a test account?' },
      adminToken,
    );
    expect(asked.statusCode).toBe(200);

    // as Stripe's account.application.deauthorized does
    for (const account of await t.database.db.select().from(payoutAccounts)) {
      await t.app.services.payments.disconnectAccount(account.accountId);
    }
    expect((await call('GET', '/api/Access/Profile')).json()).toMatchObject({ connectedToStripe: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses to submit the testing version, and changes nothing', async () => {
    const refused = await submit(testing);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'PayoutAccountRequired' });
    const { testingVersion, releaseVersion } = await versionsOf(testing.productId);
    expect(testingVersion).toMatchObject({ id: testing.versionId, reviewStatus: 'PrepareForSubmission' });
    expect(releaseVersion).toBeNull();
    expect(await status(testing.productId)).toBe('InTesting');
  });

  it('refuses to resubmit a release prepared for submission, and changes nothing', async () => {
    const refused = await submit(prepared);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'PayoutAccountRequired' });
    expect((await versionsOf(prepared.productId)).releaseVersion).toMatchObject({
      reviewStatus: 'PrepareForSubmission',
    });
  });

  it('still lets the partner read, answer and mark read the conversation with the reviewers', async () => {
    expect((await versionsOf(prepared.productId)).releaseVersion?.unreadMessageCount).toBe(1);
    const thread = await call('GET', `/api/Product/Version/Messages/${prepared.versionId}`);
    const [question] = (thread.json() as { data: Array<{ id: string; message: string }> }).data;
    expect(question?.message).toBe('Could you send a test account?');
    const read = await call('PUT', `/api/Product/Version/Messages/Read/${prepared.versionId}`, {
      lastMessageId: question?.id,
    });
    expect(read.json()).toEqual({ unreadMessageCount: 0 });
    const answered = await call('POST', `/api/Product/Version/Messages/${prepared.versionId}`, {
      message: 'tester@studio.example / Secret123',
    });
    expect(answered.statusCode).toBe(200);
  });

  it('submits again once the account is connected', async () => {
    await connectPayoutAccount(t.app, partner.accessToken);
    expect((await submit(testing)).json()).toMatchObject({ slot: 'release', reviewStatus: 'SubmitedWaitingReview' });
  });
});
