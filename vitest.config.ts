import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/test-assets', 'packages/cli', 'apps/server', 'apps/web'],
    pool: 'forks',
    maxWorkers: 2,
  },
});
