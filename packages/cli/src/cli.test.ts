import { execFile } from 'node:child_process';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorCatalog, fileMessages, reviewStatusLabels, versionMessages } from '@portal/contracts';
import {
  bearer,
  createTestApp,
  freePort,
  glbBuild,
  gltfWithMesh,
  modelBody,
  productBody,
  registerConnectedPartner,
  type TestApp,
  unityBundle,
} from '@portal/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const cliDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(cliDir, 'dist', 'lumora.js');
const ADMIN = { email: 'reviewer@lumora.example', password: 'Review1234' };

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built binary as a CI job would: its own environment, no terminal. */
function lumora(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env }, timeout: 90_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A port nothing listens on. */
const closedPort = freePort;

describe('the lumora CLI against the real server', () => {
  let t: TestApp;
  let server: string;
  let unreachable: string;
  let partnerToken: string;
  let adminToken: string;
  let fullKey: string;
  let readOnlyKey: string;
  let gameId: string;
  let modelId: string;
  let configDir: string;
  let files: { glb: string; bundle: string; text: string };
  /** The environment of a logged-in run: the config dir that lumora login wrote. */
  const env = () => ({ LUMORA_CONFIG_DIR: configDir });

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const versionsOf = async (type: 'Product' | 'Model', id: string) =>
    (await api('GET', `/api/${type}/Versions/${id}`, partnerToken)).json() as {
      testingVersion: Record<string, unknown> | null;
      releaseVersion: Record<string, unknown> | null;
      historyVersions: Array<Record<string, unknown>>;
    };
  const createKey = async (name: string, scopes: string[]) => {
    const created = await api('POST', '/api/ApiKey', partnerToken, { name, scopes });
    if (created.statusCode !== 200) throw new Error(`creating a key failed: ${created.body}`);
    return (created.json() as { secret: string }).secret;
  };
  /** The admin reviews version `number` of the game (or model) once it is submitted: start, then accept or reject. */
  const review = async (number: number, decision: { reject?: string }, type: 'Product' | 'Model' = 'Product') => {
    let versionId: string | undefined;
    const numberKey = type === 'Product' ? 'productVersion' : 'modelVersion';
    await expect
      .poll(
        async () => {
          const release = (await versionsOf(type, type === 'Product' ? gameId : modelId)).releaseVersion;
          versionId = release?.[numberKey] === number ? (release.id as string) : undefined;
          return versionId ? release?.reviewStatus : undefined;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe('SubmitedWaitingReview');
    expect((await api('PUT', `/api/Admin/Review/Start/${versionId}`, adminToken)).statusCode).toBe(200);
    const decided = decision.reject
      ? await api('PUT', `/api/Admin/Review/Reject/${versionId}`, adminToken, { reason: decision.reject })
      : await api('PUT', `/api/Admin/Review/Accept/${versionId}`, adminToken);
    expect(decided.statusCode).toBe(200);
  };

  beforeAll(async () => {
    const build = await new Promise<Run>((resolve) =>
      execFile(process.execPath, [path.join(cliDir, 'build.mjs')], (error, stdout, stderr) =>
        resolve({ code: error ? 1 : 0, stdout, stderr }),
      ),
    );
    if (build.code !== 0) throw new Error(`building the CLI failed: ${build.stderr}`);

    t = await createTestApp('pglite', { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    server = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    unreachable = `http://127.0.0.1:${await closedPort()}`;

    const partner = await registerConnectedPartner(t.app);
    partnerToken = partner.accessToken;
    adminToken = (
      (await t.app.inject({ method: 'POST', url: '/api/Access/Login', payload: ADMIN })).json() as {
        accessToken: string;
      }
    ).accessToken;
    gameId = (
      (await api('POST', '/api/Product', partnerToken, await productBody(t.app, partnerToken))).json() as {
        id: string;
      }
    ).id;
    modelId = (
      (await api('POST', '/api/Model', partnerToken, await modelBody(t.app, partnerToken))).json() as {
        id: string;
      }
    ).id;
    fullKey = await createKey('CI', ['read', 'upload', 'versions']);
    readOnlyKey = await createKey('Dashboard', ['read']);

    const dir = await mkdtemp(path.join(os.tmpdir(), 'lumora-cli-'));
    configDir = path.join(dir, 'config');
    files = {
      glb: path.join(dir, 'lantern.glb'),
      bundle: path.join(dir, 'orbit-ios.ab'),
      text: path.join(dir, 'notes.txt'),
    };
    await writeFile(files.glb, glbBuild(96 * 1024, gltfWithMesh(12, 0.5)));
    await writeFile(files.bundle, unityBundle(64 * 1024));
    await writeFile(files.text, 'not a build');
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  it('logs in with a key: checks it, saves it readable by its owner only, never prints it', async () => {
    const run = await lumora(['login', '--key', fullKey, '--server', server], env());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Logged in to ${server} with the key ${fullKey.slice(0, 12)}…`);
    expect(run.stdout + run.stderr).not.toContain(fullKey);
    const file = path.join(configDir, 'config.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ server, key: fullKey });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses a key the server does not know, with its message, and saves nothing', async () => {
    const other = path.join(await mkdtemp(path.join(os.tmpdir(), 'lumora-cli-')), 'config');
    const unknownKey = `lmk_${'x'.repeat(43)}`;
    const run = await lumora(['login', '--key', unknownKey, '--server', server, '--json'], {
      LUMORA_CONFIG_DIR: other,
    });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      errorCode: 'Unauthorized',
      message: expect.stringContaining(errorCatalog.Unauthorized.message),
    });
    expect(run.stdout).not.toContain(unknownKey);
    await expect(stat(path.join(other, 'config.json'))).rejects.toThrow();
  });

  it('lists the games and 3D models with --json', async () => {
    const run = await lumora(['items', '--json'], env());
    expect(run.code).toBe(0);
    const { items } = JSON.parse(run.stdout) as { items: Array<Record<string, string>> };
    expect(items).toEqual(
      expect.arrayContaining([
        { id: gameId, type: 'game', name: 'Orbit Tag', status: 'Draft' },
        { id: modelId, type: 'model', name: 'Lantern Fox', status: 'Draft' },
      ]),
    );
  });

  it('uses LUMORA_API_KEY and LUMORA_SERVER without a login, as CI does', async () => {
    const run = await lumora(['items'], { LUMORA_API_KEY: fullKey, LUMORA_SERVER: server });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ID\s+TYPE\s+STATUS\s+NAME/);
    expect(run.stdout).toContain('Orbit Tag');
  });

  it('says clearly when the server cannot be reached', async () => {
    const run = await lumora(['items'], { LUMORA_API_KEY: fullKey, LUMORA_SERVER: unreachable });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Could not reach ${unreachable}: ECONNREFUSED`);
  });

  it('refuses version 0 and a .txt build locally with the contracts’ messages, sending nothing', async () => {
    // an unreachable server: any request would fail with a network error instead
    const offline = { LUMORA_API_KEY: fullKey, LUMORA_SERVER: unreachable };
    const zero = await lumora(['version', 'add', gameId, '0', '--json'], offline);
    expect(zero.code).toBe(1);
    expect(JSON.parse(zero.stdout)).toEqual({
      errorCode: 'ValidationFailed',
      message: versionMessages.positiveInteger,
    });

    const text = await lumora(['upload', gameId, '1', '--ios', files.text], offline);
    expect(text.code).toBe(1);
    expect(text.stderr).toContain(fileMessages.buildFormat);
    expect(text.stderr).not.toContain('Could not reach');
    expect(await versionsOf('Product', gameId)).toMatchObject({ testingVersion: null, releaseVersion: null });
  });

  it('adds a version to a game and to a 3D model, finding the type of each', async () => {
    const game = await lumora(['version', 'add', gameId, '1', '--json'], env());
    expect(game.code).toBe(0);
    expect(JSON.parse(game.stdout)).toMatchObject({
      item: { id: gameId, type: 'game' },
      version: { number: 1, slot: 'testing', reviewStatus: 'PrepareForSubmission' },
    });
    const model = await lumora(['version', 'add', modelId, '1'], env());
    expect(model.code).toBe(0);
    expect(model.stdout).toContain('Added version 1 of Lantern Fox (3D model)');
  });

  it('refuses an upload that would leave the version without its Android build, before uploading', async () => {
    const run = await lumora(['upload', modelId, '1', '--ios', files.bundle, '--notes', 'First'], env());
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(versionMessages.androidRequired);
    expect(run.stderr).not.toContain('uploading');
  });

  it('does not upload with a read-only key: the server’s 403 message, a non-zero exit, the version unchanged', async () => {
    const run = await lumora(
      ['upload', gameId, '1', '--ios', files.bundle, '--android', files.glb, '--notes', 'x', '--json'],
      {
        LUMORA_API_KEY: readOnlyKey,
        LUMORA_SERVER: server,
      },
    );
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      errorCode: 'ApiKeyScopeMissing',
      message: errorCatalog.ApiKeyScopeMissing.message,
    });
    expect((await versionsOf('Product', gameId)).testingVersion).toMatchObject({ iosAssetUrl: null, updateLog: '' });
  });

  it('uploads a real AssetBundle and .glb with progress, prints each build report, and saves them in the version', async () => {
    const run = await lumora(
      ['upload', gameId, '1', '--ios', files.bundle, '--android', files.glb, '--notes', 'First build from CI'],
      env(),
    );
    expect(run.stderr).not.toContain('lumora:');
    expect(run.code).toBe(0);
    // not a terminal: a line per quarter instead of a bar
    expect(run.stderr).toContain('iOS orbit-ios.ab: 100% of 64.0 KB');
    expect(run.stderr).toContain('Android lantern.glb: 100% of 96.0 KB');
    expect(run.stdout).toMatch(/iOS build orbit-ios\.ab → \S*\/files\/\S+/);
    expect(run.stdout).toContain('UnityFS AssetBundle · Unity 2022.3.10f1 · 64.0 KB');
    expect(run.stdout).toContain('glTF 2.0 · 1 mesh · 12 triangles');
    expect(run.stdout).toContain('Saved version 1 of Orbit Tag (AR game) with its new iOS and Android builds.');
    const testing = (await versionsOf('Product', gameId)).testingVersion;
    expect(testing).toMatchObject({ updateLog: 'First build from CI' });
    expect(testing?.iosAssetUrl).toEqual(expect.stringContaining('/files/'));
    expect(testing?.androidAssetUrl).toEqual(expect.stringContaining('/files/'));
  });

  it('shows the status of an item: its testing, release and live versions', async () => {
    const run = await lumora(['status', gameId, '--json'], env());
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      items: [{ id: gameId, testing: { number: 1, reviewStatus: 'PrepareForSubmission' }, release: null, live: null }],
    });
  });

  it('submits and waits through an admin acceptance: exit 0', async () => {
    const running = lumora(['submit', gameId, '1', '--wait', '--interval', '0.2', '--timeout', '60'], env());
    await review(1, {});
    const run = await running;
    expect(run.stderr).not.toContain('lumora:');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Version 1 of Orbit Tag (AR game) was accepted and released.');
    const status = await lumora(['status', gameId], env());
    expect(status.stdout).toMatch(/live\s+v1 Accepted And Released/);
  });

  it('submits and waits through a rejection: exit 1 with the reviewer’s reason', async () => {
    expect((await lumora(['version', 'add', gameId, '2'], env())).code).toBe(0);
    const uploaded = await lumora(
      ['upload', gameId, '2', '--ios', files.bundle, '--android', files.glb, '--notes', 'Second build'],
      env(),
    );
    expect(uploaded.code).toBe(0);
    const reason = 'The lantern clips through the floor on Android.';
    const running = lumora(['submit', gameId, '2', '--wait', '--interval', '0.2', '--timeout', '60', '--json'], env());
    await review(2, { reject: reason });
    const run = await running;
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      errorCode: 'VersionRejected',
      message: `Version 2 of Orbit Tag (AR game) was rejected: ${reason}`,
      reason,
      version: { number: 2, reviewStatus: 'Rejected' },
    });
  });

  it('gives up waiting after --timeout: exit 2', async () => {
    const fixed = await lumora(['upload', gameId, '2', '--android', files.glb, '--notes', 'Lantern fixed'], env());
    expect(fixed.code).toBe(0);
    const run = await lumora(['submit', gameId, '2', '--wait', '--interval', '0.2', '--timeout', '1'], env());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`Version 2 is still ${reviewStatusLabels.SubmitedWaitingReview} after 1 s.`);
  });

  it('submits for a release by hand: accepted, the version waits for its partner to release it', async () => {
    const uploaded = await lumora(
      [
        'upload',
        modelId,
        '1',
        '--ios',
        files.bundle,
        '--android',
        files.glb,
        '--notes',
        'First model',
        '--type',
        'model',
      ],
      env(),
    );
    expect(uploaded.code).toBe(0);
    const running = lumora(
      ['submit', modelId, '1', '--manual-release', '--wait', '--interval', '0.2', '--timeout', '60', '--json'],
      env(),
    );
    await review(1, {}, 'Model');
    const run = await running;
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      item: { id: modelId, type: 'model' },
      version: { number: 1, reviewStatus: 'AcceptedAndReleased', releaseOnAcceptance: false, releasedAt: null },
    });
    const status = await lumora(['status', modelId], env());
    expect(status.stdout).toMatch(/release\s+v1 Accepted And Released, waiting for its release/);
    expect(status.stdout).toMatch(/live\s+not on the marketplace/);

    const released = await lumora(['release', modelId, '1'], env());
    expect(released.code, released.stderr).toBe(0);
    expect(released.stdout).toContain('Released version 1');
    expect((await lumora(['status', modelId], env())).stdout).toMatch(/live\s+v1 Accepted And Released/);
    const again = await lumora(['release', modelId, '1', '--json'], env());
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout)).toMatchObject({ errorCode: 'VersionNotReleasable' });
  });
});
