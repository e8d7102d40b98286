/**
 * The servers a figure measures the portal beside, each in its own process (so none shares an event loop with the
 * load generator), started from the child scripts in `lib/servers/`: bare routes answering fixed bytes, a stream, an
 * upload to disk, a raw `ws` hub, and two builds of a partner's list (straightforward, and the floor of the stack).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { onCpus } from './cpus.ts';
import { REPO_ROOT, SERVERS_DIR } from './paths.ts';

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export interface BareRoute {
  url: string;
  pid: number;
  close(): Promise<void>;
}

/** The two lists a comparison build serves. */
export type ListTable = 'products' | 'models';

/**
 * A bare Fastify server whose one GET route at `route` answers `body` with `contentType`: the floor any handler
 * returning these bytes sits on. With `headers`, every answer also sends them.
 */
export function startBareRoute(
  route: string,
  body: Buffer,
  contentType: string,
  cpus?: string,
  headers?: Record<string, string>,
): Promise<BareRoute> {
  return startBareServer(
    'bare-route.ts',
    (dir) => ({
      BARE_BODY_FILE: writeInto(dir, 'body', body),
      BARE_CONTENT_TYPE: contentType,
      BARE_ROUTE: route,
      ...(headers ? { BARE_HEADERS_FILE: writeInto(dir, 'headers.json', JSON.stringify(headers)) } : {}),
    }),
    cpus,
  );
}

/** A bare Fastify route streaming `body` from a file with `contentType`: the floor any streaming handler sits on. */
export function startBareStreamRoute(route: string, body: Buffer, contentType: string): Promise<BareRoute> {
  return startBareServer('bare-stream.ts', (dir) => ({
    BARE_BODY_FILE: writeInto(dir, 'body', body),
    BARE_CONTENT_TYPE: contentType,
    BARE_ROUTE: route,
  }));
}

/**
 * A bare Fastify POST route streaming a multipart request's file part to a new file (in a temporary directory,
 * removed on close) and answering once it is written: the floor any upload handler sits on.
 */
export function startBareUploadRoute(route: string): Promise<BareRoute> {
  return startBareServer('bare-upload.ts', (dir) => ({ BARE_UPLOAD_DIR: dir, BARE_ROUTE: route }));
}

/** A raw `ws` server fanning each message out to its sender's group: the floor the game hub sits on. */
export function startBareWsServer(): Promise<BareRoute> {
  return startBareServer('bare-ws.ts', () => ({}));
}

/** A straightforward Fastify + pg handler of a partner's list on the bench's database, for scale. */
export function startStraightforwardList(databaseUrl: string, route: string, table: ListTable): Promise<BareRoute> {
  return startBareServer('straightforward.ts', () => ({
    DATABASE_URL: databaseUrl,
    BARE_ROUTE: route,
    STRAIGHTFORWARD_TABLE: table,
  }));
}

/**
 * The leanest correct build of a partner's list on the portal's stack, answering with `headers`: cold (`cache` off)
 * one statement per request; warm, the session and the page kept in Maps.
 */
export function startFloorList(
  databaseUrl: string,
  route: string,
  table: ListTable,
  headers: Record<string, string>,
  cache: 'on' | 'off',
): Promise<BareRoute> {
  return startBareServer('floor.ts', (dir) => ({
    DATABASE_URL: databaseUrl,
    BARE_ROUTE: route,
    FLOOR_TABLE: table,
    FLOOR_HEADERS_FILE: writeInto(dir, 'headers.json', JSON.stringify(headers)),
    FLOOR_CACHE: cache,
  }));
}

const writeInto = (dir: string, name: string, data: Buffer | string) => {
  const file = path.join(dir, name);
  writeFileSync(file, data);
  return file;
};

/**
 * Runs `script` (in `lib/servers/`), a server that prints `listening <port>`, in its own process with PORT=0 and the
 * variables `envFor` answers for a temporary directory of its own, removed once the server is closed.
 */
async function startBareServer(
  script: string,
  envFor: (dir: string) => Record<string, string>,
  cpus?: string,
): Promise<BareRoute> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-bare-route-'));
  const [command, args] = onCpus(process.execPath, ['--import', 'tsx', path.join(SERVERS_DIR, script)], cpus);
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', ...envFor(dir) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not spawn ${script}`);
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
      const timer = setTimeout(() => reject(new Error(`${script} did not start in time`)), START_TIMEOUT_MS);
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
        reject(new Error(`${script} exited before listening (${code ?? signal})`));
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
