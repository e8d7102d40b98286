import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'test-assets', environment: 'node', include: ['src/**/*.test.ts'] },
});
