import type { Progress, Workspace } from '../../src/service/index.js';

/** What a job function gets: the workspace it runs on, the dataset, and a progress callback. */
export interface JobContext {
  readonly ws: Workspace;
  readonly dataset: string | undefined;
  /** The absolute path of the user's matcher module (`tui --matchers`), when there is one. */
  readonly matchers?: string | undefined;
  readonly progress: (p: unknown) => void;
}

export type JobFn = (ctx: JobContext, args: never) => unknown;

/** Progress reaches the screen at most this often (and at every phase's start and end). */
export const PROGRESS_INTERVAL_MS = 100;

/**
 * The service's progress, thinned for the UI: a pruning step can report per candidate rule, and
 * every report crosses a thread and redraws a frame.
 */
export function throttledProgress(post: (p: unknown) => void, now: () => number = Date.now): (p: Progress) => void {
  let last = -Infinity;
  let phase: string | undefined;
  return (p) => {
    const t = now();
    if (p.phase === phase && p.done < p.total && t - last < PROGRESS_INTERVAL_MS) return;
    last = t;
    phase = p.phase;
    post(p);
  };
}

/** The dataset and matcher module every job works with. */
const target = (ctx: JobContext) => ({ ...(ctx.dataset ? { dataset: ctx.dataset } : {}), ...(ctx.matchers ? { matchers: ctx.matchers } : {}) });
const scope = (ctx: JobContext) => ({ ...target(ctx), onProgress: throttledProgress(ctx.progress) });

/**
 * The jobs the TUI runs in the background, by name. Each calls the service only and returns a
 * plain JSON value. The worker thread and the in-process runner share this table, so a job
 * behaves the same in tests and in the terminal.
 */
export const JOBS = {
  /** A trivial job, for checking that a runner works: reports `steps` progress events, then echoes its argument after `ms`. */
  async echo(ctx: JobContext, args: { value: unknown; ms?: number; steps?: number }) {
    for (let i = 1; i <= (args.steps ?? 0); i++) ctx.progress({ step: i });
    await new Promise((r) => setTimeout(r, args.ms ?? 0));
    return args.value;
  },
  /** Examples count: proves the job opened the same workspace. */
  count(ctx: JobContext) {
    return ctx.ws.stats(ctx.dataset).examples;
  },
  /** Recomputes and stores per-rule metrics; returns what the rules table needs to know. */
  async metrics(ctx: JobContext) {
    const r = await ctx.ws.metrics(scope(ctx));
    const timedOut = [...new Set(r.issues.filter((i) => i.kind === 'timeout').map((i) => String(i.rule_id)))];
    return { rules: r.rules.length, f1: r.f1, split: r.split, notes: r.notes, timed_out: timedOut, elapsed_ms: r.elapsed_ms };
  },
  /** What a pattern edit would change (the rule alone and the ruleset), nothing saved. */
  preview(ctx: JobContext, args: { ruleId: string; pattern: string }) {
    return ctx.ws.previewRuleEdit({ ...target(ctx), ruleId: args.ruleId, pattern: args.pattern });
  },
  /** Solo and leave-one-out marginal F1 of every active rule. */
  rank(ctx: JobContext) {
    return ctx.ws.rank(scope(ctx));
  },
  /** The greedy pruning plan (a dry run), or applied. */
  prune(ctx: JobContext, args: { apply?: boolean }) {
    return ctx.ws.prune({ ...scope(ctx), apply: !!args.apply });
  },
  /** A recorded evaluation, optionally compared with an earlier eval run. */
  eval(ctx: JobContext, args: { split?: 'train' | 'dev' | 'test' | 'all'; compare?: number }) {
    return ctx.ws.evaluate({
      ...scope(ctx),
      ...(args.split ? { split: args.split } : {}),
      ...(args.compare !== undefined ? { compare: args.compare } : {}),
    });
  },
  /** Every example with gold, prediction and error kinds (the Examples screen). */
  examples(ctx: JobContext, args: { split?: 'train' | 'dev' | 'test' | 'all' }) {
    return ctx.ws.exampleOutcomes({ ...target(ctx), split: args.split ?? 'all' });
  },
  /** A learning run; progress is the loop's events. */
  learn(ctx: JobContext, args: { rounds?: number; incremental?: boolean; offline?: boolean }) {
    return ctx.ws.learn({
      ...target(ctx),
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
