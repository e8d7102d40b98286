import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageBounds as page, withTotal } from '../../db/paging.ts';
import { prepared } from '../../db/prepared.ts';
import { insertOne } from '../../db/rows.ts';
import { modelCategories, models, products } from '../../db/schema/catalog.ts';

export type ProductRow = typeof products.$inferSelect;
export type ModelRow = typeof models.$inferSelect & { categoryName: string };
export type CategoryRow = typeof modelCategories.$inferSelect;

export async function selectCategories(db: Executor): Promise<CategoryRow[]> {
  return db.select().from(modelCategories).orderBy(asc(modelCategories.order));
}

export async function selectCategory(db: Executor, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(modelCategories).where(eq(modelCategories.id, id));
  return row;
}

export async function upsertCategory(db: Executor, category: CategoryRow) {
  await db.insert(modelCategories).values(category).onConflictDoNothing({ target: modelCategories.id });
}

// products

const liveProduct = (id: string | Placeholder) => and(eq(products.id, id), isNull(products.deletedAt));

export async function insertProduct(db: Executor, product: typeof products.$inferInsert): Promise<ProductRow> {
  return insertOne(db, products, product);
}

/** The live games of some ids, in no particular order. */
export async function selectProducts(db: Executor, ids: string[]): Promise<ProductRow[]> {
  const query = prepared(db, 'products_by_ids', (on) =>
    on
      .select()
      .from(products)
      .where(and(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`, isNull(products.deletedAt)))
      .prepare('products_by_ids'),
  );
  return query.execute({ ids });
}

export async function updateProduct(db: Executor, id: string, changes: Partial<typeof products.$inferInsert>) {
  const [row] = await db
    .update(products)
    .set({ ...changes, updatedAt: new Date() })
    .where(liveProduct(id))
    .returning();
  return row;
}

export interface PageWanted {
  ownerId: string;
  pageIndex: number;
  pageSize: number;
}

/** The partners' pages wanted, as `unnest` rows `wanted(owner_id, page_limit, page_offset, ord)`. */
const wantedPages = sql`unnest(${sql.placeholder('owners')}::uuid[], ${sql.placeholder('limits')}::int[],
  ${sql.placeholder('offsets')}::int[]) with ordinality as wanted(owner_id, page_limit, page_offset, ord)`;
const wantedValues = (pages: PageWanted[]) => {
  const bounds = pages.map((wanted) => page(wanted.pageIndex, wanted.pageSize));
  return {
    owners: pages.map((wanted) => wanted.ownerId),
    limits: bounds.map((bound) => bound.limit),
    offsets: bounds.map((bound) => bound.offset),
  };
};
// LIMIT and OFFSET of the lateral page come from the wanted row; drizzle types them as values
const wantedLimit = sql`wanted.page_limit` as unknown as number;
const wantedOffset = sql`wanted.page_offset` as unknown as number;

const wantedOrd = sql<number>`cast(wanted.ord as integer)`;
const pageTotal = sql<number>`"page"."total"`;

/** Groups the rows of several pages by the position of the page asked for, with each page's total. */
async function toPages<R>(
  pages: PageWanted[],
  rows: Array<{ ord: number; row: R; total: number }>,
  countAll: (ownerId: string) => Promise<number>,
): Promise<Array<{ rows: R[]; total: number }>> {
  return Promise.all(
    pages.map(async (wanted, index) => {
      const mine = rows.filter((row) => row.ord === index + 1);
      return withTotal(mine, () => countAll(wanted.ownerId)).then(({ rows: page, total }) => ({
        rows: page.map((entry) => entry.row),
        total,
      }));
    }),
  );
}

/** Several partners' pages of games in one statement, in the order asked. */
export async function selectProductsPages(db: Executor, pages: PageWanted[]) {
  const query = prepared(db, 'products_pages', (on) => {
    const page = on
      .select({ id: products.id, total: sql<number>`cast(count(*) over() as integer)`.as('total') })
      .from(products)
      .where(and(sql`${products.ownerId} = wanted.owner_id`, isNull(products.deletedAt)))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(wantedLimit)
      .offset(wantedOffset)
      .as('page');
    // the rows are the table's own columns, joined on the page's ids: drizzle maps those fastest
    return on
      .select({ ord: wantedOrd, row: products, total: pageTotal })
      .from(wantedPages)
      .crossJoinLateral(page)
      .innerJoin(products, eq(products.id, page.id))
      .orderBy(wantedOrd, desc(products.createdAt), desc(products.id))
      .prepare('products_pages');
  });
  const rows = await query.execute(wantedValues(pages));
  return toPages(pages, rows as Array<{ ord: number; row: ProductRow; total: number }>, async (ownerId) => {
    const [row] = await db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.ownerId, ownerId), isNull(products.deletedAt)));
    return row?.n ?? 0;
  });
}

// models

const modelColumns = { model: models, categoryName: modelCategories.name };
const liveModel = (id: string | Placeholder) => and(eq(models.id, id), isNull(models.deletedAt));
const toModelRow = ({
  model,
  categoryName,
}: {
  model: typeof models.$inferSelect;
  categoryName: string;
}): ModelRow => ({
  ...model,
  categoryName,
});

export async function insertModel(db: Executor, model: typeof models.$inferInsert): Promise<string> {
  const [row] = await db.insert(models).values(model).returning({ id: models.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** The live 3D models of some ids, in no particular order. */
export async function selectModels(db: Executor, ids: string[]): Promise<ModelRow[]> {
  const query = prepared(db, 'models_by_ids', (on) =>
    on
      .select(modelColumns)
      .from(models)
      .innerJoin(modelCategories, eq(modelCategories.id, models.categoryId))
      .where(and(sql`${models.id} = any(${sql.placeholder('ids')}::uuid[])`, isNull(models.deletedAt)))
      .prepare('models_by_ids'),
  );
  return (await query.execute({ ids })).map(toModelRow);
}

export async function updateModel(db: Executor, id: string, changes: Partial<typeof models.$inferInsert>) {
  const rows = await db
    .update(models)
    .set({ ...changes, updatedAt: new Date() })
    .where(liveModel(id))
    .returning({ id: models.id });
  return rows.length === 1;
}

/** Several partners' pages of 3D models in one statement, in the order asked. */
export async function selectModelsPages(db: Executor, pages: PageWanted[]) {
  const query = prepared(db, 'models_pages', (on) => {
    const page = on
      .select({ id: models.id, total: sql<number>`cast(count(*) over() as integer)`.as('total') })
      .from(models)
      .where(and(sql`${models.ownerId} = wanted.owner_id`, isNull(models.deletedAt)))
      .orderBy(desc(models.createdAt), desc(models.id))
      .limit(wantedLimit)
      .offset(wantedOffset)
      .as('page');
    return on
      .select({ ord: wantedOrd, ...modelColumns, total: pageTotal })
      .from(wantedPages)
      .crossJoinLateral(page)
      .innerJoin(models, eq(models.id, page.id))
      .innerJoin(modelCategories, eq(modelCategories.id, models.categoryId))
      .orderBy(wantedOrd, desc(models.createdAt), desc(models.id))
      .prepare('models_pages');
  });
  const rows = await query.execute(wantedValues(pages));
  return toPages(
    pages,
    rows.map(({ ord, total, ...row }) => ({ ord, total, row: toModelRow(row) })),
    async (ownerId) => {
      const [row] = await db
        .select({ n: count() })
        .from(models)
        .where(and(eq(models.ownerId, ownerId), isNull(models.deletedAt)));
      return row?.n ?? 0;
    },
  );
}

// released items of every partner

export interface ReleasedRow {
  id: string;
  name: string;
  type: 'Product' | 'Model';
  thumbnail_url: string;
  icon_url: string;
  cover_thumbnail_url: string;
  /** A game's introduce, a model's description. */
  introduce: string;
  price_cents: number;
  total: number;
}

export async function selectReleasedPage(db: Executor, pageIndex: number, pageSize: number): Promise<ReleasedRow[]> {
  const { limit, offset } = page(pageIndex, pageSize);
  const result = await db.execute(sql`
    select id, name, type, thumbnail_url, icon_url, cover_thumbnail_url, introduce, price_cents,
      cast(count(*) over() as integer) as total from (
      select id, name, 'Product' as type, thumbnail_url, icon_url, cover_thumbnail_url, introduce, price_cents,
          released_at from ${products}
        where released_at is not null and deleted_at is null
      union all
      select id, name, 'Model' as type, thumbnail_url, icon_url, cover_thumbnail_url, description, price_cents,
          released_at from ${models}
        where released_at is not null and deleted_at is null
    ) released
    order by released_at desc, id desc
    offset ${offset} ${limit === null ? sql`` : sql`limit ${limit}`}`);
  // node-postgres and PGlite both answer { rows }
  return (result as unknown as { rows: ReleasedRow[] }).rows;
}

export async function countReleased(db: Executor): Promise<number> {
  const [p] = await db
    .select({ n: count() })
    .from(products)
    .where(and(isNotNull(products.releasedAt), isNull(products.deletedAt)));
  const [m] = await db
    .select({ n: count() })
    .from(models)
    .where(and(isNotNull(models.releasedAt), isNull(models.deletedAt)));
  return (p?.n ?? 0) + (m?.n ?? 0);
}

// status, kept by the versions module

export type CatalogItemType = 'Product' | 'Model';

/**
 * Stores an item's status and whether it is on the marketplace. On it, the item keeps the time it has been on sale
 * since, else starts one: decided from the row as the update finds it, so a change that read the item earlier cannot
 * restart it.
 */
export async function updateItemStatus(
  db: Executor,
  itemType: CatalogItemType,
  id: string,
  status: ProductRow['status'],
  isOnMarketplace: boolean,
) {
  const table = itemType === 'Product' ? products : models;
  const releasedAt = isOnMarketplace ? sql`coalesce(${table.releasedAt}, now())` : null;
  await db.update(table).set({ status, releasedAt }).where(eq(table.id, id));
}

export interface ItemSummary {
  id: string;
  ownerId: string;
  name: string;
  iconUrl: string;
  status: ProductRow['status'];
  priceCents: number;
}

export async function selectItemSummaries(
  db: Executor,
  itemType: CatalogItemType,
  ids: string[],
): Promise<ItemSummary[]> {
  if (ids.length === 0) return [];
  const table = itemType === 'Product' ? products : models;
  const name = itemType === 'Product' ? 'product_summaries' : 'model_summaries';
  const query = prepared(db, name, (on) =>
    on
      .select({
        id: table.id,
        ownerId: table.ownerId,
        name: table.name,
        iconUrl: table.iconUrl,
        status: table.status,
        priceCents: table.priceCents,
      })
      .from(table)
      .where(and(sql`${table.id} = any(${sql.placeholder('ids')}::uuid[])`, isNull(table.deletedAt)))
      .prepare(name),
  );
  return query.execute({ ids });
}

/** The ids of a partner's games and 3D models whose name contains `text`, ignoring case; deleted ones too. */
export async function selectOwnedItemIdsNamed(db: Executor, ownerId: string, text: string): Promise<string[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [games, models3d] = await Promise.all([
    db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.ownerId, ownerId), ilike(products.name, pattern))),
    db
      .select({ id: models.id })
      .from(models)
      .where(and(eq(models.ownerId, ownerId), ilike(models.name, pattern))),
  ]);
  return [...games, ...models3d].map((row) => row.id);
}

/** A partner's 3D models with a version on sale, not deleted; `ids` narrows to those. */
export async function selectModelsOnSale(db: Executor, ownerId: string, ids?: string[]) {
  return db
    .select({
      id: models.id,
      name: models.name,
      thumbnailUrl: models.thumbnailUrl,
      listedAt: sql<Date>`coalesce(${models.releasedAt}, ${models.createdAt})`.mapWith(models.createdAt),
    })
    .from(models)
    .where(
      and(
        eq(models.ownerId, ownerId),
        isNull(models.deletedAt),
        isNotNull(models.releasedAt),
        ids ? inArray(models.id, ids) : undefined,
      ),
    );
}

/** How many of a partner's live items have each status, games and 3D models together. */
export async function selectStatusCounts(db: Executor, ownerId: string): Promise<Array<{ status: string; n: number }>> {
  const countOf = (table: typeof products | typeof models) =>
    db
      .select({ status: table.status, n: sql<number>`cast(count(*) as integer)` })
      .from(table)
      .where(and(eq(table.ownerId, ownerId), isNull(table.deletedAt)))
      .groupBy(table.status);
  const [games, models3d] = await Promise.all([countOf(products), countOf(models)]);
  return [...games, ...models3d];
}
