import {
  apiErrorSchema,
  type ConsoleMessage,
  GAME_EVENT_METHOD,
  GAME_RESULT_METHOD,
  gameActions,
  gameLoginResponseSchema,
  loginBodySchema,
  MAX_MESSAGE_BYTES,
  syntheticPlayerActions,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { describeRoutes, routeGroup } from '../../plugins/route-groups.ts';
import { type Backplane, startBackplane } from './backplane.ts';
import { type HubConnection, type HubHandle, PreparedInvocation, registerHub } from './hub/hub-server.ts';
import { createGameRegistry, type GameActionOutcome, type GameCaller, type GameDelivery } from './registry.ts';
import { createSyntheticPlayers, type EventSink } from './synthetic-players.ts';

const doc = describeRoutes(['gaming']);

const BEARER = /^Bearer\s+/i;

/** The game API host's own login: the same accounts, a token the console keeps apart (SPEC §7). */
export const gameAccessRoutes = routeGroup(async (app) => {
  app.post(
    `${app.config.gameRoutesPrefix}/api/Access/Login`,
    doc(
      'signInToGameHost',
      "Sign in to the game API host: the game token, with the 'Bearer ' prefix the console strips",
      {
        security: [],
        body: loginBodySchema,
        response: { 200: gameLoginResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    ),
    async (request) => {
      const login = await app.services.access.login(request.body.email, request.body.password, request.ip);
      return { accessToken: `Bearer ${login.accessToken}` };
    },
  );
});

/**
 * The realtime game server: the SignalR hub at `{game host}/socket/Gaming`, whose methods are the registry's 15
 * actions and the console's synthetic players. Each result goes back to its caller as `ReceiveMessage`, each event to
 * the connections it names as `EventMessage` (synthetic players hear theirs in process); a connection that goes
 * leaves its games and takes its synthetic players with it. In multi-node mode (Redis) games live on the node that
 * created them and the backplane carries invocations and events between nodes.
 */
export async function registerGameHub(app: FastifyInstance): Promise<HubHandle> {
  const { versions, testers } = app.services;
  const registry = createGameRegistry({
    // a game's live release is anyone's to play; its testing version its partner's and their testers'
    checkVersion: async ({ productId, productVersion, userId }) => {
      const version = await versions.playableVersion(productId, productVersion);
      if (!version) return false;
      if (version.isLive) return true;
      return version.ownerId === userId || testers.isTesterOf(version.ownerId, userId);
    },
  });
  /** Where each connection the registry knows (by that id) hears its events: hub connections and synthetic players. */
  const sinks = new Map<string, EventSink>();
  const hubConnections = new Map<string, HubConnection>();
  const sendLocal = (ids: string[], event: ConsoleMessage) => {
    let prepared: PreparedInvocation | undefined;
    for (const id of ids) {
      const connection = hubConnections.get(id);
      if (connection) {
        prepared ??= PreparedInvocation.of(GAME_EVENT_METHOD, event);
        connection.sendPrepared(prepared);
      } else sinks.get(id)?.send(GAME_EVENT_METHOD, event);
    }
  };
  let backplane: Backplane | undefined;
  const deliver = (deliveries: GameDelivery[]) => {
    if (backplane) backplane.deliver(deliveries);
    else for (const { to, event } of deliveries) sendLocal(to, event);
  };
  const syntheticPlayers = createSyntheticPlayers({
    registry,
    deliver,
    attach: (connectionId, sink) => sinks.set(connectionId, sink),
    detach: (connectionId) => sinks.delete(connectionId),
    log: app.log,
  });
  const runLocal = (action: string, caller: GameCaller, args: unknown[]): Promise<GameActionOutcome> => {
    if (action === 'AddSyntheticPlayers') return syntheticPlayers.add(caller, args);
    if (action === 'RemoveSyntheticPlayers') return syntheticPlayers.remove(caller, args);
    return registry.invoke(action, caller, args);
  };
  const disconnectLocal = (connectionId: string) => [
    ...syntheticPlayers.ownerGone(connectionId),
    ...registry.disconnect(connectionId),
  ];
  if (app.redis) {
    backplane = await startBackplane({
      redis: app.redis,
      prefix: app.config.redisPrefix,
      runLocal,
      disconnectLocal,
      sendLocal,
      closeLocal: (connectionId, reason) => hubConnections.get(connectionId)?.close(reason, true),
      log: app.log,
    });
  }
  const idOf = (connection: HubConnection) => (backplane ? backplane.globalId(connection.id) : connection.id);
  const methods = Object.fromEntries(
    [...gameActions, ...syntheticPlayerActions].map((action) => [
      action,
      async (connection: HubConnection, ...args: unknown[]) => {
        const caller: GameCaller = { connectionId: idOf(connection), userId: connection.user.id };
        const outcome = backplane ? await backplane.invoke(action, caller, args) : await runLocal(action, caller, args);
        connection.send(GAME_RESULT_METHOD, outcome.result);
        deliver(outcome.events);
      },
    ]),
  );
  app.addHook('onClose', async () => {
    syntheticPlayers.stopAll();
    await backplane?.close();
  });
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
      const id = idOf(connection);
      sinks.set(id, connection);
      hubConnections.set(id, connection);
    },
    onDisconnect: (connection) => {
      const id = idOf(connection);
      sinks.delete(id);
      hubConnections.delete(id);
      deliver(disconnectLocal(id));
      backplane?.disconnect(id);
    },
    log: app.log,
  });
}
