import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { reviewMessages } from '../../db/schema/versions.ts';
import {
  as,
  createGameInTesting,
  createModel,
  describeEachDatabase,
  readOutbox,
  registerConnectedPartner,
  useAdminAndPartner,
} from '../../testing/index.ts';

type Message = { id: string; author: string; authorName: string; isMine: boolean; message: string; createdAt: string };
type QueueEntry = { versionId: string; messageCount: number; lastMessageBy: string | null; partnerReplied: boolean };

describeEachDatabase('review conversations', (variant) => {
  const { t, admin, partner } = useAdminAndPartner(variant, {}, { firstName: 'Mira', lastName: 'Stone' });
  let productId: string;
  let versionId: string;
  let modelVersionId: string;

  beforeAll(async () => {
    const dev = as(t.app, partner.accessToken);
    ({ productId, versionId } = await createGameInTesting(t.app, partner.accessToken, 'Glow Hunt'));
    const submitted = await dev.put(`/api/Product/Version/Submit/${productId}/${versionId}`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const model = await createModel(t.app, partner.accessToken);
    const modelVersion = await dev.post('/api/Model/Version', { modelId: model.id, modelVersion: 1 });
    modelVersionId = (modelVersion.json() as { id: string }).id;
  });

  const partnerThread = (id: string, token = partner.accessToken, base = '/api/Product') =>
    as(t.app, token).get(`${base}/Version/Messages/${id}`);
  const partnerWrite = (
    id: string,
    payload: Record<string, unknown>,
    token = partner.accessToken,
    base = '/api/Product',
  ) => as(t.app, token).post(`${base}/Version/Messages/${id}`, payload);
  const adminWrite = (id: string, payload: Record<string, unknown>, token = admin.accessToken) =>
    as(t.app, token).post(`/api/Admin/Review/Messages/${id}`, payload);
  const storedMessages = async () => (await t.database.db.select({ n: count() }).from(reviewMessages))[0]?.n ?? 0;
  const queueEntry = async () => {
    const queue = await as(t.app, admin.accessToken).get('/api/Admin/Review/Query');
    return (queue.json() as { data: QueueEntry[] }).data.find((entry) => entry.versionId === versionId);
  };

  it('starts empty', async () => {
    const response = await partnerThread(versionId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
    expect(await queueEntry()).toMatchObject({ messageCount: 0, lastMessageBy: null });
  });

  it('carries a reviewer question to the partner, by mail too, without naming the reviewer', async () => {
    const asked = await adminWrite(versionId, { message: '  Which devices did you test the multiplayer mode on?  ' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((asked.json() as { data: Message[] }).data).toMatchObject([
      {
        author: 'Reviewer',
        authorName: 'Review Team',
        isMine: true,
        message: 'Which devices did you test the multiplayer mode on?',
      },
    ]);
    const thread = (await partnerThread(versionId)).json() as { data: Message[] };
    expect(thread.data).toMatchObject([{ author: 'Reviewer', authorName: 'Lumora review team', isMine: false }]);
    const mail = (await readOutbox(t.app)).find((m) => m.to === partner.email);
    expect(mail?.subject).toBe('The review team wrote about Glow Hunt version 1');
    expect(mail?.text).toContain('Which devices did you test the multiplayer mode on?');
    expect(mail?.text).toContain(`/developers/my-project/version?prodId=${productId}&vId=${versionId}&type=game`);
    expect(await queueEntry()).toMatchObject({ messageCount: 1, lastMessageBy: 'Reviewer' });
  });

  it("keeps the partner's answer in order and shows the admins who wrote it", async () => {
    const answered = await partnerWrite(versionId, { message: 'A Pixel 8 and an iPhone 15, four players each.' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((answered.json() as { data: Message[] }).data.map((m) => [m.author, m.isMine])).toEqual([
      ['Reviewer', false],
      ['Partner', true],
    ]);
    const shown = await as(t.app, admin.accessToken).get(`/api/Admin/Review/Messages/${versionId}`);
    expect((shown.json() as { data: Message[] }).data.map((m) => [m.authorName, m.isMine])).toEqual([
      ['Review Team', true],
      ['Mira Stone', false],
    ]);
    expect(await queueEntry()).toMatchObject({ messageCount: 2, lastMessageBy: 'Partner' });
  });

  it('works the same for 3D models, under /api/Model only', async () => {
    const written = await partnerWrite(modelVersionId, { message: 'Notes for the reviewer' }, undefined, '/api/Model');
    expect(written.statusCode).toBe(200);
    const underProduct = await partnerThread(modelVersionId);
    expect(underProduct.statusCode).toBe(404);
    expect(underProduct.json()).toMatchObject({ errorCode: 'VersionNotFound' });
  });

  it('counts the reviewer messages the partner has not been shown, on the versions response', async () => {
    const unread = async () => {
      const versions = await as(t.app, partner.accessToken).get(`/api/Product/Versions/${productId}`);
      return (versions.json() as { releaseVersion: { unreadMessageCount: number } }).releaseVersion.unreadMessageCount;
    };
    const markRead = (payload: Record<string, unknown>, token = partner.accessToken, id = versionId) =>
      as(t.app, token).put(`/api/Product/Version/Messages/Read/${id}`, payload);
    const thread = async () => ((await partnerThread(versionId)).json() as { data: Message[] }).data;

    // the reviewer's question is unread; the partner's own answer never counts
    expect(await unread()).toBe(1);
    const [question, answer] = await thread();
    const read = await markRead({ lastMessageId: answer?.id });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ unreadMessageCount: 0 });
    expect(await unread()).toBe(0);

    await adminWrite(versionId, { message: 'And on which iPad?' });
    expect(await unread()).toBe(1);
    // a page that showed only the older messages cannot mark the newer one read
    expect((await markRead({ lastMessageId: question?.id })).json()).toEqual({ unreadMessageCount: 1 });

    const modelMessage = (
      (await partnerThread(modelVersionId, partner.accessToken, '/api/Model')).json() as { data: Message[] }
    ).data[0];
    for (const [payload, status, errorCode] of [
      [{ lastMessageId: modelMessage?.id }, 404, 'NotFound'],
      [{ lastMessageId: 'not-a-message' }, 404, 'NotFound'],
      [{}, 400, 'ValidationFailed'],
      [{ lastMessageId: answer?.id, everything: true }, 400, 'UnknownField'],
    ] as const) {
      const refused = await markRead(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(status);
      expect(refused.json()).toMatchObject({ errorCode });
    }
    const other = await registerConnectedPartner(t.app);
    expect((await markRead({ lastMessageId: answer?.id }, other.accessToken)).json()).toMatchObject({
      errorCode: 'VersionNotFound',
    });
    expect(await unread()).toBe(1);

    const newest = (await thread()).at(-1);
    expect((await markRead({ lastMessageId: newest?.id })).json()).toEqual({ unreadMessageCount: 0 });
    expect(await unread()).toBe(0);
  });

  it('refuses empty, blank, over-long and unknown-field messages, and stores nothing', async () => {
    const before = await storedMessages();
    for (const payload of [{}, { message: '' }, { message: '   ' }, { message: 'x'.repeat(2001) }]) {
      const response = await partnerWrite(versionId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'ValidationFailed' });
    }
    const unknown = await partnerWrite(versionId, { message: 'hi', to: 'everyone' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errorCode: 'UnknownField' });
    expect((await adminWrite(versionId, { message: '' })).statusCode).toBe(400);
    expect(await storedMessages()).toBe(before);
  });

  it("never lets another partner read or write a version's conversation, nor partners use the admin routes", async () => {
    const before = await storedMessages();
    const other = await registerConnectedPartner(t.app);
    for (const response of [
      await partnerThread(versionId, other.accessToken),
      await partnerWrite(versionId, { message: 'Hello?' }, other.accessToken),
      await partnerThread('not-a-uuid'),
      await adminWrite('00000000-0000-4000-8000-000000000000', { message: 'Anyone?' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ errorCode: 'VersionNotFound' });
    }
    const asPartner = await adminWrite(versionId, { message: 'I am a reviewer' }, partner.accessToken);
    expect(asPartner.statusCode).toBe(403);
    const anonymous = await as(t.app).get(`/api/Product/Version/Messages/${versionId}`);
    expect(anonymous.statusCode).toBe(401);
    expect(await storedMessages()).toBe(before);
  });

  it('marks "partner replied" only while the partner wrote last and the version still waits for review', async () => {
    await partnerWrite(versionId, { message: 'The iPad Pro 11, too.' });
    expect(await queueEntry()).toMatchObject({ lastMessageBy: 'Partner', partnerReplied: true });
    const review = (action: string) => as(t.app, admin.accessToken).put(`/api/Admin/Review/${action}/${versionId}`);
    expect((await review('Start')).statusCode).toBe(200);
    expect(await queueEntry()).toMatchObject({ partnerReplied: true });
    expect((await review('Accept')).statusCode).toBe(200);
    const live = await as(t.app, admin.accessToken).get('/api/Admin/Releases/Query');
    expect((live.json() as { data: QueueEntry[] }).data.find((entry) => entry.versionId === versionId)).toMatchObject({
      lastMessageBy: 'Partner',
      partnerReplied: false,
    });
  });
});
