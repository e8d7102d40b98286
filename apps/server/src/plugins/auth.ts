import {
  type ApiKeyRouteAccess,
  type ApiKeyScope,
  apiErrorSchema,
  apiKeyRefusal,
  can,
  STUDIO_HEADER,
  type StudioPermission,
  type StudioRole,
} from '@portal/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/** Who a request acts as: a signed-in user, through a session or an API key. */
export interface AuthUser {
  id: string;
  email: string;
  role: 'Partner' | 'Admin';
  /** The session of the request; for an API key, the key's id. */
  sessionId: string;
  /** Set when the request authenticated with an API key rather than a session: what the key may do, and where. */
  apiKey?: { id: string; scopes: ApiKeyScope[]; studioId: string };
  /** The studio a route of the studio acts in (`X-Studio-Id`, or the person's default) and the caller's role there. */
  studio?: { id: string; role: StudioRole };
}

/**
 * The studio a person acts in: the one a request names, or their default; 403 NotStudioMember when they are not in
 * it. The access module's team answers it; app.ts hands it to this plugin.
 */
export type ResolveStudio = (
  userId: string,
  requestedStudioId: string | undefined,
) => Promise<{
  studioId: string;
  role: StudioRole;
}>;

/** What a signed-in route needs of the caller's role in the studio; `personal`: the person's own, no studio. */
export type StudioAccess = StudioPermission | 'personal';

/**
 * Who a bearer token names: a live session, or a live API key (as its partner, never an admin); undefined for
 * anyone else. The access module answers it; app.ts hands it to this plugin.
 */
export type Authenticate = (token: string, clientIp: string) => Promise<AuthUser | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The user of a request's bearer token (see `Authenticate`). */
    authenticateBearer(request: FastifyRequest): Promise<AuthUser | undefined>;
    /** The studio a signed-in request acts in (see `ResolveStudio`). */
    resolveStudio: ResolveStudio;
  }
  interface FastifyRequest {
    /** The signed-in user of a route registered through `signedIn` or `adminOnly`. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** What an API key may do on this route; set by `keyAccess`, `read` for other signed-in routes. */
    apiKeyAccess?: ApiKeyRouteAccess;
    /** What the caller's role in the studio must allow on this signed-in route; set by `studioAccess`. */
    studioAccess?: StudioAccess;
  }
}

/** A session only: the account itself and the admin routes. */
export const BEARER_SECURITY: Array<Record<string, string[]>> = [{ bearer: [] }];
/** A session or an API key (within its scopes). */
export const BEARER_OR_API_KEY_SECURITY: Array<Record<string, string[]>> = [{ bearer: [] }, { apiKey: [] }];

const NO_USER = Promise.resolve(undefined);

/**
 * A route's options for a signed-in route no API key may call, whatever the group allows: deleting a whole item, a
 * look-up that would tell whether an email has an account.
 */
export const SESSION_ONLY = { config: { apiKeyAccess: 'none' } } as const;

/** What a key may do on a signed-in route that no `keyAccess` describes: read. */
const DEFAULT_API_KEY_ACCESS: ApiKeyRouteAccess = 'read';

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * The studio a route of the studio acts in: its id is what the data of every module is keyed by (a studio's id is
 * its founder's user id), and the caller's role there.
 */
export function currentStudio(request: FastifyRequest): { id: string; role: StudioRole } {
  const studio = request.user?.studio;
  if (!studio) throw new AppError('NotStudioMember');
  return studio;
}

/**
 * Whether the caller of a long answer (a stream) may still have it: their session or key still live, and still in the
 * studio the request acts in, with a role that allows `permission`. Asked again as the answer goes on, so that a
 * revoked session or a member removed ends it on whichever node it is served.
 */
export async function stillInStudio(
  app: FastifyInstance,
  request: FastifyRequest,
  permission: StudioPermission,
): Promise<boolean> {
  const before = request.user;
  if (!before?.studio) return false;
  try {
    const user = await app.authenticateBearer(request);
    if (!user || user.id !== before.id) return false;
    const studio = await studioOf(app, request, user, permission);
    return studio.id === before.studio.id;
  } catch {
    return false;
  }
}

/** The signed-in user of a request behind `signedIn` or `adminOnly`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('Unauthorized');
  return request.user;
}

/**
 * The user of the request's bearer token, when it names a live session or a live API key with the read scope; for
 * routes open to everyone, where anyone else is anonymous.
 */
export async function optionalUser(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser | undefined> {
  const user = await app.authenticateBearer(request);
  if (user?.apiKey && apiKeyRefusal(user.apiKey.scopes, 'GET', 'read')) return undefined;
  return user;
}

/**
 * Reads bearer tokens with `authenticate`, and marks every route public in the OpenAPI document unless a `signedIn`
 * or `adminOnly` scope says otherwise.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    { authenticate, resolveStudio }: { authenticate: Authenticate; resolveStudio: ResolveStudio },
  ) => {
    // not an async function: on the hot path, the answer is the lookup's own promise, with no wrapper of its own
    app.decorate('authenticateBearer', (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      return token ? authenticate(token, request.ip) : NO_USER;
    });
    app.decorate('resolveStudio', resolveStudio);
    app.decorateRequest('user', null);
    app.addHook('onRoute', (route: RouteOptions) => {
      if (route.schema && !route.schema.hide) route.schema = { security: [], ...route.schema };
    });
  },
  { name: 'auth' },
);

function withErrorResponses(route: RouteOptions, statuses: number[], security: typeof BEARER_SECURITY) {
  const schema = (route.schema ?? {}) as NonNullable<RouteOptions['schema']> & { response?: Record<string, unknown> };
  const response = { ...schema.response };
  for (const status of statuses) response[status] ??= apiErrorSchema;
  route.schema = { ...schema, security, response };
}

function scope(routes: FastifyPluginAsync, role: 'Partner' | 'Admin'): FastifyPluginAsync {
  // Not wrapped in fastify-plugin: the hooks stay inside this scope, and every route of `routes` gets them.
  return async (app) => {
    // 403 and 429 are a key's: outside its scopes, past its requests per minute or after failed lookups
    app.addHook('onRoute', (route) =>
      role === 'Admin'
        ? withErrorResponses(route, [401, 403, 429], BEARER_SECURITY)
        : withErrorResponses(route, [401, 403, 429], BEARER_OR_API_KEY_SECURITY),
    );
    // every partner route says what it needs of the caller's role in the studio: none is forgotten
    // (checked once every hook has run: `studioAccess` sets it in a group inside this scope)
    if (role === 'Partner') {
      const routes: RouteOptions[] = [];
      app.addHook('onRoute', (route) => {
        routes.push(route);
      });
      app.addHook('onReady', async () => {
        const forgotten = routes.filter((route) => !route.config?.studioAccess);
        if (forgotten.length > 0) {
          const names = forgotten.map((route) => `${String(route.method)} ${route.url}`).join(', ');
          throw new Error(`signed-in routes without studioAccess (what a studio role needs): ${names}`);
        }
      });
    }
    // onRequest runs before the body is read and validated: an anonymous caller learns nothing of the schema,
    // and no quota of a signed-in route (rate limits run later) is spent on them. A key's scopes are checked here
    // too, so that a refused upload is not read.
    app.addHook('onRequest', async (request) => {
      const user = await app.authenticateBearer(request);
      if (!user) throw new AppError('Unauthorized');
      if (user.apiKey) {
        const access = role === 'Admin' ? 'none' : (request.routeOptions.config.apiKeyAccess ?? DEFAULT_API_KEY_ACCESS);
        const refusal = apiKeyRefusal(user.apiKey.scopes, request.method, access);
        if (refusal) throw new AppError(refusal);
      }
      if (role === 'Admin' && user.role !== 'Admin') throw new AppError('Forbidden');
      const access = role === 'Partner' ? request.routeOptions.config.studioAccess : 'personal';
      if (access === undefined || access === 'personal') {
        request.user = user;
        return;
      }
      request.user = { ...user, studio: await studioOf(app, request, user, access) };
    });
    await app.register(routes);
  };
}

/** The studio the request names (or the person's default), when the caller's role there allows `permission`. */
async function studioOf(
  app: FastifyInstance,
  request: FastifyRequest,
  user: AuthUser,
  permission: StudioPermission,
): Promise<{ id: string; role: StudioRole }> {
  const header = request.headers[STUDIO_HEADER.toLowerCase()];
  let requested = typeof header === 'string' ? header.trim() : undefined;
  if (user.apiKey) {
    // a key acts in the studio it was made in, as the member who made it
    if (requested && requested !== user.apiKey.studioId) throw new AppError('ApiKeyOfAnotherStudio');
    requested = user.apiKey.studioId;
  }
  const { studioId, role } = await app.resolveStudio(user.id, requested);
  if (!can(role, permission)) throw new AppError('RoleNotAllowed');
  return { id: studioId, role };
}

/**
 * Registers `routes` so that each of them requires a live session or API key, checked before anything else. A key
 * may only read, unless `keyAccess` around a group of routes says more (or less).
 */
export const signedIn = (routes: FastifyPluginAsync): FastifyPluginAsync => scope(routes, 'Partner');

/** Registers `routes` for accounts with the Admin role only: never with an API key. */
export const adminOnly = (routes: FastifyPluginAsync): FastifyPluginAsync => scope(routes, 'Admin');

/**
 * Says what an API key may do on a group of routes registered inside `signedIn`: `none` (the account itself), `read`,
 * or the scope its writes need (see `apiKeyRefusal`); a route of the group may say less of itself (`SESSION_ONLY`).
 * The OpenAPI document lists the key scheme where keys work.
 */
export function keyAccess(access: ApiKeyRouteAccess, routes: FastifyPluginAsync): FastifyPluginAsync {
  // Not wrapped in fastify-plugin: the policy applies to this group only. This onRoute hook runs after signedIn's.
  return async (app) => {
    app.addHook('onRoute', (route) => {
      const routeAccess = route.config?.apiKeyAccess ?? access;
      route.config = { ...route.config, apiKeyAccess: routeAccess };
      if (routeAccess === 'none' && route.schema) route.schema = { ...route.schema, security: BEARER_SECURITY };
    });
    await app.register(routes);
  };
}

/**
 * Says what the caller's role in the studio must allow on a group of routes registered inside `signedIn`: `read` for
 * its GET routes, `write` for the others (`personal`: the person's own routes, which act in no studio). A route may
 * say its own (`config: { studioAccess }`). The OpenAPI document shows it as `x-studio-permission`.
 */
export function studioAccess(
  access: { read: StudioAccess; write: StudioAccess } | StudioAccess,
  routes: FastifyPluginAsync,
): FastifyPluginAsync {
  const { read, write } = typeof access === 'string' ? { read: access, write: access } : access;
  return async (app) => {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const isRead = methods.every((method) => method === 'GET' || method === 'HEAD');
      const routeAccess = route.config?.studioAccess ?? (isRead ? read : write);
      route.config = { ...route.config, studioAccess: routeAccess };
      if (route.schema) route.schema = { ...route.schema, 'x-studio-permission': routeAccess } as typeof route.schema;
    });
    await app.register(routes);
  };
}
