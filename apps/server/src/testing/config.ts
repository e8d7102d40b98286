import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AppConfig, loadConfig } from '../config.ts';

/** What production needs besides NODE_ENV: a secret key of its own (SECRET_KEY). */
export const productionEnv = {
  NODE_ENV: 'production',
  SECRET_KEY: 'a-test-secret-key-that-is-long-enough-0123456789',
} as const;

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
