import type { Workspace } from '../../src/service/index.js';
import { JobCancelled, JobError, type JobHandle, type JobRunner, toFailure } from './job-runner.js';
import { runJob } from './jobs.js';

/**
 * Runs jobs on the calling thread, after the current event turn, through the same job table as
 * the worker. For tests (deterministic, no compiled worker needed) and as a fallback when worker
 * threads are unavailable. Cancelling drops the result.
 */
export class InlineJobRunner implements JobRunner {
  private readonly live = new Set<() => void>();

  constructor(
    private readonly ws: Workspace,
    private readonly dataset: string | undefined,
    /** The absolute path of the user's matcher module, for every job. */
    private readonly matchers?: string,
  ) {}

  run<T>(kind: string, args: unknown, progress?: (p: unknown) => void): JobHandle<T> {
    let cancelled = false;
    let rejectFn: (e: unknown) => void = () => {};
    const promise = new Promise<T>((resolve, reject) => {
      rejectFn = reject;
      setImmediate(() => {
        if (cancelled) return;
        runJob(kind, { ws: this.ws, dataset: this.dataset, matchers: this.matchers, progress: (p) => !cancelled && progress?.(p) }, args).then(
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

  close(): void {
    for (const c of [...this.live]) c();
  }
}
