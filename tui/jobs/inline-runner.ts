import type { DatasetHandle, Workspace } from '../../src/service/index.js';
import { JobCancelled, JobError, type JobHandle, type JobRunner, toFailure } from './job-runner.js';
import { JOBS, type JobArgs, type JobContext, type JobResult, type JobTable, type Jobs, runJob } from './jobs.js';

/**
 * Runs jobs on the calling thread, after the current event turn, through the same job table as
 * the worker. For tests (deterministic, no compiled worker needed) and as a fallback when worker
 * threads are unavailable. Cancelling drops the result. `jobs` is the table it runs (a test may
 * add its own jobs to the app's).
 */
export class InlineJobRunner<J extends JobTable = Jobs> implements JobRunner<J> {
  private readonly live = new Set<() => void>();
  /** Opened on the first job and kept: the matcher module is loaded once for every job. */
  private data: DatasetHandle | undefined;

  constructor(
    private readonly ws: Workspace,
    private readonly dataset: string | undefined,
    /** The absolute path of the user's matcher module, for every job. */
    private readonly matchers?: string,
    private readonly jobs: JobTable = JOBS,
  ) {}

  run<K extends keyof J & string>(kind: K, args: JobArgs<J[K]>, progress?: (p: unknown) => void): JobHandle<JobResult<J[K]>> {
    type T = JobResult<J[K]>;
    let cancelled = false;
    let rejectFn: (e: unknown) => void = () => {};
    const promise = new Promise<T>((resolve, reject) => {
      rejectFn = reject;
      setImmediate(() => {
        if (cancelled) return;
        runJob(kind, this.context((p) => !cancelled && progress?.(p)), args, this.jobs).then(
          (r) => {
            this.live.delete(cancel);
            if (!cancelled) resolve(r as T);
          },
          (e: unknown) => {
            this.live.delete(cancel);
            if (!cancelled) reject(new JobError(toFailure(e)));
          },
        );
      });
    });
    const cancel = () => {
      if (cancelled) return;
      cancelled = true;
      this.live.delete(cancel);
      rejectFn(new JobCancelled());
    };
    this.live.add(cancel);
    return { promise, cancel };
  }

  /** A job's context; the dataset handle is opened when a job first asks for it (some jobs need none). */
  private context(progress: (p: unknown) => void): JobContext {
    const open = () => (this.data ??= this.ws.dataset(this.dataset, { matchers: this.matchers }));
    return {
      ws: this.ws,
      dataset: this.dataset,
      get data() {
        return open();
      },
      progress,
    };
  }

  close(): void {
    for (const c of [...this.live]) c();
  }
}
