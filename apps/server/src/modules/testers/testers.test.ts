import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/access.ts';
import { whitelistEntries } from '../../db/schema/testers.ts';
import { hashRecipient } from '../../plugins/logging.ts';
import {
  as,
  createGameInTesting,
  describeEachDatabase,
  getBuildReport,
  type Partner,
  readOutbox,
  registerConnectedPartner,
  registerPartner,
  userIdOf,
  useTestApp,
} from '../../testing/index.ts';

type Entry = { id: string; user: { email: string; fullName: string; profileUrl: string | null }; createdAt: string };

describeEachDatabase('testers whitelist', (variant) => {
  const t = useTestApp(variant);
  let owner: Partner;
  let tester: Partner;
  beforeAll(async () => {
    owner = await registerPartner(t.app);
    tester = await registerPartner(t.app, { firstName: 'Ada', lastName: 'Quinn' });
  });

  const list = (token = owner.accessToken) => as(t.app, token).get('/api/WhiteList');
  const add = (payload: Record<string, unknown>, token = owner.accessToken) =>
    as(t.app, token).post('/api/WhiteList', payload);
  const remove = (id: string, token = owner.accessToken) => as(t.app, token).delete(`/api/WhiteList/${id}`);
  const search = (email: string, token = owner.accessToken) =>
    as(t.app, token).get(`/api/WhiteList/Search?${new URLSearchParams({ email })}`);
  const stored = async () => (await t.database.db.select({ n: count() }).from(whitelistEntries))[0]?.n ?? 0;

  it('finds a platform user by email, whatever its case, and says when there is none', async () => {
    const found = await search(`  ${tester.email.toUpperCase()} `);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ email: tester.email, fullName: 'Ada Quinn', profileUrl: null });
    const missing = await search('nobody-here@studio.example');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errorCode: 'TesterNotFound', message: 'No user information' });
  });

  it('adds a tester, lists it, and removes it', async () => {
    expect((await list()).json()).toEqual({ data: [], totalCount: 0 });
    const added = await add({ email: tester.email.toUpperCase() });
    expect(added.statusCode, added.body).toBe(200);
    const entry = added.json() as Entry;
    expect(entry.user).toEqual({ email: tester.email, fullName: 'Ada Quinn', profileUrl: null });
    expect((await list()).json()).toEqual({ data: [entry], totalCount: 1 });
    expect((await list(tester.accessToken)).json()).toEqual({ data: [], totalCount: 0 });

    expect((await remove(entry.id)).statusCode).toBe(204);
    expect((await list()).json()).toEqual({ data: [], totalCount: 0 });
    const again = await remove(entry.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ errorCode: 'WhitelistEntryNotFound' });
  });

  it('refuses a tester twice, the partner itself, an unknown user and a malformed email, and stores nothing', async () => {
    const first = await add({ email: tester.email });
    expect(first.statusCode).toBe(200);
    const before = await stored();
    for (const [payload, status, errorCode] of [
      [{ email: tester.email }, 409, 'TesterAlreadyAdded'],
      [{ email: owner.email }, 409, 'TesterIsYou'],
      [{ email: 'nobody-here@studio.example' }, 404, 'TesterNotFound'],
      [{ email: 'not-an-email' }, 400, 'ValidationFailed'],
      [{}, 400, 'ValidationFailed'],
      [{ email: tester.email, role: 'admin' }, 400, 'UnknownField'],
    ] as const) {
      const response = await add(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toMatchObject({ errorCode });
    }
    expect(await stored()).toBe(before);
    await remove((first.json() as Entry).id);
  });

  it("never lets another partner see or remove a partner's testers", async () => {
    const entry = (await add({ email: tester.email })).json() as Entry;
    const other = await registerPartner(t.app);
    expect((await list(other.accessToken)).json()).toEqual({ data: [], totalCount: 0 });
    for (const id of [entry.id, 'not-a-uuid']) {
      const response = await remove(id, other.accessToken);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ errorCode: 'WhitelistEntryNotFound' });
    }
    expect((await list()).json()).toMatchObject({ totalCount: 1 });
    const anonymous = await as(t.app).get('/api/WhiteList');
    expect(anonymous.statusCode).toBe(401);
    await remove(entry.id);
  });

  /** A new partner, and `size` platform accounts written straight into the table: the crowd they whitelist. */
  async function crowdFor(size: number, name: string) {
    const crowded = await registerPartner(t.app);
    const { db } = t.database;
    const crowd = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          email: `${name.toLowerCase()}-${i}-${crowded.email}`,
          passwordHash: 'not-a-hash',
          firstName: name,
          lastName: String(i),
          registeredAddress: 'Somewhere',
        })),
      )
      .returning({ id: users.id, email: users.email });
    return { crowded, ownerId: await userIdOf(db, crowded.email), crowd };
  }

  it('keeps a whitelist to 100 testers', async () => {
    const { crowded, ownerId, crowd } = await crowdFor(100, 'Crowd');
    await t.database.db.insert(whitelistEntries).values(crowd.map(({ id }) => ({ ownerId, testerId: id })));
    const before = await stored();
    const full = await add({ email: tester.email }, crowded.accessToken);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ errorCode: 'WhitelistFull' });
    expect(await stored()).toBe(before);
    expect((await list(crowded.accessToken)).json()).toMatchObject({ totalCount: 100 });
  });

  it('keeps a whitelist to 100 testers when forty additions arrive at once', async () => {
    const { crowded, ownerId, crowd } = await crowdFor(135, 'Race');
    await t.database.db
      .insert(whitelistEntries)
      .values(crowd.slice(0, 95).map(({ id }) => ({ ownerId, testerId: id })));
    const answers = await Promise.all(crowd.slice(95).map(({ email }) => add({ email }, crowded.accessToken)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(35);
    for (const answer of refused) expect(answer.json()).toMatchObject({ errorCode: 'WhitelistFull' });
    expect((await list(crowded.accessToken)).json()).toMatchObject({ totalCount: 100 });
  });
});

describeEachDatabase('whitelist mails', (variant) => {
  const t = useTestApp(variant, {}, { logStream: { write: (line: string) => void lines.push(line) } });
  let owner: Partner;
  let tester: Partner;
  const lines: string[] = [];
  beforeAll(async () => {
    owner = await registerPartner(t.app, { registeredBusinessName: 'Northlight Studio' });
    tester = await registerPartner(t.app, { firstName: 'Ada', lastName: 'Quinn' });
  });

  const mailsTo = async (email: string) => (await readOutbox(t.app)).filter((mail) => mail.to === email);
  const add = (email: string, token = owner.accessToken) => as(t.app, token).post('/api/WhiteList', { email });

  it('mails a tester who is added, and again once removed, naming the studio and linking to Testing builds', async () => {
    lines.length = 0;
    const added = await add(tester.email);
    expect(added.statusCode).toBe(200);
    const [welcome] = await mailsTo(tester.email);
    expect(welcome?.subject).toBe('Northlight Studio added you as a tester');
    expect(welcome?.text).toContain(`Northlight Studio added ${tester.email} to its testers on Lumora.`);
    expect(welcome?.text).toContain(`Open Testing builds: ${t.config.publicUrl}/testing-builds`);
    expect(welcome?.html).toContain(`href="${t.config.publicUrl}/testing-builds"`);

    const removed = await as(t.app, owner.accessToken).delete(`/api/WhiteList/${(added.json() as Entry).id}`);
    expect(removed.statusCode).toBe(204);
    const [farewell] = await mailsTo(tester.email);
    expect(farewell?.subject).toBe('Northlight Studio removed you from its testers');
    expect(farewell?.text).toContain('no longer appear on your Testing builds page');
    expect(farewell?.text).toContain(`${t.config.publicUrl}/testing-builds`);

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.filter((line) => line.mailId).map((line) => [line.purpose, line.to])).toEqual([
      ['tester-added', hashRecipient(tester.email)],
      ['tester-removed', hashRecipient(tester.email)],
    ]);
    expect(lines.filter((line) => line.includes(tester.email))).toEqual([]);
  });

  it('names the partner when it has no business name, and mails nobody about a refused addition', async () => {
    const solo = await registerPartner(t.app, { firstName: 'Lin', lastName: 'Ortega', registeredBusinessName: '' });
    expect((await add(tester.email, solo.accessToken)).statusCode).toBe(200);
    expect((await mailsTo(tester.email))[0]?.subject).toBe('Lin Ortega added you as a tester');
    const before = (await readOutbox(t.app)).length;
    expect((await add(tester.email, solo.accessToken)).statusCode).toBe(409);
    expect((await add(solo.email, solo.accessToken)).statusCode).toBe(409);
    expect((await add('nobody-here@studio.example', solo.accessToken)).statusCode).toBe(404);
    const wrongEntry = await as(t.app, solo.accessToken).delete('/api/WhiteList/00000000-0000-4000-8000-000000000000');
    expect(wrongEntry.statusCode).toBe(404);
    expect(await readOutbox(t.app)).toHaveLength(before);
  });
});

describeEachDatabase('test distribution', (variant) => {
  const t = useTestApp(variant);
  let owner: Partner;
  let tester: Partner;
  let productId: string;
  let versionId: string;
  let iosUrl: string;
  beforeAll(async () => {
    owner = await registerConnectedPartner(t.app, { registeredBusinessName: 'Northlight Studio' });
    tester = await registerPartner(t.app);
    ({ productId, versionId, iosAssetUrl: iosUrl } = await createGameInTesting(t.app, owner.accessToken, 'Beacon Run'));
  });

  const builds = (token = tester.accessToken) => as(t.app, token).get('/api/Tester/Builds');
  const download = (url: string, token = tester.accessToken) => as(t.app, token).get(url);
  const whitelist = async () =>
    (await as(t.app, owner.accessToken).post('/api/WhiteList', { email: tester.email })).json() as Entry;
  const unlist = (entry: Entry) => as(t.app, owner.accessToken).delete(`/api/WhiteList/${entry.id}`);

  it('offers nothing, and serves no build, to a user nobody whitelisted', async () => {
    expect((await builds()).json()).toEqual({ data: [] });
    expect((await download(iosUrl)).statusCode).toBe(404);
  });

  it("offers a whitelisted tester the partner's testing version and serves its builds, until removed", async () => {
    const entry = await whitelist();
    const offered = await builds();
    expect(offered.statusCode).toBe(200);
    expect((offered.json() as { data: unknown[] }).data).toEqual([
      expect.objectContaining({
        versionId,
        itemType: 'Product',
        itemId: productId,
        itemName: 'Beacon Run',
        version: 1,
        updateLog: 'First version',
        partnerName: 'Northlight Studio',
        files: expect.objectContaining({ ios: iosUrl, visionOS: null }),
      }),
    ]);
    const file = await download(iosUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 7).toString()).toBe('UnityFS');
    const stranger = await registerPartner(t.app);
    expect((await download(iosUrl, stranger.accessToken)).statusCode).toBe(404);

    await unlist(entry);
    expect((await builds()).json()).toEqual({ data: [] });
    expect((await download(iosUrl)).statusCode).toBe(404);
  });

  it("shows a whitelisted tester each testing build's report and file name, and nobody else", async () => {
    const report = (token: string) => getBuildReport(t.app, token, iosUrl);
    const stranger = await registerPartner(t.app);
    expect((await report(tester.accessToken)).statusCode).toBe(404);
    const entry = await whitelist();
    const shown = await report(tester.accessToken);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ format: 'assetbundle', fileName: 'Beacon Run-ios.ab' });
    expect(await report(owner.accessToken).then((answer) => answer.json())).toEqual(shown.json());
    const foreign = await report(stranger.accessToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ errorCode: 'FileNotFound' });

    await unlist(entry);
    expect((await report(tester.accessToken)).statusCode).toBe(404);
  });

  it('stops offering a version once it is submitted for review', async () => {
    await whitelist();
    expect((await builds()).json()).toMatchObject({ data: [{ versionId }] });
    const submitted = await as(t.app, owner.accessToken).put(`/api/Product/Version/Submit/${productId}/${versionId}`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await builds()).json()).toEqual({ data: [] });
    expect((await download(iosUrl)).statusCode).toBe(404);
    expect((await download(iosUrl, owner.accessToken)).statusCode).toBe(200);
  });
});

describe('testers whitelist: lookups are limited per partner', () => {
  const t = useTestApp('pglite', { RATE_LIMIT_TESTER_LOOKUPS: '3' });

  it('answers 429 once a partner has looked up too many emails, and only for that partner', async () => {
    const sweeper = await registerPartner(t.app);
    const known = await registerPartner(t.app);
    const lookUp = (token: string, email: string) =>
      as(t.app, token).get(`/api/WhiteList/Search?${new URLSearchParams({ email })}`);
    expect((await lookUp(sweeper.accessToken, known.email)).statusCode).toBe(200);
    expect((await lookUp(sweeper.accessToken, 'guess-1@studio.example')).statusCode).toBe(404);
    expect((await lookUp(sweeper.accessToken, 'guess-2@studio.example')).statusCode).toBe(404);
    const limited = await lookUp(sweeper.accessToken, known.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ errorCode: 'RateLimited' });
    const seconds = (limited.json() as { message: string }).message.match(/(\d+) seconds/)?.[1];
    expect(Number(seconds)).toBeGreaterThan(0);
    expect(limited.headers['retry-after']).toBe(seconds);
    const adding = await as(t.app, sweeper.accessToken).post('/api/WhiteList', { email: known.email });
    expect(adding.statusCode).toBe(429);
    expect((await as(t.app, sweeper.accessToken).get('/api/WhiteList')).json()).toEqual({ data: [], totalCount: 0 });
    const other = await registerPartner(t.app);
    expect((await lookUp(other.accessToken, known.email)).statusCode).toBe(200);
  });
});
