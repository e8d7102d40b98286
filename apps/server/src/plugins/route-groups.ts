/** How a module declares its routes: a group, each route's OpenAPI words and schemas, its error answers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiErrorSchema } from '@portal/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifySchema, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * A route's options in one call: the words of its OpenAPI entry (the group's tags, a verb-first operationId, a
 * summary) and its schemas from contracts, which Fastify validates the request and serializes the answer with.
 */
export function describeRoutes(tags: readonly string[]) {
  return <S extends Omit<FastifySchema, 'tags' | 'operationId' | 'summary'>>(
    operationId: string,
    summary: string,
    schemas: S,
  ) => ({ schema: { tags: [...tags], operationId, summary, ...schemas } });
}

/** The `{errorCode, message}` answers a route group documents, by status. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}

/** An app whose routes take their types from their zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A group of routes as a plugin: `define` gets the app, typed by the routes' zod schemas, and the services (it
 * names those it uses, which shows what the group depends on).
 */
export function routeGroup(
  define: (app: ZodApp, services: FastifyInstance['services']) => Promise<void> | void,
): FastifyPluginAsync {
  return async (fastify) => {
    await define(fastify.withTypeProvider<ZodTypeProvider>(), fastify.services);
  };
}
