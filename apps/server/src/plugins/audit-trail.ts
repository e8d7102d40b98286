import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A read recorded in the audit log as a change is (an export hands the studio's data out). */
    audited?: boolean;
  }
}

/** Whose change a request is: the studio it is recorded in, the member (null: the platform's reviewers), from where. */
export interface ChangeMaker {
  studioId: string;
  actorId: string | null;
  ip: string;
}

/** One change as the audit trail saw it: the audit module stores it (routes.ts hands `record` here). */
export interface TrailEntry extends ChangeMaker {
  action: string;
  summary: string;
  objectId: string | null;
}

/** The path parameters that name the object of a change, the most precise first. */
const OBJECT_PARAMS = ['versionId', 'id', 'userId', 'itemId', 'productId'];
const ID_IN_ANSWER = /^\{"id":"([^"]{1,64})"/;

function objectOf(request: FastifyRequest, payload: unknown): string | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const name of OBJECT_PARAMS) {
    const value = params[name];
    if (typeof value === 'string' && value !== '') return value.slice(0, 200);
  }
  // a creation names its object in its answer (`{"id": …}` first, as the contracts' schemas put it)
  if (typeof payload === 'string') return ID_IN_ANSWER.exec(payload)?.[1] ?? null;
  return null;
}

/** A member's request: the studio `signedIn` set on it, the member, their address. */
const memberOfStudio = async (request: FastifyRequest): Promise<ChangeMaker | undefined> => {
  const studio = request.user?.studio;
  return studio && request.user ? { studioId: studio.id, actorId: request.user.id, ip: request.ip } : undefined;
};

/** Where the audit trail sends what it sees. */
export interface Trail {
  /** Stores one change (the audit module's `record`, with the actor's name added). */
  record: (entry: TrailEntry) => Promise<void>;
  /** Names an action the trail may record, with its summary, as each route is registered (the Action filter). */
  declare: (action: string, summary: string) => void;
  /** Whose change a request is: by default the member and the studio `signedIn` set; undefined: not recorded. */
  whose?: (request: FastifyRequest) => Promise<ChangeMaker | undefined>;
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';
const isChange = (methods: string | string[], audited: boolean | undefined) =>
  audited === true || (typeof methods === 'string' ? !isRead(methods) : !methods.every(isRead));

/**
 * Records every change made through the routes of `app`: each route that is not a read, or that says `audited`,
 * answered below 400, with its operation, its object (from the path, or the id a creation answers), and whose it is
 * (`whose`; the review console names the version's studio). Recorded before the answer leaves, so that an answered
 * change is in the log; a failed record is logged by `record` and never fails the answer. Each such route's
 * operation is declared as it is registered, so the log can list what it records.
 */
export function recordChanges(app: FastifyInstance, { record, declare, whose = memberOfStudio }: Trail): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { operationId?: string; summary?: string } | undefined;
    if (schema?.operationId && isChange(route.method, route.config?.audited)) {
      declare(schema.operationId, schema.summary ?? '');
    }
  });
  // a callback hook, not an async one: the reads that most requests are pass through without a promise
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 || !isChange(request.method, request.routeOptions.config.audited)) {
      done(null, payload);
      return;
    }
    const recorded = async () => {
      const maker = await whose(request);
      if (!maker) return;
      const schema = request.routeOptions.schema as { operationId?: string; summary?: string } | undefined;
      await record({
        ...maker,
        action: schema?.operationId ?? `${request.method} ${request.routeOptions.url ?? ''}`,
        summary: schema?.summary ?? '',
        objectId: objectOf(request, payload),
      });
    };
    recorded().then(
      () => done(null, payload),
      (err: unknown) => done(err as Error),
    );
  });
}
