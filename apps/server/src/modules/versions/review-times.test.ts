import { randomUUID } from 'node:crypto';
import { medianOf, type ReviewStanding, type ReviewTimes } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { users } from '../../db/schema/access.ts';
import { versions } from '../../db/schema/versions.ts';
import {
  ADMIN,
  adminEnv,
  as,
  createGameInTesting,
  describeEachDatabase,
  type GameInTesting,
  type Partner,
  registerConnectedPartner,
  signIn,
  userIdOf,
  useSignedIn,
  useTestApp,
} from '../../testing/index.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeEachDatabase('review times', (variant) => {
  const t = useTestApp(variant, adminEnv());
  const admin = useSignedIn(t);
  let alice: Partner;
  let bruno: Partner;
  let adminId: string;
  let aliceId: string;
  let otherAdminId: string;
  let otherAdminToken: string;
  /** Submitted in this order: Alice's first game, Bruno's, Alice's second. */
  let aliceFirst: GameInTesting;
  let brunoGame: GameInTesting;
  let aliceSecond: GameInTesting;

  const userId = (email: string) => userIdOf(t.database.db, email);
  const submit = async (partner: Partner, game: GameInTesting) => {
    const response = await as(t.app, partner.accessToken).put(
      `/api/Product/Version/Submit/${game.productId}/${game.versionId}`,
    );
    expect(response.statusCode, response.body).toBe(200);
  };
  const review = async (action: 'Start' | 'Accept' | 'Reject', versionId: string, token = admin.accessToken) => {
    const response = await as(t.app, token).put(
      `/api/Admin/Review/${action}/${versionId}`,
      action === 'Reject' ? { reason: 'The Android build crashes at start.' } : undefined,
    );
    expect(response.statusCode, response.body).toBe(200);
  };
  const standing = (versionId: string, partner: Partner = alice) =>
    as(t.app, partner.accessToken).get(`/api/ReviewTimes/Version/${versionId}`);
  const standingOf = async (versionId: string, partner: Partner = alice) => {
    const response = await standing(versionId, partner);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReviewStanding;
  };
  const figures = async () => {
    const response = await as(t.app, admin.accessToken).get('/api/Admin/ReviewTimes');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReviewTimes;
  };
  /** A version decided long ago or lately, straight into the table: its submission and decision at known times. */
  const insertDecided = async (decision: {
    reviewedDaysAgo: number;
    tookMs: number;
    reviewStatus?: 'AcceptedAndReleased' | 'Rejected';
    reviewedBy?: string | null;
  }) => {
    const reviewedAt = new Date(Date.now() - decision.reviewedDaysAgo * DAY);
    await t.database.db.insert(versions).values({
      itemType: 'Product',
      itemId: randomUUID(),
      ownerId: aliceId,
      number: 1,
      slot: 'release',
      reviewStatus: decision.reviewStatus ?? 'AcceptedAndReleased',
      status: 'Active',
      submittedAt: new Date(reviewedAt.getTime() - decision.tookMs),
      reviewedAt,
      reviewedBy: decision.reviewedBy ?? null,
    });
  };

  beforeAll(async () => {
    adminId = await userId(ADMIN.email);
    alice = await registerConnectedPartner(t.app, { firstName: 'Alice', registeredBusinessName: 'Alice Works' });
    aliceId = await userId(alice.email);
    bruno = await registerConnectedPartner(t.app, { firstName: 'Bruno', registeredBusinessName: 'Bruno Games' });
    const other = await registerConnectedPartner(t.app, { firstName: 'Olga', lastName: 'Reviewer' });
    await t.database.db.update(users).set({ role: 'Admin' }).where(eq(users.email, other.email));
    otherAdminId = await userId(other.email);
    otherAdminToken = await signIn(t.app, other);

    aliceFirst = await createGameInTesting(t.app, alice.accessToken, 'Glow Hunt');
    brunoGame = await createGameInTesting(t.app, bruno.accessToken, 'Sky Kites');
    aliceSecond = await createGameInTesting(t.app, alice.accessToken, 'Moth Maze');
    // submitted an hour apart, so that the order does not hang on the clock's resolution
    for (const [index, [partner, game]] of (
      [
        [alice, aliceFirst],
        [bruno, brunoGame],
        [alice, aliceSecond],
      ] as const
    ).entries()) {
      await submit(partner, game);
      await t.database.db
        .update(versions)
        .set({ submittedAt: new Date(Date.now() - (3 - index) * HOUR) })
        .where(eq(versions.id, game.versionId));
    }
  });

  it("places each version in the queue by its submission, whoever's it is", async () => {
    expect(await standingOf(aliceFirst.versionId)).toEqual({
      versionId: aliceFirst.versionId,
      reviewStatus: 'SubmitedWaitingReview',
      position: 1,
      waitingCount: 3,
      medianDecisionMs: null,
      decisionsCount: 0,
    });
    expect(await standingOf(brunoGame.versionId, bruno)).toMatchObject({ position: 2, waitingCount: 3 });
    expect(await standingOf(aliceSecond.versionId)).toMatchObject({ position: 3, waitingCount: 3 });
  });

  it('keeps a version under review in its place', async () => {
    await review('Start', aliceFirst.versionId);
    expect(await standingOf(aliceFirst.versionId)).toMatchObject({
      reviewStatus: 'UnderReviewing',
      position: 1,
      waitingCount: 3,
    });
  });

  it('moves the queue up once an earlier version is decided', async () => {
    await review('Accept', aliceFirst.versionId);
    expect(await standingOf(aliceFirst.versionId)).toMatchObject({
      reviewStatus: 'AcceptedAndReleased',
      position: null,
      waitingCount: 2,
      decisionsCount: 1,
    });
    expect(await standingOf(brunoGame.versionId, bruno)).toMatchObject({ position: 1, waitingCount: 2 });
    expect(await standingOf(aliceSecond.versionId)).toMatchObject({ position: 2, waitingCount: 2 });
  });

  it('takes the median over the decisions of the last 30 days only', async () => {
    // Glow Hunt's decision took three hours (its submission was set three hours back)
    await insertDecided({ reviewedDaysAgo: 2, tookMs: 1 * HOUR, reviewedBy: adminId });
    await insertDecided({ reviewedDaysAgo: 10, tookMs: 5 * HOUR, reviewedBy: adminId, reviewStatus: 'Rejected' });
    await insertDecided({ reviewedDaysAgo: 29, tookMs: 8 * HOUR, reviewedBy: otherAdminId });
    await insertDecided({ reviewedDaysAgo: 31, tookMs: 200 * HOUR, reviewedBy: otherAdminId });
    await insertDecided({ reviewedDaysAgo: 90, tookMs: 300 * HOUR, reviewedBy: otherAdminId });
    const expected = medianOf([3 * HOUR, 1 * HOUR, 5 * HOUR, 8 * HOUR]) as number;
    const current = await standingOf(aliceSecond.versionId);
    expect(current.decisionsCount).toBe(4);
    // Glow Hunt's decision took three hours and the few milliseconds of this test
    expect(Math.abs((current.medianDecisionMs as number) - expected)).toBeLessThan(60_000);
    expect(expected).toBe(4 * HOUR);
  });

  it("answers 404 for another partner's version or an unknown one, and 400 for a malformed id", async () => {
    for (const [versionId, partner] of [
      [aliceSecond.versionId, bruno],
      [brunoGame.versionId, alice],
      [randomUUID(), alice],
      ['not-a-version', alice],
    ] as const) {
      const response = await standing(versionId, partner);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errorCode: 'VersionNotFound', message: 'This version does not exist.' });
    }
    const long = await standing('x'.repeat(65));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ errorCode: expect.any(String) });
  });

  it('answers 404 once the version’s item is deleted', async () => {
    const doomed = await createGameInTesting(t.app, bruno.accessToken, 'Short Lived');
    expect((await standing(doomed.versionId, bruno)).statusCode).toBe(200);
    const deleted = await as(t.app, bruno.accessToken).delete(`/api/Product/${doomed.productId}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await standing(doomed.versionId, bruno)).statusCode).toBe(404);
  });

  it('gives admins the figures per reviewer and the oldest waiting version', async () => {
    // Glow Hunt was accepted through the API by the admin: the review flow records who decided
    await insertDecided({ reviewedDaysAgo: 1, tookMs: 2 * HOUR, reviewedBy: null, reviewStatus: 'Rejected' });
    const found = await figures();
    expect(found.windowDays).toBe(30);
    expect(found.overall.decisionsCount).toBe(5);
    expect(found.overall.waitingCount).toBe(2);
    // 3 (Glow Hunt), 1, 5, 8 and 2 hours
    expect(Math.abs((found.overall.medianDecisionMs as number) - 3 * HOUR)).toBeLessThan(60_000);
    expect(found.reviewers).toEqual([
      {
        reviewerId: adminId,
        name: 'Review Team',
        decisionsCount: 3,
        acceptedCount: 2,
        rejectedCount: 1,
        medianDecisionMs: expect.any(Number),
      },
      {
        reviewerId: otherAdminId,
        name: 'Olga Reviewer',
        decisionsCount: 1,
        acceptedCount: 1,
        rejectedCount: 0,
        medianDecisionMs: 8 * HOUR,
      },
      {
        reviewerId: null,
        name: 'Not recorded',
        decisionsCount: 1,
        acceptedCount: 0,
        rejectedCount: 1,
        medianDecisionMs: 2 * HOUR,
      },
    ]);
    // the admin's: 1, 3 and 5 hours
    expect(Math.abs((found.reviewers[0]?.medianDecisionMs as number) - 3 * HOUR)).toBeLessThan(60_000);
    expect(found.oldestWaiting).toEqual({
      versionId: brunoGame.versionId,
      itemType: 'Product',
      itemId: brunoGame.productId,
      itemName: 'Sky Kites',
      version: 1,
      partnerName: 'Bruno Games',
      submittedAt: expect.any(String),
    });
  });

  it('counts a version rejected and resubmitted once, at its last decision', async () => {
    const before = (await figures()).overall.decisionsCount;
    await review('Start', brunoGame.versionId, otherAdminToken);
    await review('Reject', brunoGame.versionId, otherAdminToken);
    expect((await figures()).overall.decisionsCount).toBe(before + 1);
    const edited = await as(t.app, bruno.accessToken).put(`/api/Product/Version/${brunoGame.versionId}`, {
      updateLog: 'Fixed the crash at start.',
      iosAssetUrl: brunoGame.iosAssetUrl,
      androidAssetUrl: brunoGame.androidAssetUrl,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await submit(bruno, brunoGame);
    // resubmitted: at the end of the queue again
    expect(await standingOf(brunoGame.versionId, bruno)).toMatchObject({ position: 2, waitingCount: 2 });
    expect(await standingOf(aliceSecond.versionId)).toMatchObject({ position: 1, waitingCount: 2 });
    await review('Start', brunoGame.versionId, otherAdminToken);
    await review('Accept', brunoGame.versionId, otherAdminToken);
    const after = await figures();
    expect(after.overall.decisionsCount).toBe(before + 1);
    expect(after.oldestWaiting?.versionId).toBe(aliceSecond.versionId);
  });

  it('is for admins only', async () => {
    const asPartner = await as(t.app, alice.accessToken).get('/api/Admin/ReviewTimes');
    expect(asPartner.statusCode).toBe(403);
    expect(asPartner.json()).toMatchObject({ errorCode: 'Forbidden' });
    const anonymous = await as(t.app).get('/api/Admin/ReviewTimes');
    expect(anonymous.statusCode).toBe(401);
    expect((await as(t.app).get(`/api/ReviewTimes/Version/${aliceSecond.versionId}`)).statusCode).toBe(401);
  });

  it('tells the submission mail where a version stands, whoever owns it', async () => {
    const found = await t.app.services.reviewTimes.standing(aliceSecond.versionId);
    expect(found).toMatchObject({ versionId: aliceSecond.versionId, position: 1, waitingCount: 1 });
  });
});
