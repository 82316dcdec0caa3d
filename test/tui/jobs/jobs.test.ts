import { describe, expect, expectTypeOf, test } from 'vitest';
import type { PruneResultView } from '../../../src/service/prune.js';
import { InlineJobRunner } from '../../../tui/jobs/inline-runner.js';
import type { JobRunner } from '../../../tui/jobs/job-runner.js';
import { JOBS } from '../../../tui/jobs/jobs.js';
import { TEST_JOB_TABLE, type TestJobs } from '../../helpers/test-jobs.js';

describe('the job table', () => {
  test('ships only the jobs the screens run; the runner checks live in the test helpers', () => {
    expect(Object.keys(JOBS).sort()).toEqual(['acceptSuggestion', 'eval', 'examples', 'learn', 'metrics', 'next', 'preview', 'prune', 'rank', 'suggest']);
    expect(Object.keys(TEST_JOB_TABLE)).toEqual(['echo', 'count', ...Object.keys(JOBS)]);
  });

  test('a runner takes its names, arguments and results from the table', async () => {
    const tests = new InlineJobRunner<TestJobs>({} as never, undefined, undefined, TEST_JOB_TABLE);
    await expect(tests.run('echo', { value: 7 }).promise).resolves.toBe(7);
    // Types (tsc checks them in `npm test`): a wrong name or argument does not compile.
    const typed = (runner: JobRunner) => {
      expectTypeOf(runner.run('prune', { apply: true }).promise).resolves.toEqualTypeOf<PruneResultView>();
      // @ts-expect-error the app's runner has no test jobs
      runner.run('echo', { value: 1 });
      // @ts-expect-error prune takes `apply`, not `dry`
      runner.run('prune', { dry: true });
    };
    expectTypeOf(typed).parameter(0).toEqualTypeOf<JobRunner>();
  });
});
