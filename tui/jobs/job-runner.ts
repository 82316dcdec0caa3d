import type { JobArgs, JobResult, JobTable, Jobs } from './jobs.js';

/**
 * Long operations (metrics, rank, prune plan, eval, learn, edit previews) run as jobs so the
 * screen keeps taking keys while they work. A runner starts a job by name with JSON arguments,
 * reports progress, and resolves with the job's JSON result.
 */

/** A job's failure as it crosses a thread boundary: the message and the RulewrightError code. */
export interface JobFailure {
  readonly message: string;
  readonly code?: string;
}

/** A running job: its result, and a way to stop it (the promise then rejects with `cancelled`). */
export interface JobHandle<T> {
  readonly promise: Promise<T>;
  cancel(): void;
}

/**
 * Starts the jobs of a table (the app's `JOBS` unless a test adds its own), typed by it: the
 * name picks the arguments and the result. `progress` receives whatever the job reports.
 */
export interface JobRunner<J extends JobTable = Jobs> {
  run<K extends keyof J & string>(kind: K, args: JobArgs<J[K]>, progress?: (p: unknown) => void): JobHandle<JobResult<J[K]>>;
  /** Stops every running job (on quit). */
  close(): void;
}

/** What a worker posts back. */
export type JobMessage =
  | { readonly type: 'progress'; readonly data: unknown }
  | { readonly type: 'done'; readonly result: unknown }
  | { readonly type: 'error'; readonly error: JobFailure };

/** The error a cancelled job's promise rejects with. */
export class JobCancelled extends Error {
  override readonly name = 'JobCancelled';
  constructor() {
    super('cancelled');
  }
}

/** Turns a thrown value into a failure that survives structured cloning. */
export function toFailure(e: unknown): JobFailure {
  const err = e as { message?: unknown; code?: unknown };
  const message = typeof err?.message === 'string' ? err.message : String(e);
  return typeof err?.code === 'string' ? { message, code: err.code } : { message };
}

/** A job failure rethrown on the UI side, keeping the code. */
export class JobError extends Error {
  override readonly name = 'JobError';
  readonly code: string | undefined;
  constructor(f: JobFailure) {
    super(f.message);
    this.code = f.code;
  }
}
