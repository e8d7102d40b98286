import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // the integration tests run the real server, whose tests start from a migrated PGlite template
    globalSetup: ['../../apps/server/src/testing/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
