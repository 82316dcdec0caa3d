import { useCallback, useEffect, useRef, useState } from 'react';
import { JobCancelled, type JobHandle } from '../jobs/job-runner.js';
import type { JobArgs, JobKind, JobResult, Jobs } from '../jobs/jobs.js';
import { useLatest } from './use-latest.js';
import { errorText } from './use-loader.js';
import { useServices } from './use-services.js';

/** Progress events kept per run (the newest ones), for live logs. */
const LOG_LIMIT = 500;

export type JobState<T> =
  | { readonly status: 'idle' }
  | { readonly status: 'running'; readonly progress: unknown; readonly log: readonly unknown[]; readonly started: number }
  | { readonly status: 'done'; readonly result: T; readonly log: readonly unknown[]; readonly ms: number }
  | { readonly status: 'failed'; readonly error: string; readonly log: readonly unknown[] };

export interface Job<K extends JobKind> {
  readonly state: JobState<JobResult<Jobs[K]>>;
  /** Starts the job (cancelling a previous run of it). */
  start(args: JobArgs<Jobs[K]>): void;
  cancel(): void;
}

/**
 * One background job of a screen: start it, watch its progress, get its result. Input keeps
 * flowing while it runs. A new start cancels the previous run; leaving the screen cancels it.
 */
export function useJob<K extends JobKind>(kind: K, onDone?: (result: JobResult<Jobs[K]>) => void): Job<K> {
  type T = JobResult<Jobs[K]>;
  const { jobs } = useServices();
  const [state, setState] = useState<JobState<T>>({ status: 'idle' });
  const handle = useRef<JobHandle<T> | null>(null);
  const done = useLatest(onDone);

  const cancel = useCallback(() => {
    handle.current?.cancel();
    handle.current = null;
    setState((s) => (s.status === 'running' ? { status: 'idle' } : s));
  }, []);

  const start = useCallback(
    (args: JobArgs<Jobs[K]>) => {
      handle.current?.cancel();
      const started = Date.now();
      let log: unknown[] = [];
      setState({ status: 'running', progress: undefined, log, started });
      const h = jobs.run(kind, args, (progress) => {
        if (handle.current !== h) return;
        log = [...log.slice(-(LOG_LIMIT - 1)), progress];
        setState({ status: 'running', progress, log, started });
      });
      handle.current = h;
      h.promise.then(
        (result) => {
          if (handle.current !== h) return;
          handle.current = null;
          setState({ status: 'done', result, log, ms: Date.now() - started });
          done.current?.(result);
        },
        (e: unknown) => {
          if (e instanceof JobCancelled || handle.current !== h) return;
          handle.current = null;
          setState({ status: 'failed', error: errorText(e), log });
        },
      );
    },
    [jobs, kind, done],
  );

  useEffect(() => () => handle.current?.cancel(), []);
  return { state, start, cancel };
}
