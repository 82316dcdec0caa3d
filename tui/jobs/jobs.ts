import type { Workspace } from '../../src/service/index.js';

/** What a job function gets: the workspace it runs on, the dataset, and a progress callback. */
export interface JobContext {
  readonly ws: Workspace;
  readonly dataset: string | undefined;
  readonly progress: (p: unknown) => void;
}

export type JobFn = (ctx: JobContext, args: never) => unknown;

/**
 * The jobs the TUI runs in the background, by name. Each calls the service only and returns a
 * plain JSON value. The worker thread and the in-process runner share this table, so a job
 * behaves the same in tests and in the terminal.
 */
export const JOBS = {
  /** A trivial job, for checking that the runner works: echoes its argument after `ms`. */
  async echo(_ctx: JobContext, args: { value: unknown; ms?: number }) {
    await new Promise((r) => setTimeout(r, args.ms ?? 0));
    return args.value;
  },
  /** Examples count: proves the job opened the same workspace. */
  count(ctx: JobContext) {
    return ctx.ws.stats(ctx.dataset).examples;
  },
  /** Every example with gold, prediction and error kinds (the Examples screen). */
  examples(ctx: JobContext, args: { split?: 'train' | 'dev' | 'test' | 'all' }) {
    return ctx.ws.exampleOutcomes({ ...(ctx.dataset ? { dataset: ctx.dataset } : {}), split: args.split ?? 'all' });
  },
  /** A learning run; progress is the loop's events. */
  learn(ctx: JobContext, args: { rounds?: number; incremental?: boolean; offline?: boolean }) {
    return ctx.ws.learn({
      ...(ctx.dataset ? { dataset: ctx.dataset } : {}),
      ...(args.rounds !== undefined ? { rounds: args.rounds } : {}),
      incremental: !!args.incremental,
      offline: !!args.offline,
      onEvent: (e) => ctx.progress(e),
    });
  },
} satisfies Record<string, JobFn>;

export type JobKind = keyof typeof JOBS;

/** Runs a job of the table by name; an unknown name is an error that names the jobs there are. */
export async function runJob(kind: string, ctx: JobContext, args: unknown): Promise<unknown> {
  const fn = (JOBS as Record<string, JobFn>)[kind];
  if (!fn) throw new Error(`no job "${kind}": the jobs are ${Object.keys(JOBS).join(', ')}`);
  return await fn(ctx, args as never);
}
