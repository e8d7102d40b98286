import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { products } from '../../db/schema/catalog.ts';
import { versions } from '../../db/schema/versions.ts';
import {
  as,
  createGameInTesting,
  createProduct,
  describeEachDatabase,
  useAdminAndPartner,
} from '../../testing/index.ts';

describeEachDatabase('versions under forty parallel requests', (variant) => {
  const { t, admin, partner } = useAdminAndPartner(variant);

  const dev = () => as(t.app, partner.accessToken);
  const statusesOf = (answers: Array<{ statusCode: number; json(): unknown }>) =>
    answers.map((answer) => `${answer.statusCode} ${(answer.json() as { errorCode?: string }).errorCode ?? ''}`.trim());

  it('adds one testing version to a new project', async () => {
    const productId = (await createProduct(t.app, partner.accessToken)).id;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => dev().post('/api/Product/Version', { productId, productVersion: i + 1 })),
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
      Array.from({ length: 40 }, () => dev().put(`/api/Product/Version/Submit/${productId}/${versionId}`)),
    );
    const statuses = statusesOf(answers);
    expect(statuses.filter((status) => status === '200')).toHaveLength(1);
    expect(statuses.filter((status) => status.startsWith('409 '))).toHaveLength(39);
    const [stored] = await t.database.db.select().from(versions).where(eq(versions.id, versionId));
    expect(stored?.reviewStatus).toBe('SubmitedWaitingReview');
  });

  it('keeps the first release time while versions are added as the release is accepted', async () => {
    // Records every new value of released_at, so that a release time replaced within the burst shows.
    await t.database.db.execute(sql`
      create table released_at_changes (item_id uuid not null, released_at timestamptz)`);
    await t.database.db.execute(sql`
      create function record_released_at() returns trigger language plpgsql as $$
      begin
        insert into released_at_changes values (new.id, new.released_at);
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger record_released_at after update of released_at on products for each row
      when (new.released_at is distinct from old.released_at) execute function record_released_at()`);
    const { productId, versionId } = await createGameInTesting(t.app, partner.accessToken, 'Release Race');
    expect((await dev().put(`/api/Product/Version/Submit/${productId}/${versionId}`)).statusCode).toBe(200);
    const review = (action: 'Start' | 'Accept') =>
      as(t.app, admin.accessToken).put(`/api/Admin/Review/${action}/${versionId}`);
    expect((await review('Start')).statusCode).toBe(200);

    // The add that wins read the project before the accept committed; PostgreSQL lets it wait on the lock in
    // between, PGlite runs each request's read and transaction back to back and shows no race to keep.
    const add = (n: number) => dev().post('/api/Product/Version', { productId, productVersion: n });
    const [accepted, ...added] = await Promise.all([
      review('Accept'),
      ...Array.from({ length: 39 }, (_, i) => add(i + 2)),
    ]);
    expect(accepted?.statusCode).toBe(200);
    const answers = [...new Set(added.map((answer) => `${answer.statusCode} ${answer.body.slice(0, 120)}`))].join('\n');
    // one add at most gets in around the accept; when the accept took longer than every add (a loaded machine),
    // none did, and the next one does: either way the project ends with one new version
    const admitted = added.filter((answer) => answer.statusCode === 200).length;
    expect(admitted, answers).toBeLessThanOrEqual(1);
    if (admitted === 0) {
      const late = await add(41);
      expect(late.statusCode, late.body).toBe(200);
    }
    const [item] = await t.database.db.select().from(products).where(eq(products.id, productId));
    expect(item?.status).toBe('Released');
    expect(item?.releasedAt).toBeInstanceOf(Date);
    // node-postgres and PGlite both answer { rows }
    const changes = (await t.database.db.execute(
      sql`select released_at from released_at_changes where item_id = ${productId}`,
    )) as unknown as { rows: unknown[] };
    expect(changes.rows).toHaveLength(1);
  });
});
