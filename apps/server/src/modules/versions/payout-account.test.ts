import type { ProductVersionsResponse } from '@portal/contracts';
import { beforeAll, expect, it } from 'vitest';
import { payoutAccounts } from '../../db/schema/payments.ts';
import {
  as,
  connectPayoutAccount,
  createGameInTesting,
  describeEachDatabase,
  type GameInTesting,
  useAdminAndPartner,
} from '../../testing/index.ts';

describeEachDatabase('versions of a partner whose payout account was disconnected', (variant) => {
  const { t, admin, partner } = useAdminAndPartner(variant);
  let testing: GameInTesting;
  let prepared: GameInTesting;

  const dev = () => as(t.app, partner.accessToken);
  const versionsOf = async (productId: string) =>
    (await dev().get(`/api/Product/Versions/${productId}`)).json() as ProductVersionsResponse;
  const submit = ({ productId, versionId }: { productId: string; versionId: string }) =>
    dev().put(`/api/Product/Version/Submit/${productId}/${versionId}`);
  const status = async (productId: string) =>
    ((await dev().get(`/api/Product/${productId}`)).json() as { status: string }).status;

  beforeAll(async () => {
    testing = await createGameInTesting(t.app, partner.accessToken, 'Still Testing');
    // a release prepared for submission again: submitted, then edited during its review
    prepared = await createGameInTesting(t.app, partner.accessToken, 'Prepared Again');
    expect((await submit(prepared)).statusCode).toBe(200);
    const edited = await dev().put(`/api/Product/Version/${prepared.versionId}`, {
      updateLog: 'A fix during review',
      iosAssetUrl: prepared.iosAssetUrl,
      androidAssetUrl: prepared.androidAssetUrl,
      interruptReview: true,
    });
    expect(edited.json()).toMatchObject({ slot: 'release', reviewStatus: 'PrepareForSubmission' });
    const asked = await as(t.app, admin.accessToken).post(`/api/Admin/Review/Messages/${prepared.versionId}`, {
      message: 'Could you send a test account?',
    });
    expect(asked.statusCode).toBe(200);

    // as Stripe's account.application.deauthorized does
    for (const account of await t.database.db.select().from(payoutAccounts)) {
      await t.app.services.payments.disconnectAccount(account.accountId);
    }
    expect((await dev().get('/api/Access/Profile')).json()).toMatchObject({ connectedToStripe: false });
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
    const thread = await dev().get(`/api/Product/Version/Messages/${prepared.versionId}`);
    const [question] = (thread.json() as { data: Array<{ id: string; message: string }> }).data;
    expect(question?.message).toBe('Could you send a test account?');
    const read = await dev().put(`/api/Product/Version/Messages/Read/${prepared.versionId}`, {
      lastMessageId: question?.id,
    });
    expect(read.json()).toEqual({ unreadMessageCount: 0 });
    const answered = await dev().post(`/api/Product/Version/Messages/${prepared.versionId}`, {
      message: 'tester@studio.example / Secret123',
    });
    expect(answered.statusCode).toBe(200);
  });

  it('submits again once the account is connected', async () => {
    await connectPayoutAccount(t.app, partner.accessToken);
    expect((await submit(testing)).json()).toMatchObject({ slot: 'release', reviewStatus: 'SubmitedWaitingReview' });
  });
});
