import {
  centsToDollars,
  dollarsToCents,
  type Model,
  type ModelCategory,
  type ModelInput,
  type ModelPage,
  type PageQuery,
  type Product,
  type ProductInput,
  type ProductPage,
  type ProjectStatus,
  type RecentProductsResponse,
} from '@portal/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { batchLoader, batchLoaderBy, byId } from '../../lib/batch.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { isoTime } from '../../lib/iso-time.ts';
import { type BeforeCacheStore, TtlCache } from '../../lib/ttl-cache.ts';
import type { FilesService } from '../files/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import * as repo from './repository.ts';

export interface CatalogDeps {
  db: Db;
  files: FilesService;
  payments: PaymentsService;
  /** Seconds a partner's list page may be reused (0: never); every write of the partner drops them. */
  cacheSeconds: number;
  beforeCacheStore?: BeforeCacheStore;
}

const imageRef = (url: string) => ({ url });
const tagRefs = (tags: string[]) => tags.map((name) => ({ name }));

function toProduct(row: repo.ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    introduce: row.introduce,
    price: centsToDollars(row.priceCents),
    tokensToPlay: row.tokensToPlay,
    minNumberOfPlayers: row.minPlayers,
    maxNumberOfPlayers: row.maxPlayers,
    tags: tagRefs(row.tags),
    icon: imageRef(row.iconUrl),
    thumbnail: imageRef(row.thumbnailUrl),
    smallThumbnail: imageRef(row.smallThumbnailUrl),
    coverThumbnail: imageRef(row.coverThumbnailUrl),
    status: row.status,
    category: null,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

function toModel(row: repo.ModelRow): Model {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: centsToDollars(row.priceCents),
    category: { categoryId: row.categoryId, categoryName: row.categoryName },
    tags: tagRefs(row.tags),
    icon: imageRef(row.iconUrl),
    thumbnail: imageRef(row.thumbnailUrl),
    smallThumbnail: imageRef(row.smallThumbnailUrl),
    coverThumbnail: imageRef(row.coverThumbnailUrl),
    status: row.status,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

const imagesOf = (input: {
  iconUrl: string;
  thumbnailUrl: string;
  smallThumbnailUrl: string;
  coverThumbnailUrl: string;
}) => [input.iconUrl, input.thumbnailUrl, input.smallThumbnailUrl, input.coverThumbnailUrl];

/** Pages of partners' lists that requests arriving together ask for, read with one statement. */
function pagesLoader<R>(load: (pages: repo.PageWanted[]) => Promise<Array<{ rows: R[]; total: number }>>) {
  const loadPage = batchLoaderBy(
    (wanted: repo.PageWanted) => `${wanted.ownerId}|${wanted.pageIndex}|${wanted.pageSize}`,
    load,
  );
  return async (wanted: repo.PageWanted) => (await loadPage(wanted)) ?? { rows: [], total: 0 };
}

/** Products (AR games), 3D models and model categories; every item belongs to one partner. */
export function createCatalogService({ db, files, payments, cacheSeconds, beforeCacheStore }: CatalogDeps) {
  const pages = new TtlCache<ProductPage | ModelPage | Product | Model>({
    name: 'catalog-pages',
    ttlMs: cacheSeconds * 1000,
    maxEntries: 20_000,
    beforeStore: beforeCacheStore,
  });
  /**
   * A partner's list page or item, from the cache or the database: grouped by partner, so that every write to the
   * partner's items drops them all. The key holds the partner, so an item is found only by its owner.
   */
  async function cached<T extends ProductPage | ModelPage | Product | Model>(
    ownerId: string,
    what: string,
    load: () => Promise<T>,
  ): Promise<T> {
    return (await pages.readIn(ownerId, what, load)) as T;
  }
  const cachedPage = <T extends ProductPage | ModelPage>(
    ownerId: string,
    list: 'products' | 'models',
    page: PageQuery,
    load: () => Promise<T>,
  ) => cached(ownerId, `${list}:${page.PageIndex}:${page.PageSize}`, load);
  const listeners: Array<(ownerId: string) => void> = [];
  const changed = (ownerId: string) => {
    pages.deleteGroup(ownerId);
    for (const listener of listeners) listener(ownerId);
  };

  // the items of the requests that arrived together are read with one statement per type
  const productById = batchLoader(async (ids: string[]) => byId(await repo.selectProducts(db, ids)));
  const summaryOf = {
    Product: batchLoader(async (ids: string[]) => byId(await repo.selectItemSummaries(db, 'Product', ids))),
    Model: batchLoader(async (ids: string[]) => byId(await repo.selectItemSummaries(db, 'Model', ids))),
  };
  const productsPage = pagesLoader((pages) => repo.selectProductsPages(db, pages));
  const modelsPage = pagesLoader((pages) => repo.selectModelsPages(db, pages));
  const modelById = batchLoader(async (ids: string[]) => byId(await repo.selectModels(db, ids)));

  async function ownedProduct(ownerId: string, id: string): Promise<repo.ProductRow> {
    const row = isUuid(id) ? await productById(id) : undefined;
    if (!row || row.ownerId !== ownerId) throw new AppError('ProductNotFound');
    return row;
  }

  async function ownedModel(ownerId: string, id: string): Promise<repo.ModelRow> {
    const row = isUuid(id) ? await modelById(id) : undefined;
    if (!row || row.ownerId !== ownerId) throw new AppError('ModelNotFound');
    return row;
  }

  async function requireCategory(categoryId: number) {
    if (!(await repo.selectCategory(db, categoryId))) throw new AppError('CategoryNotFound');
  }

  const productColumns = (input: ProductInput) => ({
    name: input.name,
    description: input.description,
    introduce: input.introduce,
    tokensToPlay: input.tokensToPlay,
    minPlayers: input.minNumberOfPlayers,
    maxPlayers: input.maxNumberOfPlayers,
    priceCents: dollarsToCents(input.price),
    tags: input.tags,
    iconUrl: input.iconUrl,
    thumbnailUrl: input.thumbnailUrl,
    smallThumbnailUrl: input.smallThumbnailUrl,
    coverThumbnailUrl: input.coverThumbnailUrl,
  });

  const modelColumns = (input: ModelInput) => ({
    name: input.name,
    description: input.description,
    priceCents: dollarsToCents(input.price),
    categoryId: input.categoryId,
    tags: input.tags,
    iconUrl: input.iconUrl,
    thumbnailUrl: input.thumbnailUrl,
    smallThumbnailUrl: input.smallThumbnailUrl,
    coverThumbnailUrl: input.coverThumbnailUrl,
  });

  return {
    // products

    async createProduct(ownerId: string, input: ProductInput): Promise<Product> {
      await payments.requireConnectedAccount(ownerId);
      await files.requireOwnedImages(ownerId, imagesOf(input));
      const row = await repo.insertProduct(db, { ownerId, ...productColumns(input) });
      changed(ownerId);
      return toProduct(row);
    },

    async listProducts(ownerId: string, page: PageQuery): Promise<ProductPage> {
      return cachedPage(ownerId, 'products', page, async () => {
        const { rows, total } = await productsPage({ ownerId, pageIndex: page.PageIndex, pageSize: page.PageSize });
        return { data: rows.map(toProduct), totalCount: total };
      });
    },

    async getProduct(ownerId: string, id: string): Promise<Product> {
      return cached(ownerId, `product:${id}`, async () => toProduct(await ownedProduct(ownerId, id)));
    },

    async updateProduct(ownerId: string, id: string, input: ProductInput): Promise<Product> {
      await ownedProduct(ownerId, id);
      await files.requireOwnedImages(ownerId, imagesOf(input));
      const row = await repo.updateProduct(db, id, productColumns(input));
      if (!row) throw new AppError('ProductNotFound');
      changed(ownerId);
      return toProduct(row);
    },

    async deleteProduct(ownerId: string, id: string): Promise<void> {
      await ownedProduct(ownerId, id);
      await repo.updateProduct(db, id, { deletedAt: new Date() });
      changed(ownerId);
    },

    // models

    async listCategories(): Promise<{ data: ModelCategory[] }> {
      const rows = await repo.selectCategories(db);
      return { data: rows.map((row) => ({ categoryId: row.id, categoryName: row.name })) };
    },

    async createModel(ownerId: string, input: ModelInput): Promise<Model> {
      await payments.requireConnectedAccount(ownerId);
      await requireCategory(input.categoryId);
      await files.requireOwnedImages(ownerId, imagesOf(input));
      const id = await repo.insertModel(db, { ownerId, ...modelColumns(input) });
      changed(ownerId);
      return toModel(await ownedModel(ownerId, id));
    },

    async listModels(ownerId: string, page: PageQuery): Promise<ModelPage> {
      return cachedPage(ownerId, 'models', page, async () => {
        const { rows, total } = await modelsPage({ ownerId, pageIndex: page.PageIndex, pageSize: page.PageSize });
        return { data: rows.map(toModel), totalCount: total };
      });
    },

    async getModel(ownerId: string, id: string): Promise<Model> {
      return cached(ownerId, `model:${id}`, async () => toModel(await ownedModel(ownerId, id)));
    },

    async updateModel(ownerId: string, id: string, input: ModelInput): Promise<Model> {
      await ownedModel(ownerId, id);
      await requireCategory(input.categoryId);
      await files.requireOwnedImages(ownerId, imagesOf(input));
      await repo.updateModel(db, id, modelColumns(input));
      changed(ownerId);
      return toModel(await ownedModel(ownerId, id));
    },

    async deleteModel(ownerId: string, id: string): Promise<void> {
      await ownedModel(ownerId, id);
      await repo.updateModel(db, id, { deletedAt: new Date() });
      changed(ownerId);
    },

    /** The partner's live product or model; 404 (ProductNotFound or ModelNotFound) for anyone else's. */
    async requireOwnedItem(ownerId: string, itemType: repo.CatalogItemType, id: string): Promise<repo.ItemSummary> {
      const item = isUuid(id) ? await summaryOf[itemType](id) : undefined;
      if (!item || item.ownerId !== ownerId)
        throw new AppError(itemType === 'Product' ? 'ProductNotFound' : 'ModelNotFound');
      return item;
    },

    /** A partner's items whose name contains `text` (the income filter); deleted items still have sales. */
    ownedItemIdsNamed: (ownerId: string, text: string) => repo.selectOwnedItemIdsNamed(db, ownerId, text),

    /** Names and icons of items of one type, by id; deleted items are absent. */
    async summarizeItems(itemType: repo.CatalogItemType, ids: string[]): Promise<repo.ItemSummary[]> {
      return summaryOf[itemType].many([...new Set(ids.filter(isUuid))]);
    },

    /** The summaries of items of either type (a page of versions, of sales), by id; deleted items are absent. */
    async summarizeItemsOf(refs: Array<{ itemType: repo.CatalogItemType; itemId: string }>) {
      const idsOf = (type: repo.CatalogItemType) =>
        refs.filter((ref) => ref.itemType === type).map((ref) => ref.itemId);
      const [games, models] = await Promise.all([
        summaryOf.Product.many([...new Set(idsOf('Product').filter(isUuid))]),
        summaryOf.Model.many([...new Set(idsOf('Model').filter(isUuid))]),
      ]);
      return byId([...games, ...models]);
    },

    /**
     * Records the status the versions module derived; `Released` keeps the first release time of this run
     * so Recent Projects orders by when it went live.
     */
    async setProjectStatus(
      executor: Executor,
      itemId: string,
      itemType: repo.CatalogItemType,
      status: ProjectStatus,
      isOnMarketplace: boolean,
    ) {
      await repo.updateItemStatus(executor, itemType, itemId, status, isOnMarketplace);
    },

    /** Drops a partner's cached list pages; the versions module calls it once its transaction has committed. */
    statusesChanged(ownerId: string) {
      changed(ownerId);
    },

    /**
     * Calls `listener` after every change of a partner's items (a create, an update, a delete, or a status the
     * versions module recorded), once committed, so that what another module keeps of them can be dropped.
     */
    onItemsChanged(listener: (ownerId: string) => void) {
      listeners.push(listener);
    },

    /** Released items of all partners, newest first. */
    async listRecent(page: PageQuery): Promise<RecentProductsResponse> {
      const rows = await repo.selectReleasedPage(db, page.PageIndex, page.PageSize);
      const total = rows[0]?.total ?? (await repo.countReleased(db));
      return {
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          type: row.type,
          thumbnail: { url: row.thumbnail_url },
          icon: { url: row.icon_url },
          coverThumbnail: { url: row.cover_thumbnail_url },
          introduce: row.introduce,
          price: centsToDollars(row.price_cents),
        })),
        totalCount: total,
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
