import {
  apiErrorSchema,
  GAME_EVENT_METHOD,
  GAME_RESULT_METHOD,
  gameActions,
  gameLoginResponseSchema,
  loginBodySchema,
  MAX_MESSAGE_BYTES,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type HubConnection, type HubHandle, registerHub } from './hub/hub-server.ts';
import { createGameRegistry, type GameActionOutcome, type GameCaller, type GameDelivery } from './registry.ts';
import { mayPlayVersion } from './repository.ts';
import { createSyntheticPlayers, type EventSink } from './synthetic-players.ts';

const BEARER = /^Bearer\s+/i;

/** The game API host's own login: the same accounts, a token the console keeps apart (SPEC §7). */
export async function gameAccessRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    `${app.config.gameRoutesPrefix}/api/Access/Login`,
    {
      schema: {
        tags: ['gaming'],
        operationId: 'signInToGameHost',
        summary: "Sign in to the game API host: the game token, with the 'Bearer ' prefix the console strips",
        security: [],
        body: loginBodySchema,
        response: { 200: gameLoginResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const login = await app.services.access.login(request.body.email, request.body.password, request.ip);
      return { accessToken: `Bearer ${login.accessToken}` };
    },
  );
}

/**
 * The realtime game server: the SignalR hub at `{game host}/socket/Gaming`, whose methods are the registry's 15
 * actions and the console's synthetic players. Each result goes back to its caller as `ReceiveMessage`, each event to
 * the connections it names as `EventMessage` (synthetic players hear theirs in process); a connection that goes
 * leaves its games and takes its synthetic players with it.
 */
export function registerGameHub(app: FastifyInstance): HubHandle {
  const { db } = app;
  const registry = createGameRegistry({ checkVersion: (version) => mayPlayVersion(db, version) });
  const connections = new Map<string, EventSink>();
  const deliver = (deliveries: GameDelivery[]) => {
    for (const { to, event } of deliveries) {
      for (const id of to) connections.get(id)?.send(GAME_EVENT_METHOD, event);
    }
  };
  const syntheticPlayers = createSyntheticPlayers({
    registry,
    deliver,
    attach: (connectionId, sink) => connections.set(connectionId, sink),
    detach: (connectionId) => connections.delete(connectionId),
    log: app.log,
  });
  const callerOf = (connection: HubConnection): GameCaller => ({
    connectionId: connection.id,
    userId: connection.user.id,
  });
  const method =
    (run: (caller: GameCaller, args: unknown[]) => Promise<GameActionOutcome>) =>
    async (connection: HubConnection, ...args: unknown[]) => {
      const outcome = await run(callerOf(connection), args);
      connection.send(GAME_RESULT_METHOD, outcome.result);
      deliver(outcome.events);
    };
  const methods = {
    ...Object.fromEntries(
      gameActions.map((action) => [action, method((caller, args) => registry.invoke(action, caller, args))]),
    ),
    AddSyntheticPlayers: method(syntheticPlayers.add),
    RemoveSyntheticPlayers: method(syntheticPlayers.remove),
  };
  app.addHook('onClose', async () => syntheticPlayers.stopAll());
  return registerHub(app, {
    path: `${app.config.gameRoutesPrefix}/socket/Gaming`,
    // the console may hand the token back with the prefix the login gave it
    authenticate: async (token) => {
      const user = await app.services.access.authenticate(token.replace(BEARER, ''));
      return user ? { id: user.id, email: user.email } : undefined;
    },
    methods,
    maxMessageBytes: MAX_MESSAGE_BYTES,
    onConnect: (connection) => {
      connections.set(connection.id, connection);
    },
    onDisconnect: (connection) => {
      connections.delete(connection.id);
      deliver(syntheticPlayers.ownerGone(connection.id));
      deliver(registry.disconnect(connection.id));
    },
    log: app.log,
  });
}
