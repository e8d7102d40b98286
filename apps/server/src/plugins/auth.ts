import { apiErrorSchema } from '@portal/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import type { AuthUser } from '../modules/access/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of a route registered through `signedIn` or `adminOnly`. */
    user: AuthUser | null;
  }
}

export const BEARER_SECURITY = [{ bearer: [] }];

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** The signed-in user of a request behind `signedIn` or `adminOnly`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('Unauthorized');
  return request.user;
}

/** The user of the request's bearer token, when it names a live session; for routes open to everyone. */
export async function optionalUser(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser | undefined> {
  const token = bearerToken(request.headers.authorization);
  return token ? app.services.access.authenticate(token) : undefined;
}

/** Marks every route public in the OpenAPI document unless a `signedIn` or `adminOnly` scope says otherwise. */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.addHook('onRoute', (route: RouteOptions) => {
      if (route.schema && !route.schema.hide) route.schema = { security: [], ...route.schema };
    });
  },
  { name: 'auth' },
);

function withErrorResponses(route: RouteOptions, statuses: number[]) {
  const schema = (route.schema ?? {}) as NonNullable<RouteOptions['schema']> & { response?: Record<string, unknown> };
  const response = { ...schema.response };
  for (const status of statuses) response[status] ??= apiErrorSchema;
  route.schema = { ...schema, security: BEARER_SECURITY, response };
}

function scope(routes: FastifyPluginAsync, role: 'Partner' | 'Admin'): FastifyPluginAsync {
  // Not wrapped in fastify-plugin: the hooks stay inside this scope, and every route of `routes` gets them.
  return async (app) => {
    app.addHook('onRoute', (route) => withErrorResponses(route, role === 'Admin' ? [401, 403] : [401]));
    // onRequest runs before the body is read and validated: an anonymous caller learns nothing of the schema,
    // and no quota of a signed-in route (rate limits run later) is spent on them.
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request.headers.authorization);
      const user = token ? await app.services.access.authenticate(token) : undefined;
      if (!user) throw new AppError('Unauthorized');
      if (role === 'Admin' && user.role !== 'Admin') throw new AppError('Forbidden');
      request.user = user;
    });
    await app.register(routes);
  };
}

/** Registers `routes` so that each of them requires a live session, checked before anything else. */
export const signedIn = (routes: FastifyPluginAsync): FastifyPluginAsync => scope(routes, 'Partner');

/** Registers `routes` for accounts with the Admin role only. */
export const adminOnly = (routes: FastifyPluginAsync): FastifyPluginAsync => scope(routes, 'Admin');
