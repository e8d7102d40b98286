import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type HubConnection,
  HubConnectionBuilder,
  HubConnectionState,
  type IHttpConnectionOptions,
  LogLevel,
} from '@microsoft/signalr';
import {
  type ConsoleMessage,
  type GameEvent,
  latestPayoutDayOnOrBefore,
  parseGameEvent,
  payoutZoneDate,
  TOTP_PERIOD_SECONDS,
} from '@portal/contracts';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { DEMO_ADMIN, DEMO_PARTNER } from './modules/access/demo.ts';
import { GAME_NODE_LOST } from './modules/gaming/backplane.ts';
import {
  createScratchDatabase,
  dropRedisKeys,
  freePort,
  glbBuild,
  imageUrls,
  makeTempDir,
  multipartBody,
  PASSWORD,
  pngImage,
  productFields,
  registration,
  saleReport,
  spawnTsx,
  testRedisUrl,
  uniqueEmail,
  unityBundle,
} from './testing/index.ts';

/**
 * The acceptance test of multi-node mode: two real server processes on one PostgreSQL database and one Redis,
 * started together, driven only over HTTP and WebSocket as a load balancer's clients would drive them.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const postgresUrl = process.env.TEST_DATABASE_URL;
const SECRET_KEY = randomBytes(32).toString('base64url');
const MARKETPLACE_TOKEN = `marketplace-${randomBytes(12).toString('hex')}`;
const LOGIN_FAILURES_PER_EMAIL = 3;
/** A node's heartbeat lasts 3.5 s and is checked every second: a killed node is noticed well within this. */
const NODE_LOST_WITHIN_MS = 15_000;

interface ServerNode {
  name: string;
  origin: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
}

interface Player {
  client: HubConnection;
  results: ConsoleMessage[];
  events: GameEvent[];
  reconnecting: Array<string | undefined>;
  reconnected: number;
}

interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON each route answers
  body: any;
}

async function startNode(name: string, env: Record<string, string>): Promise<ServerNode> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await makeTempDir(name);
  const { child, output } = spawnTsx('src/server.ts', {
    cwd: serverDir,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      // the nodes of one database share their secret key, as a deployment's do
      SECRET_KEY,
    },
  });
  return { name, origin, dataDir, child, output };
}

async function waitForHealth(node: ServerNode, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (node.child.exitCode !== null) {
      throw new Error(`node ${node.name} exited with ${node.child.exitCode}:\n${node.output()}`);
    }
    try {
      if ((await fetch(`${node.origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`node ${node.name} did not become healthy:\n${node.output()}`);
}

/** Stops a node gracefully, and kills it when it does not go within 10 s. */
function stopNode(node: ServerNode): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => node.child.kill('SIGKILL'), 10_000);
    node.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    node.child.kill('SIGTERM');
  });
}

async function call(
  node: ServerNode,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) body = new Uint8Array(options.body);
  const response = await fetch(`${node.origin}${url}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: an HTML page
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

async function login(node: ServerNode, email: string, password: string): Promise<string> {
  const answer = await call(node, 'POST', '/api/Access/Login', { json: { email, password } });
  if (answer.status !== 200) throw new Error(`login of ${email} on ${node.name}: ${JSON.stringify(answer.body)}`);
  return answer.body.accessToken;
}

/** Uploads one file through a node and answers its stored description. */
async function upload(node: ServerNode, token: string, filename: string, data: Buffer) {
  const { payload, headers } = multipartBody([{ name: 'file', filename, data }]);
  const answer = await call(node, 'POST', '/FileUpload/Single/Query', { token, body: payload, headers });
  if (answer.status !== 200) throw new Error(`upload of ${filename}: ${JSON.stringify(answer.body)}`);
  return answer.body[0];
}

async function createProduct(node: ServerNode, token: string, name: string): Promise<string> {
  const images = imageUrls(
    await upload(node, token, 'icon.png', await pngImage(640, 480)),
    await upload(node, token, 'cover.png', await pngImage(1280, 720)),
  );
  const answer = await call(node, 'POST', '/api/Product', { token, json: productFields(images, { name }) });
  if (answer.status !== 200) throw new Error(`creating ${name}: ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}

/** A game with version 1 in testing, its builds uploaded and saved, all through one node. */
async function createGameInTesting(node: ServerNode, token: string, name: string): Promise<string> {
  const productId = await createProduct(node, token, name);
  const version = await call(node, 'POST', '/api/Product/Version', { token, json: { productId, productVersion: 1 } });
  const saved = await call(node, 'PUT', `/api/Product/Version/${version.body.id}`, {
    token,
    json: {
      updateLog: 'First version',
      iosAssetUrl: (await upload(node, token, 'build-ios.ab', unityBundle(32 * 1024))).origin,
      androidAssetUrl: (await upload(node, token, 'build-android.glb', glbBuild(32 * 1024))).origin,
    },
  });
  if (saved.status !== 200) throw new Error(`saving the version of ${name}: ${JSON.stringify(saved.body)}`);
  return productId;
}

/** A game whose version 1 the admin released, all through one node: what the marketplace may sell. */
async function createReleasedGame(node: ServerNode, tokens: { partner: string; admin: string }, name: string) {
  const productId = await createGameInTesting(node, tokens.partner, name);
  const versions = await call(node, 'GET', `/api/Product/Versions/${productId}`, { token: tokens.partner });
  const versionId = (versions.body as { testingVersion: { id: string } }).testingVersion.id;
  // a .glb is submitted once the reference validator has checked it
  await vi.waitFor(
    async () => {
      const url = `/api/Product/Version/Submit/${productId}/${versionId}`;
      const submitted = await call(node, 'PUT', url, { token: tokens.partner });
      if (submitted.status !== 200) throw new Error(`submitting ${name}: ${JSON.stringify(submitted.body)}`);
    },
    { timeout: 20_000, interval: 100 },
  );
  for (const step of ['Start', 'Accept']) {
    const reviewed = await call(node, 'PUT', `/api/Admin/Review/${step}/${versionId}`, { token: tokens.admin });
    if (reviewed.status !== 200) throw new Error(`${step} review of ${name}: ${JSON.stringify(reviewed.body)}`);
  }
  return productId;
}

/** Registers a partner: the code is asked for on one node and read from the dev outbox of the other. */
async function registerPartner(asked: ServerNode, read: ServerNode, email: string): Promise<void> {
  const sent = await call(asked, 'GET', `/api/Access/SendRegistrationCode?email=${encodeURIComponent(email)}`);
  if (sent.status !== 200) throw new Error(`sending a code to ${email}: ${JSON.stringify(sent.body)}`);
  const outbox = (await call(read, 'GET', '/dev/outbox.json')).body as Array<{ to: string; subject: string }>;
  const code = outbox.find((mail) => mail.to === email)?.subject.match(/^(\d{6}) /)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  const registered = await call(asked, 'POST', '/api/Access/Register', { json: registration(email, code) });
  if (registered.status !== 200) throw new Error(`registering ${email}: ${JSON.stringify(registered.body)}`);
}

if (!postgresUrl || !testRedisUrl) {
  const missing = [postgresUrl ? '' : 'TEST_DATABASE_URL', testRedisUrl ? '' : 'TEST_REDIS_URL'].filter(Boolean);
  describe.skip(`two server processes on one PostgreSQL and one Redis (skipped: ${missing.join(' and ')} not set)`, () => {});
} else {
  const redisUrl = testRedisUrl;
  describe('two server processes on one PostgreSQL and one Redis', () => {
    let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
    const prefix = `portal-nodes-${randomBytes(4).toString('hex')}`;
    const nodes: ServerNode[] = [];
    const clients: HubConnection[] = [];
    let partnerToken = '';
    let adminToken = '';
    const testerEmail = uniqueEmail('tester');

    const node = (index: number) => {
      const found = nodes[index];
      if (!found) throw new Error(`no node ${index}`);
      return found;
    };

    beforeAll(async () => {
      database = await createScratchDatabase();
      const env = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        WEB_DIST: path.join(os.tmpdir(), 'portal-test-no-web'),
        SEED_DEMO: 'true',
        DEMO_PROJECTS: 'false',
        JOBS: 'false',
        PAYMENTS: 'sandbox',
        MARKETPLACE_TOKEN,
        RATE_LIMIT_LOGIN_PER_EMAIL: String(LOGIN_FAILURES_PER_EMAIL),
      };
      // both start at once, as a deployment's do: one prepares the database while the other waits for it
      nodes.push(...(await Promise.all([startNode('a', env), startNode('b', env)])));
      await Promise.all(nodes.map((started) => waitForHealth(started)));
      partnerToken = await login(node(0), DEMO_PARTNER.email, DEMO_PARTNER.password);
      adminToken = await login(node(1), DEMO_ADMIN.email, DEMO_ADMIN.password);
      // the tester registers through B and is whitelisted through A: one database behind both
      await registerPartner(node(1), node(0), testerEmail);
      const whitelisted = await call(node(0), 'POST', '/api/WhiteList', {
        token: partnerToken,
        json: { email: testerEmail },
      });
      if (whitelisted.status !== 200) throw new Error(`whitelisting the tester: ${JSON.stringify(whitelisted.body)}`);
    }, 120_000);

    afterAll(async () => {
      await Promise.allSettled(clients.map((client) => client.stop()));
      await Promise.all(nodes.map(stopNode));
      await Promise.all(nodes.map((stopped) => rm(stopped.dataDir, { recursive: true, force: true })));
      await database?.drop();
      await dropRedisKeys(redisUrl, `${prefix}:`);
    }, 30_000);

    async function connect(on: ServerNode, email: string, password: string, reconnects: boolean): Promise<Player> {
      const answer = await call(on, 'POST', '/game/api/Access/Login', { json: { email, password } });
      const token = (answer.body.accessToken as string).replace(/^Bearer /, '');
      const options: IHttpConnectionOptions & { WebSocket: typeof WebSocket } = {
        accessTokenFactory: () => token,
        WebSocket,
      };
      const builder = new HubConnectionBuilder()
        .withUrl(`${on.origin}/game/socket/Gaming?v=1.17`, options)
        .configureLogging(LogLevel.None);
      const client = (reconnects ? builder.withAutomaticReconnect([0, 500, 1000, 2000, 4000]) : builder).build();
      clients.push(client);
      const player: Player = { client, results: [], events: [], reconnecting: [], reconnected: 0 };
      client.on('ReceiveMessage', (message: ConsoleMessage) => player.results.push(message));
      client.on('EventMessage', (message: ConsoleMessage) => {
        const event = parseGameEvent(message);
        if (event) player.events.push(event);
      });
      client.onreconnecting((error) => player.reconnecting.push(error?.message));
      client.onreconnected(() => {
        player.reconnected += 1;
      });
      await client.start();
      return player;
    }

    async function act(player: Player, action: string, ...args: unknown[]): Promise<ConsoleMessage> {
      const before = player.results.length;
      await player.client.invoke(action, ...args);
      await vi.waitFor(() => expect(player.results.length).toBeGreaterThan(before), { timeout: 10_000 });
      return player.results[before] as ConsoleMessage;
    }

    const seen = (player: Player) => player.events.map((event) => `${event.event} ${event.userId}`);

    /** A game on node A with the demo partner hosting it there, and the tester playing it from node B. */
    async function gameAcrossNodes(name: string) {
      const productId = await createGameInTesting(node(0), partnerToken, name);
      const host = await connect(node(0), DEMO_PARTNER.email, DEMO_PARTNER.password, false);
      const guest = await connect(node(1), testerEmail, PASSWORD, true);
      const created = await act(host, 'CreateGame', 'anchor', { ProductId: productId, ProductVersion: 1 });
      expect(created, JSON.stringify(created)).toMatchObject({ succeeded: true });
      const info = JSON.parse(created.jsonData as string) as { id: string; hostUserId: string };
      const joined = await act(guest, 'JoinGame', info.id);
      expect(joined, JSON.stringify(joined)).toMatchObject({ succeeded: true });
      const players = (JSON.parse(joined.jsonData as string) as { players: Array<{ userId: string }> }).players;
      const guestUserId = players.find((player) => player.userId !== info.hostUserId)?.userId;
      return { productId, gameId: info.id, hostUserId: info.hostUserId, guestUserId, host, guest };
    }

    it('starts both nodes together on one database, each healthy, with its seed data once', async () => {
      for (const started of nodes) {
        const health = await call(started, 'GET', '/healthz');
        expect(health.body).toMatchObject({ status: 'ok', database: 'postgres', redis: 'ok' });
      }
      const faqs = await Promise.all(nodes.map(async (started) => (await call(started, 'GET', '/api/Faq')).body));
      expect(faqs[0].data.length).toBeGreaterThan(0);
      expect(faqs[1]).toEqual(faqs[0]);
      const questions = (faqs[0].data as Array<{ question: string }>).map((faq) => faq.question);
      expect(new Set(questions).size).toBe(questions.length);
    });

    it('refuses on node B, at once, a session signed out on node A', async () => {
      const token = await login(node(0), DEMO_PARTNER.email, DEMO_PARTNER.password);
      expect((await call(node(1), 'GET', '/api/Access/Profile', { token })).status).toBe(200);
      expect((await call(node(0), 'POST', '/api/Access/Logout', { token })).status).toBe(204);
      const refused = await call(node(1), 'GET', '/api/Access/Profile', { token });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ errorCode: 'Unauthorized' });
      // only that session: the partner's other one still passes on both
      for (const started of nodes) {
        expect((await call(started, 'GET', '/api/Access/Profile', { token: partnerToken })).status).toBe(200);
      }
    });

    it('refuses on node B, at once, a member removed on node A, and closes their hub connections there', async () => {
      const email = uniqueEmail('member');
      await registerPartner(node(1), node(0), email);
      const studios = await call(node(0), 'GET', '/api/Team/Studios', { token: partnerToken });
      const studioId = (studios.body.data as Array<{ id: string; isDefault: boolean }>).find(
        (one) => one.isDefault,
      )?.id;
      if (!studioId) throw new Error('the demo partner has no studio');
      const invited = await call(node(0), 'POST', '/api/Team/Invitations', {
        token: partnerToken,
        json: { email, role: 'Developer' },
      });
      expect(invited.status).toBe(200);
      const outbox = (await call(node(1), 'GET', '/dev/outbox.json')).body as Array<{ to: string; text: string }>;
      const token = outbox
        .find((mail) => mail.to === email && mail.text.includes('token='))
        ?.text.match(/token=([\w-]+)/)?.[1];
      const memberToken = await login(node(1), email, PASSWORD);
      expect(
        (await call(node(1), 'POST', '/api/Team/Invitations/Accept', { token: memberToken, json: { token } })).status,
      ).toBe(200);
      const inStudio = { token: memberToken, headers: { 'X-Studio-Id': studioId } };
      expect((await call(node(1), 'GET', '/api/Product', inStudio)).status).toBe(200);
      const member = await connect(node(1), email, PASSWORD, false);
      const closed = new Promise<string | undefined>((resolve) =>
        member.client.onclose((error) => resolve(error?.message)),
      );

      const members = await call(node(0), 'GET', '/api/Team/Members', { token: partnerToken });
      const userId = (members.body.data as Array<{ email: string; userId: string }>).find(
        (one) => one.email === email,
      )?.userId;
      expect((await call(node(0), 'DELETE', `/api/Team/Members/${userId}`, { token: partnerToken })).status).toBe(204);
      const refused = await call(node(1), 'GET', '/api/Product', inStudio);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ errorCode: 'NotStudioMember' });
      const startedAt = Date.now();
      expect(await closed).toContain('Your access to a studio changed');
      expect(Date.now() - startedAt).toBeLessThan(1_000);
    }, 60_000);

    it('lists on node B, at once, a game created through node A', async () => {
      const before = await call(node(1), 'GET', '/api/Product?PageIndex=1&PageSize=50', { token: partnerToken });
      expect(before.status).toBe(200);
      const name = `Fresh ${randomBytes(3).toString('hex')}`;
      const productId = await createProduct(node(0), partnerToken, name);
      const after = await call(node(1), 'GET', '/api/Product?PageIndex=1&PageSize=50', { token: partnerToken });
      expect(after.body.totalCount).toBe(before.body.totalCount + 1);
      expect(after.body.data).toContainEqual(expect.objectContaining({ id: productId, name }));
    });

    it('counts failed logins to both nodes against one limit', async () => {
      const email = uniqueEmail('guess');
      const attempt = (index: number) =>
        call(node(index % 2), 'POST', '/api/Access/Login', { json: { email, password: 'Wrong1234' } });
      for (let index = 0; index < LOGIN_FAILURES_PER_EMAIL; index += 1) {
        const failed = await attempt(index);
        expect(failed.status, `attempt ${index + 1} on node ${index % 2 === 0 ? 'A' : 'B'}`).toBe(400);
        expect(failed.body).toMatchObject({ errorCode: 'InvalidCredentials' });
      }
      const refused = await attempt(LOGIN_FAILURES_PER_EMAIL);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ errorCode: 'RateLimited' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // and the other node refuses it too
      expect((await attempt(LOGIN_FAILURES_PER_EMAIL + 1)).status).toBe(429);
    });

    it('finishes on node B a second step started on node A, and refuses its code again on either node', async () => {
      const email = uniqueEmail('two-step');
      await registerPartner(node(0), node(1), email);
      const token = await login(node(1), email, PASSWORD);
      const setup = await call(node(0), 'POST', '/api/Access/TwoFactor/Totp/Setup', { token });
      const secret = Secret.fromBase32(setup.body.secret as string);
      const codeOfStep = (steps: number) =>
        TOTP.generate({ secret, timestamp: Date.now() + steps * TOTP_PERIOD_SECONDS * 1000 });
      // set up on A, turned on through B, with the code of the step before now
      const enabled = await call(node(1), 'POST', '/api/Access/TwoFactor/Totp/Enable', {
        token,
        json: { code: codeOfStep(-1) },
      });
      expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);

      const started = await call(node(0), 'POST', '/api/Access/Login', { json: { email, password: PASSWORD } });
      expect(started.body).toMatchObject({ twoFactorRequired: true });
      const challenge = started.body.challenge as string;
      const code = codeOfStep(0);
      const finished = await call(node(1), 'POST', '/api/Access/Login/TwoFactor', { json: { challenge, code } });
      expect(finished.status, JSON.stringify(finished.body)).toBe(200);
      expect(finished.body.accessToken).toEqual(expect.any(String));
      // the challenge is spent everywhere, and so is the code's step
      const again = await call(node(0), 'POST', '/api/Access/Login/TwoFactor', { json: { challenge, code } });
      expect(again.body).toMatchObject({ errorCode: 'TwoFactorChallengeExpired' });
      const next = await call(node(0), 'POST', '/api/Access/Login', { json: { email, password: PASSWORD } });
      const replayed = await call(node(0), 'POST', '/api/Access/Login/TwoFactor', {
        json: { challenge: next.body.challenge, code },
      });
      expect(replayed.body).toMatchObject({ errorCode: 'TwoFactorCodeIncorrect' });
    });

    it('lets two official SignalR clients, one on each node, play one game and hear each other', async () => {
      const { gameId, hostUserId, guestUserId, host, guest } = await gameAcrossNodes('Two Node Tag');
      await vi.waitFor(() => expect(seen(host)).toContain(`joined ${guestUserId}`), { timeout: 10_000 });
      expect(await act(host, 'StartGame', gameId)).toMatchObject({ succeeded: true });
      await vi.waitFor(() => expect(seen(guest)).toContain(`started ${hostUserId}`), { timeout: 10_000 });
      expect(await act(guest, 'Win', gameId)).toMatchObject({ succeeded: true });
      await vi.waitFor(() => expect(seen(host)).toContain(`win ${guestUserId}`), { timeout: 10_000 });
      const state = await act(guest, 'GetGameInformation', gameId);
      expect(JSON.parse(state.jsonData as string)).toMatchObject({ id: gameId, state: 'Playing' });
    }, 60_000);

    it("counts the players now of both nodes' games in the live stream of either node", async () => {
      const productId = await createReleasedGame(node(0), { partner: partnerToken, admin: adminToken }, 'Live Tag');
      const people = [uniqueEmail('live-a'), uniqueEmail('live-b'), uniqueEmail('live-c')];
      for (const email of people) await registerPartner(node(0), node(0), email);
      const [first, second, third] = [
        await connect(node(0), people[0] as string, PASSWORD, false),
        await connect(node(1), people[1] as string, PASSWORD, false),
        await connect(node(1), people[2] as string, PASSWORD, false),
      ] as [Player, Player, Player];
      // a game on node A with two players (one of them on B), a game on node B with one
      const onA = await act(first, 'CreateGame', 'anchor', { ProductId: productId, ProductVersion: 1 });
      expect(onA, JSON.stringify(onA)).toMatchObject({ succeeded: true });
      const gameOnA = (JSON.parse(onA.jsonData as string) as { id: string }).id;
      expect(await act(second, 'JoinGame', gameOnA)).toMatchObject({ succeeded: true });
      const onB = await act(third, 'CreateGame', 'anchor', { ProductId: productId, ProductVersion: 1 });
      expect(onB, JSON.stringify(onB)).toMatchObject({ succeeded: true });

      for (const reader of [node(0), node(1)]) {
        const response = await fetch(`${reader.origin}/api/Analytics/Live`, {
          headers: { authorization: `Bearer ${partnerToken}` },
        });
        expect(response.status).toBe(200);
        const body = (response.body as ReadableStream<Uint8Array>).getReader();
        let text = '';
        const decoder = new TextDecoder();
        // each node tells its players every five seconds: three messages at most before both are in
        await vi.waitFor(
          async () => {
            const { value } = await body.read();
            text += decoder.decode(value, { stream: true });
            const messages = text.split('\n\n').filter((message) => message.startsWith('event: live'));
            const last = JSON.parse((messages.at(-1) ?? '').split('data: ')[1] ?? '{}') as { players?: number };
            expect(last.players).toBe(3);
          },
          { timeout: 20_000, interval: 0 },
        );
        await body.cancel();
      }
    }, 90_000);

    it('pays once when a settlement run is started on both nodes at the same moment', async () => {
      const productId = await createReleasedGame(node(0), { partner: partnerToken, admin: adminToken }, 'Settled Tag');
      // a sale well before the latest payout day, so that a run now pays it
      const sale = await call(node(1), 'POST', '/api/internal/Sales', {
        token: MARKETPLACE_TOKEN,
        json: saleReport(productId, {
          purchasedAt: new Date(Date.now() - 100 * 86_400_000).toISOString(),
          totalPrice: 1999,
        }),
      });
      expect(sale.status, JSON.stringify(sale.body)).toBe(200);
      expect(sale.body.payoutDate <= latestPayoutDayOnOrBefore(payoutZoneDate(new Date()))).toBe(true);

      const runs = await Promise.all(
        nodes.map((started) => call(started, 'POST', '/api/Admin/Settlement/Run', { token: adminToken })),
      );
      for (const run of runs) {
        if (run.status === 200) continue;
        expect(run.status).toBe(409);
        expect(run.body).toMatchObject({ errorCode: 'SettlementRunning' });
      }
      const finished = runs.filter((run) => run.status === 200).map((run) => run.body);
      expect(finished.length).toBeGreaterThan(0);
      expect(finished.reduce((sum, run) => sum + run.paidCount, 0)).toBe(1);

      const payouts = await call(node(1), 'GET', '/api/Admin/Settlement/Payouts?PageSize=100', { token: adminToken });
      const ours = (payouts.body.data as Array<{ partnerEmail: string }>).filter(
        (payout) => payout.partnerEmail === DEMO_PARTNER.email,
      );
      expect(ours).toEqual([
        expect.objectContaining({ status: 'Sent', amount: sale.body.income / 100, salesCount: 1, attempts: 1 }),
      ]);
      // the provider's side: the partner's (sandbox) Stripe dashboard lists one transfer
      const link = await call(node(0), 'GET', '/api/Stripe/Connect/Dashboard', { token: partnerToken });
      const dashboard = new URL(link.body.url, node(0).origin);
      const page = await call(node(0), 'GET', `${dashboard.pathname}${dashboard.search}`);
      expect(page.status).toBe(200);
      expect((page.body as string).match(/<tr><td>/g)).toHaveLength(1);
    }, 60_000);

    it('keeps node B serving when node A is killed, and ends A’s games for their players on B', async () => {
      const { productId, gameId, guest } = await gameAcrossNodes('Lost Node Tag');
      const a = node(0);
      const b = node(1);
      const exited = new Promise((resolve) => a.child.once('exit', resolve));
      a.child.kill('SIGKILL');
      await exited;

      expect((await call(b, 'GET', '/healthz')).body).toMatchObject({
        status: 'ok',
        database: 'postgres',
        redis: 'ok',
      });
      const list = await call(b, 'GET', '/api/Product?PageIndex=1&PageSize=1', { token: partnerToken });
      expect(list.status).toBe(200);
      expect(list.body.totalCount).toBeGreaterThan(0);

      // the player on B gets a close to reconnect after, saying its game ended, and is back on B at once
      await vi.waitFor(() => expect(guest.reconnecting).toContainEqual(expect.stringContaining(GAME_NODE_LOST)), {
        timeout: NODE_LOST_WITHIN_MS,
        interval: 100,
      });
      await vi.waitFor(
        () => {
          expect(guest.reconnected).toBeGreaterThan(0);
          expect(guest.client.state).toBe(HubConnectionState.Connected);
        },
        { timeout: 10_000 },
      );
      expect(await act(guest, 'GetGameInformation', gameId)).toMatchObject({
        succeeded: false,
        error: { errorCode: 'GameEnded', message: GAME_NODE_LOST },
      });
      // and plays on, on B
      expect(await act(guest, 'CreateGame', 'anchor', { ProductId: productId, ProductVersion: 1 })).toMatchObject({
        succeeded: true,
      });
    }, 60_000);
  });
}
