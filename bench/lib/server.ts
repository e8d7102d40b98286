import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onCpus } from './cpus.ts';
import { findFreePort } from './free-port.ts';
import { REPO_ROOT } from './paths.ts';

const HEALTH_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
const STDERR_TAIL_LINES = 40;

export interface ServerMemory {
  /** VmHWM: the most the process has been resident so far. */
  peakRssKb: number;
  /** VmRSS: what it holds now, for telling a start-up spike from a steady state. */
  currentRssKb: number;
}

export interface PortalServer {
  url: string;
  pid: number;
  dataDir: string;
  /** Seconds from spawn to the first healthy answer: a fresh PGlite data dir is created and migrated in that time. */
  startupSeconds: number;
  /** Memory of the server process, from /proc (Linux only); the last reading once the server has stopped. */
  readMemory(): ServerMemory | null;
  stop(): Promise<void>;
}

export interface PortalServerOptions {
  /** Variables set on top of the defaults below (production, demo data, warn-level logs, a fresh DATA_DIR). */
  env?: Record<string, string>;
  /** Node flags placed before the entry point, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** The CPUs the server runs on (taskset's list; `pinServerApart`). */
  cpus?: string;
  /** The checkout whose server runs (default: this one); `bench/compare-refs.ts` runs another commit's beside it. */
  root?: string;
}

export async function startPortalServer(options: PortalServerOptions = {}): Promise<PortalServer> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const serverStdout = process.env.BENCH_SERVER_STDOUT;
  // Node itself rather than npx: then the spawned pid is the server, and its /proc status is the server's memory.
  const [command, args] = onCpus(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      'apps/server/src/server.ts',
    ],
    options.cpus,
  );
  const child = spawn(command, args, {
    cwd: options.root ?? REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // production needs a key of its own; one for every server a run starts
      SECRET_KEY: BENCH_SECRET_KEY,
      SEED_DEMO: 'true',
      // the demo's reviews go through the admin API, whose admin has no second factor here (production asks for one)
      ADMIN_REQUIRE_2FA: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', serverStdout ? openSync(serverStdout, 'a') : 'ignore', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn the portal server');

  const stderrTail: string[] = [];
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderrTail.push(...chunk.split('\n').filter(Boolean));
    stderrTail.splice(0, Math.max(0, stderrTail.length - STDERR_TAIL_LINES));
  });

  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let lastMemory: ServerMemory | null = null;
  const readMemory = () => {
    lastMemory = readProcMemory(pid) ?? lastMemory;
    return lastMemory;
  };

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    readMemory();
    await stopChild(child);
    process.removeListener('exit', killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
  };

  const started = Date.now();
  try {
    await waitForHealth(url, child);
  } catch (err) {
    await stop();
    const tail = stderrTail.length > 0 ? `\nserver stderr:\n${stderrTail.join('\n')}` : '';
    throw new Error(`${(err as Error).message}${tail}`);
  }
  const startupSeconds = (Date.now() - started) / 1000;
  console.log(`Portal server up at ${url} (pid ${pid}) after ${startupSeconds.toFixed(1)} s`);
  return { url, pid, dataDir, startupSeconds, readMemory, stop };
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the portal server exited before it was healthy (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet: the first start of a fresh PGlite data dir takes several seconds.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`GET ${url}/healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function readProcMemory(pid: number): ServerMemory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const readKb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    const memory = { peakRssKb: readKb('VmHWM'), currentRssKb: readKb('VmRSS') };
    return Number.isNaN(memory.peakRssKb) || Number.isNaN(memory.currentRssKb) ? null : memory;
  } catch {
    return null;
  }
}

const DEMO_EMAIL = 'demo@lumora.example';
const DEMO_PASSWORD = 'Demo1234';

/** Signs in as the seeded demo partner; answers the bearer token. */
export async function logInAsDemo(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/Access/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { accessToken?: string };
  if (response.status !== 200 || !body.accessToken) {
    throw new Error(`POST /api/Access/Login as ${DEMO_EMAIL} answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.accessToken;
}

/** What every measured server runs with: production mode, warn-level logs, sandbox payments. */
/** The SECRET_KEY of the servers a run starts: the same for all, so that nodes of one database agree. */
const BENCH_SECRET_KEY = randomBytes(32).toString('base64url');

export const PRODUCTION_ENV = { NODE_ENV: 'production', LOG_LEVEL: 'warn', PAYMENTS: 'sandbox' };

/** A server on its own embedded PGlite (a fresh DATA_DIR) with the demo data. */
export const DEMO_ENV = { ...PRODUCTION_ENV, SEED_DEMO: 'true' };

/** A server on the bench's PostgreSQL database at `databaseUrl`, without the demo data unless `overrides` say so. */
export const postgresEnv = (databaseUrl: string, overrides: Record<string, string> = {}) => ({
  DATABASE_URL: databaseUrl,
  ...PRODUCTION_ENV,
  SEED_DEMO: 'false',
  ...overrides,
});

/** Starts a server on an empty database and stops it: the start migrates the database, so a seed finds its tables. */
export async function migrateDatabase(env: Record<string, string>): Promise<void> {
  const server = await startPortalServer({ env });
  await server.stop();
}
