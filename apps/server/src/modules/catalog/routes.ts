import {
  apiErrorSchema,
  can,
  catalogPageQuerySchema,
  itemIdParamsSchema,
  modelBodySchema,
  modelCategoryListSchema,
  modelPageSchema,
  modelSchema,
  pageQuerySchema,
  productBodySchema,
  productPageSchema,
  productSchema,
  RECENT_PROJECTS_PAGE_SIZE,
  recentProductsResponseSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { sendSerialized } from '../../lib/serialized.ts';
import { currentStudio, SESSION_ONLY } from '../../plugins/auth.ts';
import { HEADERS_TOO_LARGE_RESPONSE } from '../../plugins/openapi.ts';
import { describeRoutes, errorResponses, routeGroup } from '../../plugins/route-groups.ts';
import type { CatalogItems, CatalogItemType } from './service.ts';

const publicDoc = describeRoutes(['catalog']);
const modelsDoc = describeRoutes(['catalog: models']);

const errors = errorResponses(400, 403, 404);

/** What differs between the routes of games and of 3D models: paths, schemas and words. */
const KINDS = {
  Product: {
    base: '/api/Product',
    tags: ['catalog: products'],
    body: productBodySchema,
    item: productSchema,
    page: productPageSchema,
    one: 'an AR game',
    many: 'AR games',
  },
  Model: {
    base: '/api/Model',
    tags: ['catalog: models'],
    body: modelBodySchema,
    item: modelSchema,
    page: modelPageSchema,
    one: 'a 3D model',
    many: '3D models',
  },
} as const;

/** The partner's own items of one type: /api/Product or /api/Model. */
function itemRoutes<T extends CatalogItemType>(itemType: T) {
  const { base, tags, one, many, body, item, page } = KINDS[itemType];
  const doc = describeRoutes(tags);
  const Item = itemType;
  const Items = `${itemType}s`;

  return routeGroup(async (app, { catalog }) => {
    app.post(
      base,
      doc(`create${Item}`, `Create ${one} (needs a connected payout account)`, {
        body,
        response: { 200: item, ...errors },
      }),
      async (request) => catalog.createItem(currentStudio(request).id, itemType, request.body as CatalogInput<T>),
    );

    app.get(
      base,
      doc(`list${Items}`, `The partner's ${many}, newest first`, {
        querystring: catalogPageQuerySchema,
        response: { 200: page, 400: apiErrorSchema },
      }),
      async (request, reply) =>
        sendSerialized(reply, page, await catalog.listItems(currentStudio(request).id, itemType, request.query)),
    );

    app.get(
      `${base}/:id`,
      doc(`get${Item}`, `One of the partner's ${many}`, {
        params: itemIdParamsSchema,
        response: { 200: item, ...errors },
      }),
      async (request, reply) =>
        sendSerialized(reply, item, await catalog.getItem(currentStudio(request).id, itemType, request.params.id)),
    );

    app.put(
      `${base}/:id`,
      {
        // the store listing: Marketing edits it too, but its price only a role that may write items
        ...doc(`update${Item}`, `Update ${one}'s details`, {
          params: itemIdParamsSchema,
          body,
          response: { 200: item, ...errors },
        }),
        config: { studioAccess: 'listing.write' },
      },
      async (request) => {
        const studio = currentStudio(request);
        return catalog.updateItem(studio.id, itemType, request.params.id, request.body as CatalogInput<T>, {
          mayChangePrice: can(studio.role, 'items.write'),
        });
      },
    );

    app.delete(
      `${base}/:id`,
      {
        // a whole item, its versions and sales history: a partner's own hand, never a script's key
        ...doc(`delete${Item}`, `Delete ${one}`, {
          params: itemIdParamsSchema,
          response: { 204: z.null(), ...errors },
        }),
        ...SESSION_ONLY,
      },
      async (request, reply) => {
        await catalog.deleteItem(currentStudio(request).id, itemType, request.params.id);
        return reply.status(204).send(null);
      },
    );
  });
}

type CatalogInput<T extends CatalogItemType> = CatalogItems[T]['input'];

export const productRoutes = itemRoutes('Product');
export const modelRoutes = itemRoutes('Model');

/** Recently released work of every partner and the model categories: open to everyone. */
export const publicCatalogRoutes = routeGroup(async (app, { catalog }) => {
  app.get(
    '/api/Product/Recent',
    publicDoc('listRecentProjects', 'Recently released games and 3D models of all partners (public)', {
      querystring: pageQuerySchema.extend({
        PageSize: pageQuerySchema.shape.PageSize.default(RECENT_PROJECTS_PAGE_SIZE),
      }),
      response: { 200: recentProductsResponseSchema, 400: apiErrorSchema },
    }),
    async (request) => catalog.listRecent(request.query),
  );

  app.get(
    '/api/Model/Category/List',
    modelsDoc('listModelCategories', '3D model categories', {
      response: { 200: modelCategoryListSchema, ...HEADERS_TOO_LARGE_RESPONSE },
    }),
    async () => catalog.listCategories(),
  );
});
