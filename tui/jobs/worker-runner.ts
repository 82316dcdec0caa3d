import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { JobCancelled, JobError, type JobHandle, type JobMessage, type JobRunner } from './job-runner.js';
import type { JobArgs, JobResult, JobTable, Jobs } from './jobs.js';
import type { WorkerInput } from './serve-job.js';

/**
 * The compiled worker script: `worker.js` in this module's folder, both in the bundle (where
 * this code sits in a chunk beside the worker entry) and in the plain build. When this module
 * runs from TypeScript source (tests), the compiled copy in dist/ is used, since a worker cannot
 * load .ts.
 */
export function workerScript(): string {
  const here = fileURLToPath(import.meta.url);
  const beside = join(dirname(here), 'worker.js');
  if (here.endsWith('.js') || existsSync(beside)) return beside;
  const dist = here.replace(/([\\/])tui([\\/]jobs[\\/])worker-runner\.ts$/, '$1dist$1tui$2worker.js');
  if (!existsSync(dist)) throw new Error(`background jobs need the compiled worker ${dist}: run \`npm run build\``);
  return dist;
}

/**
 * Runs each job in its own worker thread on its own connection to the workspace file, so heavy
 * service calls never block the UI thread. Cancelling terminates the thread. `J` is the table
 * the `script` serves (the app's unless a test gives its own worker).
 */
export class WorkerJobRunner<J extends JobTable = Jobs> implements JobRunner<J> {
  private readonly live = new Set<Worker>();

  constructor(
    private readonly db: string,
    private readonly dataset: string | undefined,
    private readonly script = workerScript(),
    /** The absolute path of the user's matcher module, for every job. */
    private readonly matchers?: string,
  ) {}

  run<K extends keyof J & string>(kind: K, args: JobArgs<J[K]>, progress?: (p: unknown) => void): JobHandle<JobResult<J[K]>> {
    type T = JobResult<J[K]>;
    const input: WorkerInput = { kind, db: this.db, dataset: this.dataset, matchers: this.matchers, args };
    const worker = new Worker(this.script, { workerData: input });
    this.live.add(worker);
    let settled = false;
    let cancel = () => {};
    const promise = new Promise<T>((resolve, reject) => {
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        this.live.delete(worker);
        fn();
      };
      cancel = () =>
        finish(() => {
          void worker.terminate();
          reject(new JobCancelled());
        });
      worker.on('message', (m: JobMessage) => {
        if (m.type === 'progress') {
          if (!settled) progress?.(m.data);
        } else if (m.type === 'done') finish(() => resolve(m.result as T));
        else finish(() => reject(new JobError(m.error)));
      });
      worker.on('error', (e) => finish(() => reject(new JobError({ message: e.message }))));
      worker.on('exit', (code) => finish(() => reject(new JobError({ message: `background job "${kind}" stopped (exit code ${code})` }))));
    });
    return { promise, cancel: () => cancel() };
  }

  close(): void {
    for (const w of this.live) void w.terminate();
    this.live.clear();
  }
}
