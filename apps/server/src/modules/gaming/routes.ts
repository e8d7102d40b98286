import {
  ANALYTICS_LIVE_EVERY_MS,
  apiErrorSchema,
  type ConsoleMessage,
  can,
  GAME_EVENT_METHOD,
  GAME_RESULT_METHOD,
  gameActions,
  gameLoginResponseSchema,
  gameSignInResponseSchema,
  loginBodySchema,
  loginTwoFactorBodySchema,
  MAX_MESSAGE_BYTES,
  syntheticPlayerActions,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { EventSubscriber } from '../../events.ts';
import { describeRoutes, routeGroup } from '../../plugins/route-groups.ts';
import { type Backplane, type HubNotice, startBackplane } from './backplane.ts';
import { type HubConnection, type HubHandle, PreparedInvocation, registerHub } from './hub/hub-server.ts';
import {
  createGameRegistry,
  type GameActionOutcome,
  type GameCaller,
  type GameDelivery,
  refuse,
  type VersionToCheck,
} from './registry.ts';
import { createSyntheticPlayers, type EventSink } from './synthetic-players.ts';

const doc = describeRoutes(['gaming']);

const BEARER = /^Bearer\s+/i;

/** The close a connection gets when the session it was opened with ends; its client does not reconnect after it. */
export const SESSION_ENDED =
  'Your session has ended: you signed out, or your password was reset. Sign in again to play.';
/** The close a member's connections get when they are removed from a studio or their role there changes. */
export const STUDIO_ACCESS_CHANGED =
  'Your access to a studio changed: you were removed from it or given another role. Connect again to carry on.';
/**
 * How long a node remembers a session that ended or a tester taken off a whitelist: a check that was reading the
 * database as it happened (a socket being authenticated, a join being allowed) is refused by it, not let through.
 */
const REVOCATION_MEMORY_MS = 60_000;

/** When each key was revoked, for the checks that began before it: kept REVOCATION_MEMORY_MS. */
function revocations() {
  const revokedAt = new Map<string, number>();
  return {
    add(key: string) {
      const now = Date.now();
      // in the order they came: the oldest go first
      for (const [oldKey, at] of revokedAt) {
        if (now - at <= REVOCATION_MEMORY_MS) break;
        revokedAt.delete(oldKey);
      }
      revokedAt.delete(key);
      revokedAt.set(key, now);
    },
    /** Whether `key` was revoked since `startedAt` (a check that began then may have read it as still good). */
    since: (key: string, startedAt: number) => (revokedAt.get(key) ?? Number.NEGATIVE_INFINITY) >= startedAt,
  };
}

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
        response: { 200: gameSignInResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    ),
    async (request) => {
      const login = await app.services.access.login(request.body.email, request.body.password, request.ip);
      return 'twoFactorRequired' in login ? login : { accessToken: `Bearer ${login.accessToken}` };
    },
  );

  app.post(
    `${app.config.gameRoutesPrefix}/api/Access/Login/TwoFactor`,
    doc(
      'signInToGameHostSecondStep',
      "The game API host's second step, for an account with two-step sign-in: the game token, as its Login answers it",
      {
        security: [],
        body: loginTwoFactorBodySchema,
        response: { 200: gameLoginResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    ),
    async (request) => {
      const session = await app.services.access.loginSecondStep(request.body, request.ip);
      return { accessToken: `Bearer ${session.accessToken}` };
    },
  );
});

/**
 * The realtime game server: the SignalR hub at `{game host}/socket/Gaming`, whose methods are the registry's 15
 * actions and the console's synthetic players. Each result goes back to its caller as `ReceiveMessage`, each event to
 * the connections it names as `EventMessage` (synthetic players hear theirs in process); a connection that goes
 * leaves its games and takes its synthetic players with it. In multi-node mode (Redis) games live on the node that
 * created them and the backplane carries invocations and events between nodes.
 *
 * A connection lasts as long as the session it was opened with: when that session ends (`sessionsEnded`: a logout, a
 * password reset) it is closed for good on whichever node holds it. A tester taken off a whitelist (`testerRemoved`)
 * leaves every game whose version they may no longer play, and is refused in them from then on.
 */
export async function registerGameHub(app: FastifyInstance, events: EventSubscriber): Promise<HubHandle> {
  const { access, team, versions, testers, analytics } = app.services;
  const endedSessions = revocations();
  const removedTesters = revocations();
  // a game's live release is anyone's to play; its testing version its partner's and their testers'
  const checkVersion = async ({ productId, productVersion, userId }: VersionToCheck) => {
    const startedAt = Date.now();
    const version = await versions.playableVersion(productId, productVersion);
    if (!version) return false;
    if (version.isLive) return true;
    // the studio's members whose role has the staging console, and its whitelisted testers
    const role = await team.roleOf(version.ownerId, userId);
    if (role && can(role, 'console')) return true;
    const isTester = await testers.isTesterOf(version.ownerId, userId);
    return isTester && !removedTesters.since(`${version.ownerId}/${userId}`, startedAt);
  };
  const registry = createGameRegistry({ checkVersion, observe: analytics.recordGame });
  // play analytics' live count: this node's players now, told every few seconds (off the hub's path)
  const liveTimer = setInterval(() => {
    analytics
      .reportLive(registry.playersNow())
      .catch((err: unknown) => app.log.warn({ err }, 'the players online now could not be counted'));
  }, ANALYTICS_LIVE_EVERY_MS);
  liveTimer.unref();
  /** Where each connection the registry knows (by that id) hears its events: hub connections and synthetic players. */
  const sinks = new Map<string, EventSink>();
  const hubConnections = new Map<string, HubConnection>();
  /** When each of this node's connections opened: its session on the hub, for play analytics. */
  const connectedAt = new Map<string, number>();
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
  let hub: HubHandle | undefined;
  function endSessions(sessionIds: string[]) {
    for (const sessionId of sessionIds) endedSessions.add(sessionId);
    const ended = new Set(sessionIds);
    const closed = hub?.closeWhere((user) => ended.has(user.sessionId), SESSION_ENDED) ?? 0;
    if (closed > 0) app.log.info({ closed }, 'hub connections of ended sessions closed');
  }
  async function removeTester(ownerId: string, testerId: string) {
    removedTesters.add(`${ownerId}/${testerId}`);
    for (const game of registry.gamesOf(testerId)) {
      const version = { productId: game.productId, productVersion: game.productVersion, userId: testerId };
      if (await checkVersion(version)) continue;
      deliver(registry.expel(game.id, testerId));
    }
  }
  function membershipChanged(userId: string) {
    const closed = hub?.closeWhere((user) => user.id === userId, STUDIO_ACCESS_CHANGED) ?? 0;
    if (closed > 0) app.log.info({ closed }, 'hub connections of a member whose studio access changed closed');
  }
  const hear = (notice: HubNotice) => {
    if (notice.kind === 'sessionsEnded') endSessions(notice.sessionIds);
    else if (notice.kind === 'membershipChanged') membershipChanged(notice.userId);
    else {
      removeTester(notice.ownerId, notice.testerId).catch((err: unknown) =>
        app.log.error({ err }, 'a removed tester could not be taken out of their games'),
      );
    }
  };
  if (app.redis) {
    backplane = await startBackplane({
      redis: app.redis,
      prefix: app.config.redisPrefix,
      runLocal,
      disconnectLocal,
      sendLocal,
      closeLocal: (connectionId, reason) => hubConnections.get(connectionId)?.close(reason, true),
      hearNotice: hear,
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
    clearInterval(liveTimer);
    syntheticPlayers.stopAll();
    await backplane?.close();
  });
  hub = registerHub(app, {
    path: `${app.config.gameRoutesPrefix}/socket/Gaming`,
    // the console may hand the token back with the prefix the login gave it
    authenticate: async (token) => {
      const startedAt = Date.now();
      const user = await access.authenticate(token.replace(BEARER, ''));
      if (!user || endedSessions.since(user.sessionId, startedAt)) return undefined;
      return { id: user.id, email: user.email, sessionId: user.sessionId };
    },
    methods,
    maxMessageBytes: MAX_MESSAGE_BYTES,
    // refused as every other refusal is: a failed result, the connection carrying on
    answerTooLarge: (connection) => {
      connection.send(GAME_RESULT_METHOD, refuse('MessageTooLarge').result);
    },
    maxConnectionsPerUser: app.config.hubConnectionsPerUser,
    onConnect: (connection) => {
      const id = idOf(connection);
      sinks.set(id, connection);
      hubConnections.set(id, connection);
      connectedAt.set(id, Date.now());
    },
    onDisconnect: (connection) => {
      const id = idOf(connection);
      sinks.delete(id);
      hubConnections.delete(id);
      const since = connectedAt.get(id);
      connectedAt.delete(id);
      if (since !== undefined) analytics.recordHubSession(connection.user.id, since, Date.now());
      deliver(disconnectLocal(id));
      backplane?.disconnect(id);
    },
    log: app.log,
  });
  // this node acts on its own connections and games at once, then tells the others
  const tell = (notice: HubNotice) => {
    hear(notice);
    backplane?.announce(notice);
  };
  events.on('sessionsEnded', ({ sessionIds }) => tell({ kind: 'sessionsEnded', sessionIds }));
  events.on('testerRemoved', ({ ownerId, testerId }) => tell({ kind: 'testerRemoved', ownerId, testerId }));
  // a member removed from a studio or given another role: what they may play changed, their connections start over
  events.on('membershipChanged', ({ userId, change }) => {
    if (change !== 'added') tell({ kind: 'membershipChanged', userId });
  });
  return hub;
}
