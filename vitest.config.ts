import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['dist/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Builds dist/ when stale, for the tests that spawn the real CLI binary.
    globalSetup: ['test/helpers/build-dist.ts'],
  },
});
