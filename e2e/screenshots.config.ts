import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/** `npm run screenshots`: every screen at both widths on the demo data, for a person to look at. */
export default defineConfig({
  ...base,
  testDir: 'screenshots',
  projects: [{ name: 'screenshots' }],
  retries: 0,
  timeout: 600_000,
  outputDir: 'test-results/screenshots',
  webServer:
    base.webServer && !Array.isArray(base.webServer)
      ? { ...base.webServer, env: { ...base.webServer.env, DEMO_PROJECTS: 'true' } }
      : base.webServer,
});

export const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');
