import { defineConfig } from 'vitest/config';

const INCLUDE = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
const EXCLUDE = ['dist/**', 'node_modules/**'];

/**
 * Test files that need a module graph of their own: each checks what a module has or has not
 * loaded, or sets the environment before a library reads it, or needs a module-level cache empty.
 */
export const ISOLATED = [
  // XRegExp must not be loaded yet.
  'test/core/regex/js-dialect.test.ts',
  // The ReDoS verdict cache must not hold its patterns yet.
  'test/core/safety/redos-exponential-only.test.ts',
  // FORCE_COLOR is set before the terminal library reads it.
  'test/tui/no-color.test.tsx',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker per core: vitest's default leaves one idle, which on a 2-core machine runs the
    // files one after another, though many of them spend their time waiting on child processes.
    maxWorkers: '100%',
    // Builds dist/ when stale, for the tests that spawn the real CLI binary; makes the run's own
    // temp folder for the fixtures its files share.
    globalSetup: ['test/helpers/build-dist.ts', 'test/helpers/run-dir.ts'],
    projects: [
      {
        extends: true,
        // A worker keeps the modules it loaded from one file to the next: loading the source
        // again for each file (its ReDoS checker, SQLite, the schemas) cost about half the
        // suite's time. Tests keep no state in modules: each opens its own workspace in its own
        // temp folder, and puts back any environment variable it sets.
        test: { name: 'shared-modules', include: INCLUDE, exclude: [...EXCLUDE, ...ISOLATED], isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, exclude: EXCLUDE, isolate: true } },
    ],
  },
});
