import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { MARKETPLACE_TOKEN } from './fixtures/marketplace.ts';

function freePort(): string {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return execFileSync(process.execPath, ['-e', script]).toString().trim();
}

// Evaluated by the runner and by every worker: the first evaluation picks the port and data dir for all.
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
const port = process.env.E2E_PORT;

const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // generous: a long flow (two actors, a few pages, an accessibility scan) takes 40 s on a busy 2-core machine
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    // what a portal looks like before anyone has released anything: first, on the same server
    { name: 'pristine', testMatch: 'pristine/**/*.spec.ts' },
    { name: 'portal', testIgnore: ['pristine/**', 'clock/**'], dependencies: ['pristine'] },
    // tests that move the server's placement clock: last, once nothing else reads it
    { name: 'clock', testMatch: 'clock/**/*.spec.ts', dependencies: ['portal'] },
  ],
  outputDir: 'test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx ../apps/server/src/server.ts',
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      RATE_LIMIT_LOGIN_PER_IP: '100000',
      RATE_LIMIT_CODES_PER_IP: '100000',
      // tests seed what they need through the API; `npm run screenshots` turns the demo projects on
      DEMO_PROJECTS: 'false',
      // sales are reported as the marketplace does (fixtures: reportSale)
      MARKETPLACE_TOKEN,
      // a month of placement passes in a test (POST /testing/clock)
      CLOCK_CONTROL: 'true',
    },
  },
});
