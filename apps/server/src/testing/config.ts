import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AppConfig, loadConfig } from '../config.ts';

/** A config for tests: no web build, no demo partner, a data dir of its own. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'portal-test-')),
    WEB_DIST: path.join(os.tmpdir(), 'portal-test-no-web'),
    SEED_DEMO: 'false',
    JOBS: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
}
