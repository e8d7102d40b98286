import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { versions } from '../../db/schema.ts';
import {
  bearer,
  createGameInTesting,
  createTestApp,
  describeEachDatabase,
  productBody,
  registerConnectedPartner,
  type TestApp,
} from '../../testing/index.ts';

describeEachDatabase('versions under forty parallel requests', (variant) => {
  let t: TestApp;
  let partner: Awaited<ReturnType<typeof registerConnectedPartner>>;
  beforeAll(async () => {
    t = await createTestApp(variant);
    partner = await registerConnectedPartner(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(partner.accessToken), ...(payload ? { payload } : {}) });
  const statusesOf = (answers: Array<{ statusCode: number; json(): unknown }>) =>
    answers.map((answer) => `${answer.statusCode} ${(answer.json() as { errorCode?: string }).errorCode ?? ''}`.trim());

  it('adds one testing version to a new project', async () => {
    const product = await call('POST', '/api/Product', await productBody(t.app, partner.accessToken));
    const productId = (product.json() as { id: string }).id;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call('POST', '/api/Product/Version', { productId, productVersion: i + 1 })),
    );
    const statuses = statusesOf(answers);
    expect(statuses.filter((status) => status === '200')).toHaveLength(1);
    expect(statuses.filter((status) => status === '409 TestingVersionExists')).toHaveLength(39);
    const stored = await t.database.db
      .select()
      .from(versions)
      .where(and(eq(versions.itemType, 'Product'), eq(versions.itemId, productId)));
    expect(stored).toHaveLength(1);
  });

  it('submits a version once', async () => {
    const { productId, versionId } = await createGameInTesting(t.app, partner.accessToken, 'Race Check');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => call('PUT', `/api/Product/Version/Submit/${productId}/${versionId}`)),
    );
    const statuses = statusesOf(answers);
    expect(statuses.filter((status) => status === '200')).toHaveLength(1);
    expect(statuses.filter((status) => status.startsWith('409 '))).toHaveLength(39);
    const [stored] = await t.database.db.select().from(versions).where(eq(versions.id, versionId));
    expect(stored?.reviewStatus).toBe('SubmitedWaitingReview');
  });
});
