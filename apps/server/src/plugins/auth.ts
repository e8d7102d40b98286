import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import type { AuthUser } from '../modules/access/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `app.requireUser`. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the bearer token has a live session. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 without a session, 403 unless the user is an Admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** The signed-in user of a request behind `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('Unauthorized');
  return request.user;
}

/** Bearer-token sessions: `requireUser` and `requireAdmin` pre-handlers. */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);

    const requireUser = async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      const user = token ? await app.services.access.authenticate(token) : undefined;
      if (!user) throw new AppError('Unauthorized');
      request.user = user;
    };

    app.decorate('requireUser', requireUser);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await requireUser(request);
      if (request.user?.role !== 'Admin') throw new AppError('Forbidden');
    });
  },
  { name: 'auth' },
);
