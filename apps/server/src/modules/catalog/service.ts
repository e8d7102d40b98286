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
import type { Caches } from '../../caches.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { EventEmitter } from '../../events.ts';
import { batchLoader, batchLoaderBy, byId } from '../../lib/batch.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { isoTime } from '../../lib/iso-time.ts';
import type { FilesService } from '../files/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import * as repo from './repository.ts';

export interface CatalogDeps {
  db: Db;
  events: EventEmitter;
  caches: Pick<Caches, 'catalogPages'>;
  files: FilesService;
  payments: PaymentsService;
}

const imageRef = (url: string) => ({ url });
const tagRefs = (tags: string[]) => tags.map((name) => ({ name }));

/** What a game and a 3D model both show. */
const itemFields = (row: repo.ProductRow | repo.ModelRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: centsToDollars(row.priceCents),
  tags: tagRefs(row.tags),
  icon: imageRef(row.iconUrl),
  thumbnail: imageRef(row.thumbnailUrl),
  smallThumbnail: imageRef(row.smallThumbnailUrl),
  coverThumbnail: imageRef(row.coverThumbnailUrl),
  status: row.status,
  createdAt: isoTime(row.createdAt),
  updatedAt: isoTime(row.updatedAt),
});

const toProduct = (row: repo.ProductRow): Product => ({
  ...itemFields(row),
  introduce: row.introduce,
  tokensToPlay: row.tokensToPlay,
  minNumberOfPlayers: row.minPlayers,
  maxNumberOfPlayers: row.maxPlayers,
  category: null,
});

const toModel = (row: repo.ModelRow): Model => ({
  ...itemFields(row),
  category: { categoryId: row.categoryId, categoryName: row.categoryName },
});

const imagesOf = (input: {
  iconUrl: string;
  thumbnailUrl: string;
  smallThumbnailUrl: string;
  coverThumbnailUrl: string;
}) => [input.iconUrl, input.thumbnailUrl, input.smallThumbnailUrl, input.coverThumbnailUrl];

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

/** Pages of partners' lists that requests arriving together ask for, read with one statement. */
function pagesLoader<R>(load: (pages: repo.PageWanted[]) => Promise<Array<{ rows: R[]; total: number }>>) {
  const loadPage = batchLoaderBy(
    (wanted: repo.PageWanted) => `${wanted.ownerId}|${wanted.pageIndex}|${wanted.pageSize}`,
    load,
  );
  return async (wanted: repo.PageWanted) => (await loadPage(wanted)) ?? { rows: [], total: 0 };
}

/** What the catalog keeps of each item type, as the API answers it and takes it. */
export interface CatalogItems {
  Product: { item: Product; page: ProductPage; input: ProductInput };
  Model: { item: Model; page: ModelPage; input: ModelInput };
}
export type CatalogItemType = keyof CatalogItems;

/** How the catalog stores and answers one item type; the rest is the same for both. */
interface ItemKind<T extends CatalogItemType> {
  /** Names its list pages and items in the cache. */
  cacheName: { list: string; item: string };
  notFound: 'ProductNotFound' | 'ModelNotFound';
  /** The item if it is live (not deleted), whoever owns it. */
  find(id: string): Promise<{ ownerId: string; item: CatalogItems[T]['item'] } | undefined>;
  page(wanted: repo.PageWanted): Promise<{ data: Array<CatalogItems[T]['item']>; totalCount: number }>;
  /** Refuses an input that names what does not exist (a model's category). */
  check(input: CatalogItems[T]['input']): Promise<void>;
  insert(ownerId: string, input: CatalogItems[T]['input']): Promise<string>;
  update(id: string, changes: Partial<CatalogItems[T]['input']> | { deletedAt: Date }): Promise<void>;
}

/** Products (AR games), 3D models and model categories; every item belongs to one partner. */
export function createCatalogService({ db, events, caches: { catalogPages: pages }, files, payments }: CatalogDeps) {
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
  const changed = (ownerId: string) => events.emit('itemsChanged', { ownerId });

  // the items of the requests that arrived together are read with one statement per type
  const productById = batchLoader(async (ids: string[]) => byId(await repo.selectProducts(db, ids)));
  const modelById = batchLoader(async (ids: string[]) => byId(await repo.selectModels(db, ids)));
  const summaryOf = {
    Product: batchLoader(async (ids: string[]) => byId(await repo.selectItemSummaries(db, 'Product', ids))),
    Model: batchLoader(async (ids: string[]) => byId(await repo.selectItemSummaries(db, 'Model', ids))),
  };
  const productsPage = pagesLoader((pages) => repo.selectProductsPages(db, pages));
  const modelsPage = pagesLoader((pages) => repo.selectModelsPages(db, pages));

  /** How a type's items are found and paged: by their loaders, as `toApi` answers them. */
  const readsOf = <R extends { ownerId: string }, I>(
    byId: (id: string) => Promise<R | undefined>,
    pageOf: (wanted: repo.PageWanted) => Promise<{ rows: R[]; total: number }>,
    toApi: (row: R) => I,
  ) => ({
    find: async (id: string) => {
      const row = await byId(id);
      return row && { ownerId: row.ownerId, item: toApi(row) };
    },
    page: async (wanted: repo.PageWanted) => {
      const { rows, total } = await pageOf(wanted);
      return { data: rows.map(toApi), totalCount: total };
    },
  });

  const kinds: { [T in CatalogItemType]: ItemKind<T> } = {
    Product: {
      cacheName: { list: 'products', item: 'product' },
      notFound: 'ProductNotFound',
      ...readsOf(productById, productsPage, toProduct),
      check: async () => {},
      insert: async (ownerId, input) => (await repo.insertProduct(db, { ownerId, ...productColumns(input) })).id,
      update: async (id, changes) => {
        await repo.updateProduct(db, id, 'deletedAt' in changes ? changes : productColumns(changes as ProductInput));
      },
    },
    Model: {
      cacheName: { list: 'models', item: 'model' },
      notFound: 'ModelNotFound',
      ...readsOf(modelById, modelsPage, toModel),
      check: async (input) => {
        if (!(await repo.selectCategory(db, input.categoryId))) throw new AppError('CategoryNotFound');
      },
      insert: (ownerId, input) => repo.insertModel(db, { ownerId, ...modelColumns(input) }),
      update: async (id, changes) => {
        await repo.updateModel(db, id, 'deletedAt' in changes ? changes : modelColumns(changes as ModelInput));
      },
    },
  };

  /** The partner's live item of this type, as the API answers it; 404 for anyone else's. */
  async function owned<T extends CatalogItemType>(ownerId: string, itemType: T, id: string) {
    const kind = kinds[itemType] as ItemKind<T>;
    const found = isUuid(id) ? await kind.find(id) : undefined;
    if (!found || found.ownerId !== ownerId) throw new AppError(kind.notFound);
    return found.item;
  }

  return {
    /** Creates a game or 3D model; only for a partner whose payout account is connected. */
    async createItem<T extends CatalogItemType>(
      ownerId: string,
      itemType: T,
      input: CatalogItems[T]['input'],
    ): Promise<CatalogItems[T]['item']> {
      const kind = kinds[itemType] as ItemKind<T>;
      await payments.requireConnectedAccount(ownerId);
      await kind.check(input);
      await files.requireOwnedImages(ownerId, imagesOf(input));
      const id = await kind.insert(ownerId, input);
      changed(ownerId);
      return owned(ownerId, itemType, id);
    },

    async listItems<T extends CatalogItemType>(
      ownerId: string,
      itemType: T,
      page: PageQuery,
    ): Promise<CatalogItems[T]['page']> {
      const kind = kinds[itemType] as ItemKind<T>;
      return cached(
        ownerId,
        `${kind.cacheName.list}:${page.PageIndex}:${page.PageSize}`,
        () =>
          kind.page({ ownerId, pageIndex: page.PageIndex, pageSize: page.PageSize }) as Promise<
            CatalogItems[T]['page']
          >,
      );
    },

    async getItem<T extends CatalogItemType>(
      ownerId: string,
      itemType: T,
      id: string,
    ): Promise<CatalogItems[T]['item']> {
      const kind = kinds[itemType] as ItemKind<T>;
      return cached(ownerId, `${kind.cacheName.item}:${id}`, () => owned(ownerId, itemType, id));
    },

    async updateItem<T extends CatalogItemType>(
      ownerId: string,
      itemType: T,
      id: string,
      input: CatalogItems[T]['input'],
      { mayChangePrice = true }: { mayChangePrice?: boolean } = {},
    ): Promise<CatalogItems[T]['item']> {
      const kind = kinds[itemType] as ItemKind<T>;
      const current = await owned(ownerId, itemType, id);
      // a listing editor (the Marketing role) edits the words and images, never the price
      if (!mayChangePrice && Number(input.price) !== current.price) throw new AppError('RoleNotAllowed');
      await kind.check(input);
      await files.requireOwnedImages(ownerId, imagesOf(input));
      await kind.update(id, input);
      changed(ownerId);
      return owned(ownerId, itemType, id);
    },

    async deleteItem(ownerId: string, itemType: CatalogItemType, id: string): Promise<void> {
      await owned(ownerId, itemType, id);
      await kinds[itemType].update(id, { deletedAt: new Date() });
      changed(ownerId);
    },

    async listCategories(): Promise<{ data: ModelCategory[] }> {
      const rows = await repo.selectCategories(db);
      return { data: rows.map((row) => ({ categoryId: row.id, categoryName: row.name })) };
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

    /** The versions module recorded statuses of the partner's items, and its transaction has committed. */
    statusesChanged(ownerId: string) {
      changed(ownerId);
    },

    /** A partner's 3D models on sale (`ids` narrows to those), with when they went on sale. */
    modelsOnSale: (ownerId: string, ids?: string[]) => repo.selectModelsOnSale(db, ownerId, ids?.filter(isUuid)),

    /** How many of a partner's items have each status, games and 3D models together. */
    statusCounts: (ownerId: string) => repo.selectStatusCounts(db, ownerId),

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
