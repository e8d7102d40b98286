// `npm test`: every check, in order, stopping at the first failure.
// type-check → lint → unit and API tests (PGlite, and PostgreSQL when one answers) → web build → browser tests.
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { ensureChromium } from './ensure-chromium.mjs';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const LOCAL_REDIS = 'redis://127.0.0.1:6379/0';

function answers(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function resolvePostgres() {
  if (process.env.TEST_DATABASE_URL) {
    console.log(`API tests also run on PostgreSQL at TEST_DATABASE_URL.`);
    return;
  }
  if (await answers('127.0.0.1', 5432)) {
    process.env.TEST_DATABASE_URL = LOCAL_POSTGRES;
    console.log(`PostgreSQL answers at 127.0.0.1:5432: API tests also run on it (${LOCAL_POSTGRES}).`);
  } else {
    console.log(
      'No PostgreSQL at 127.0.0.1:5432 and no TEST_DATABASE_URL: skipping the PostgreSQL variant of the API tests.',
    );
  }
}

async function resolveRedis() {
  if (process.env.TEST_REDIS_URL) {
    console.log('Multi-node tests run on Redis at TEST_REDIS_URL.');
    return;
  }
  if (await answers('127.0.0.1', 6379)) {
    process.env.TEST_REDIS_URL = LOCAL_REDIS;
    console.log(`Redis answers at 127.0.0.1:6379: multi-node tests run on it (${LOCAL_REDIS}).`);
  } else {
    console.log('No Redis at 127.0.0.1:6379 and no TEST_REDIS_URL: skipping the multi-node tests.');
  }
}

const steps = [
  ['type-check', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit and API tests', 'npx', ['vitest', 'run']],
  ['web build', 'npm', ['run', 'build']],
  ['browser tests', 'npm', ['run', 'test:e2e']],
];

const [major] = process.versions.node.split('.').map(Number);
console.log(`Runtime: Node.js ${process.version}`);
if (major < 24) {
  console.error('npm test runs on Node.js 24, the root `node` devDependency: run `npm ci` first, then `npm test`.');
  process.exit(1);
}
ensureChromium();
await resolvePostgres();
await resolveRedis();

const timings = [];
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name}: ${seconds} s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n✔ every check passed\n  ${timings.join('\n  ')}`);
