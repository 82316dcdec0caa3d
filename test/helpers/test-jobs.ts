import { join } from 'node:path';
import { JOBS, type JobContext } from '../../tui/jobs/jobs.js';
import { repoRoot } from './shared.js';

/** Jobs that only check a runner works; the app's table does not ship them. */
const TEST_JOBS = {
  /** Reports `steps` progress events, then echoes its argument after `ms`. */
  async echo(ctx: JobContext, args: { value: unknown; ms?: number; steps?: number }) {
    for (let i = 1; i <= (args.steps ?? 0); i++) ctx.progress({ step: i });
    await new Promise((r) => setTimeout(r, args.ms ?? 0));
    return args.value;
  },
  /** The number of examples: proves the job opened the same workspace. */
  count(ctx: JobContext) {
    return ctx.ws.dataset(ctx.dataset).stats().examples;
  },
};

/** The app's jobs with the test jobs (listed first, so an error that names the jobs starts with them). */
export const TEST_JOB_TABLE = { ...TEST_JOBS, ...JOBS };
export type TestJobs = typeof TEST_JOB_TABLE;

/** The compiled worker that serves `TEST_JOB_TABLE` (a worker cannot load .ts; `npm run build` makes it). */
export const testWorkerScript = (): string => join(repoRoot, 'dist', 'test', 'helpers', 'test-jobs-worker.js');
