import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, freePort, makeTempDir, spawnTsx } from './testing/index.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

function start(dataDir: string, port: number, extraEnv: Record<string, string> = {}) {
  return spawnTsx('src/server.ts', {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...extraEnv,
    },
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('the server process', () => {
  const running: ChildProcess[] = [];
  afterAll(() => {
    for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('persists to DATA_DIR, seeds once, prints its URL and shuts down cleanly on SIGTERM', async () => {
    const dataDir = await makeTempDir('server');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;

    const first = start(dataDir, port);
    running.push(first.child);
    await waitForHealth(url, first.child);
    expect(first.output()).toContain(`Partner Portal is running at http://localhost:${port}`);
    expect(first.output()).toContain(`Runtime: Node.js ${process.version}`);
    const faqsBefore = ((await (await fetch(`${url}/api/Faq`)).json()) as { data: unknown[] }).data.length;
    expect(await stop(first.child)).toBe(0);

    const second = start(dataDir, port);
    running.push(second.child);
    await waitForHealth(url, second.child);
    const faqsAfter = ((await (await fetch(`${url}/api/Faq`)).json()) as { data: unknown[] }).data.length;
    expect(faqsAfter).toBe(faqsBefore);
    expect(await stop(second.child)).toBe(0);
  }, 120_000);

  it('drains on SIGTERM: /readyz says it is stopping while requests are still served, then it exits cleanly', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = start(await makeTempDir('server'), port, {
      SHUTDOWN_DRAIN_SECONDS: '3',
    });
    running.push(server.child);
    await waitForHealth(url, server.child);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 2000, interval: 50 }).toBe(503);
    expect((await fetch(`${url}/api/Faq`)).status).toBe(200);
    expect(await exited).toBe(0);
  }, 120_000);

  const postgresUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!postgresUrl)(
    'runs on PostgreSQL when DATABASE_URL is set (skipped without TEST_DATABASE_URL)',
    async () => {
      const database = await createScratchDatabase();
      try {
        const port = await freePort();
        const server = start(await makeTempDir('server'), port, {
          DATABASE_URL: database.url,
        });
        running.push(server.child);
        await waitForHealth(`http://127.0.0.1:${port}`, server.child);
        const health = await (await fetch(`http://127.0.0.1:${port}/healthz`)).json();
        expect(health).toEqual({ status: 'ok', database: 'postgres', storage: 'disk' });
        const login = await fetch(`http://127.0.0.1:${port}/api/Access/Login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'demo@lumora.example', password: 'Demo1234' }),
        });
        expect(login.status).toBe(200);
        expect(await stop(server.child)).toBe(0);
      } finally {
        await database.drop();
      }
    },
    120_000,
  );
});
