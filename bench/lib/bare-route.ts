import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { onCpus } from './cpus.ts';
import { REPO_ROOT } from './paths.ts';

const CHILD_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-route-server.ts');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export interface BareRoute {
  url: string;
  pid: number;
  close(): Promise<void>;
}

/**
 * Starts a bare Fastify server in its own process (so it never shares an event loop with the load generator) whose
 * one GET route at `route` answers `body` with `contentType`: the floor any handler returning these bytes sits on.
 * With `headers`, every answer also sends them.
 */
export async function startBareRoute(
  route: string,
  body: Buffer,
  contentType: string,
  cpus?: string,
  headers?: Record<string, string>,
): Promise<BareRoute> {
  return startBareServer(
    CHILD_SCRIPT,
    (dir) => {
      const bodyFile = path.join(dir, 'body');
      writeFileSync(bodyFile, body);
      const env: Record<string, string> = {
        BARE_BODY_FILE: bodyFile,
        BARE_CONTENT_TYPE: contentType,
        BARE_ROUTE: route,
      };
      if (headers) {
        const headersFile = path.join(dir, 'headers.json');
        writeFileSync(headersFile, JSON.stringify(headers));
        env.BARE_HEADERS_FILE = headersFile;
      }
      return env;
    },
    cpus,
  );
}

/**
 * Runs `script`, a bare server that prints `listening <port>`, in its own process with PORT=0 and the variables
 * `envFor` answers for a temporary directory of its own, removed once the server is closed.
 */
export async function startBareServer(
  script: string,
  envFor: (dir: string) => Record<string, string>,
  cpus?: string,
): Promise<BareRoute> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-bare-route-'));
  const [command, args] = onCpus(process.execPath, ['--import', 'tsx', script], cpus);
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', ...envFor(dir) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn the bare Fastify server');
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const close = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the bare Fastify server did not start in time')),
        START_TIMEOUT_MS,
      );
      let output = '';
      child.stdout?.setEncoding('utf8');
      child.stdout?.on('data', (chunk: string) => {
        output += chunk;
        const match = /listening (\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the bare Fastify server exited before listening (${code ?? signal})`));
      });
    });
    return { url: `http://127.0.0.1:${port}`, pid, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * The child's side of `startBareServer`: listens on PORT at 127.0.0.1, prints `listening <port>`, and closes on
 * SIGTERM or SIGINT.
 */
export async function serveBare(app: FastifyInstance): Promise<void> {
  const stop = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
  const address = app.server.address();
  console.log(`listening ${address && typeof address === 'object' ? address.port : ''}`);
}
