import {
  apiErrorSchema,
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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendSerialized } from '../../lib/serialized.ts';
import { currentUser } from '../../plugins/auth.ts';
import { HEADERS_TOO_LARGE_RESPONSE } from '../../plugins/openapi.ts';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export async function catalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const catalog = app.services.catalog;

  // products (AR games)
  const productTags = ['catalog: products'];

  app.post(
    '/api/Product',
    {
      schema: {
        tags: productTags,
        operationId: 'createProduct',
        summary: 'Create an AR game (needs a connected payout account)',
        body: productBodySchema,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => catalog.createProduct(currentUser(request).id, request.body),
  );

  app.get(
    '/api/Product',
    {
      schema: {
        tags: productTags,
        operationId: 'listProducts',
        summary: "The partner's AR games, newest first",
        querystring: catalogPageQuerySchema,
        response: { 200: productPageSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendSerialized(reply, productPageSchema, await catalog.listProducts(currentUser(request).id, request.query)),
  );

  app.get(
    '/api/Product/:id',
    {
      schema: {
        tags: productTags,
        operationId: 'getProduct',
        summary: "One of the partner's AR games",
        params: itemIdParamsSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendSerialized(reply, productSchema, await catalog.getProduct(currentUser(request).id, request.params.id)),
  );

  app.put(
    '/api/Product/:id',
    {
      schema: {
        tags: productTags,
        operationId: 'updateProduct',
        summary: "Update an AR game's details",
        params: itemIdParamsSchema,
        body: productBodySchema,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => catalog.updateProduct(currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/Product/:id',
    {
      schema: {
        tags: productTags,
        operationId: 'deleteProduct',
        summary: 'Delete an AR game',
        params: itemIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await catalog.deleteProduct(currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // 3D models
  const modelTags = ['catalog: models'];

  app.post(
    '/api/Model',
    {
      schema: {
        tags: modelTags,
        operationId: 'createModel',
        summary: 'Create a 3D model (needs a connected payout account)',
        body: modelBodySchema,
        response: { 200: modelSchema, ...errors },
      },
    },
    async (request) => catalog.createModel(currentUser(request).id, request.body),
  );

  app.get(
    '/api/Model',
    {
      schema: {
        tags: modelTags,
        operationId: 'listModels',
        summary: "The partner's 3D models, newest first",
        querystring: catalogPageQuerySchema,
        response: { 200: modelPageSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendSerialized(reply, modelPageSchema, await catalog.listModels(currentUser(request).id, request.query)),
  );

  app.get(
    '/api/Model/:id',
    {
      schema: {
        tags: modelTags,
        operationId: 'getModel',
        summary: "One of the partner's 3D models",
        params: itemIdParamsSchema,
        response: { 200: modelSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendSerialized(reply, modelSchema, await catalog.getModel(currentUser(request).id, request.params.id)),
  );

  app.put(
    '/api/Model/:id',
    {
      schema: {
        tags: modelTags,
        operationId: 'updateModel',
        summary: "Update a 3D model's details",
        params: itemIdParamsSchema,
        body: modelBodySchema,
        response: { 200: modelSchema, ...errors },
      },
    },
    async (request) => catalog.updateModel(currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/Model/:id',
    {
      schema: {
        tags: modelTags,
        operationId: 'deleteModel',
        summary: 'Delete a 3D model',
        params: itemIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await catalog.deleteModel(currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** Recently released work of every partner and the model categories: open to everyone. */
export async function publicCatalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const catalog = app.services.catalog;

  app.get(
    '/api/Product/Recent',
    {
      schema: {
        tags: ['catalog'],
        operationId: 'listRecentProjects',
        summary: 'Recently released games and 3D models of all partners (public)',
        querystring: pageQuerySchema.extend({
          PageSize: pageQuerySchema.shape.PageSize.default(RECENT_PROJECTS_PAGE_SIZE),
        }),
        response: { 200: recentProductsResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => catalog.listRecent(request.query),
  );

  app.get(
    '/api/Model/Category/List',
    {
      schema: {
        tags: ['catalog: models'],
        operationId: 'listModelCategories',
        summary: '3D model categories',
        response: { 200: modelCategoryListSchema, ...HEADERS_TOO_LARGE_RESPONSE },
      },
    },
    async () => catalog.listCategories(),
  );
}
