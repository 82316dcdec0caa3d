import type { DatasetHandle, Progress, Workspace } from '../../src/service/index.js';
import type { SpanChoice } from '../route.js';

/**
 * What a job function gets: the workspace it runs on, the dataset (its name, and its handle,
 * opened by the runner with the user's matcher module), and a progress callback.
 */
export interface JobContext {
  readonly ws: Workspace;
  readonly dataset: string | undefined;
  readonly data: DatasetHandle;
  readonly progress: (p: unknown) => void;
}

export type JobFn = (ctx: JobContext, args: never) => unknown;

/** Jobs by name. The app runs `JOBS`; tests add their own (test/helpers/test-jobs.ts). */
export type JobTable = Record<string, JobFn>;

/** The arguments of a job (`{}` for one that takes none). */
export type JobArgs<F> = F extends (ctx: JobContext, args: infer A) => unknown ? (unknown extends A ? Record<string, never> : A) : never;

/** What a job resolves with. */
export type JobResult<F> = F extends (ctx: JobContext, args: never) => infer R ? Awaited<R> : never;

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

const onProgress = (ctx: JobContext) => throttledProgress(ctx.progress);

/** The service's `span` and `label` of a suggestion request (nothing for a whole example). */
const spanRequest = (s: SpanChoice | undefined) => (s ? { span: { start: s.start, end: s.end }, label: s.label } : {});

/**
 * The jobs the TUI runs in the background, by name. Each calls the service only and returns a
 * plain JSON value. The worker thread and the in-process runner share this table, so a job
 * behaves the same in tests and in the terminal.
 */
export const JOBS = {
  /** Recomputes and stores per-rule metrics; returns what the rules table needs to know. */
  async metrics(ctx: JobContext) {
    const r = await ctx.data.metrics({ onProgress: onProgress(ctx) });
    const timedOut = [...new Set(r.issues.flatMap((i) => (i.kind === 'timeout' ? [i.rule_id] : [])))];
    return { rules: r.rules.length, f1: r.f1, split: r.split, notes: r.notes, timed_out: timedOut, elapsed_ms: r.elapsed_ms };
  },
  /** What a pattern edit would change (the rule alone and the ruleset), nothing saved. */
  preview(ctx: JobContext, args: { ruleId: string; pattern: string }) {
    return ctx.data.previewRuleEdit({ ruleId: args.ruleId, pattern: args.pattern });
  },
  /** Rules that would give a train example its label, or extract a span of it with `label`, ranked (the Suggest screen). */
  suggest(ctx: JobContext, args: { exampleId: string; span?: SpanChoice }) {
    return ctx.data.suggest({ exampleId: args.exampleId, ...spanRequest(args.span) });
  },
  /** Train examples whose fix would help most, and why (the Next screen). */
  next(ctx: JobContext) {
    return ctx.data.next({ limit: 50 });
  },
  /** Adds the `rank`-th suggestion for an example as an active rule. */
  acceptSuggestion(ctx: JobContext, args: { exampleId: string; rank: number; span?: SpanChoice }) {
    return ctx.data.acceptSuggestion({ exampleId: args.exampleId, rank: args.rank, ...spanRequest(args.span) });
  },
  /** Solo and leave-one-out marginal F1 of every active rule. */
  rank(ctx: JobContext) {
    return ctx.data.rank({ onProgress: onProgress(ctx) });
  },
  /** The greedy pruning plan (a dry run), or applied. */
  prune(ctx: JobContext, args: { apply?: boolean; dead?: boolean; duplicates?: boolean; tolerance?: number }) {
    return ctx.data.prune({ onProgress: onProgress(ctx), apply: !!args.apply, dead: !!args.dead, duplicates: !!args.duplicates, ...(args.tolerance !== undefined ? { tolerance: args.tolerance } : {}) });
  },
  /** A recorded evaluation (an identical recorded one is reused), optionally compared with an earlier eval run. */
  eval(ctx: JobContext, args: { split?: 'train' | 'dev' | 'test' | 'all'; compare?: number }) {
    return ctx.data.evaluate({ onProgress: onProgress(ctx), split: args.split, compare: args.compare, reuse: true });
  },
  /** Every example with gold, prediction and error kinds (the Examples screen). */
  examples(ctx: JobContext, args: { split?: 'train' | 'dev' | 'test' | 'all' }) {
    return ctx.data.exampleOutcomes({ split: args.split ?? 'all' });
  },
  /** A learning run; progress is the loop's events. */
  learn(ctx: JobContext, args: { rounds?: number; incremental?: boolean; offline?: boolean }) {
    return ctx.data.learn({
      rounds: args.rounds,
      incremental: !!args.incremental,
      offline: !!args.offline,
      onEvent: (e) => ctx.progress(e),
    });
  },
} satisfies Record<string, JobFn>;

/** The app's job table, as a type: runners and `useJob` take their names, arguments and results from it. */
export type Jobs = typeof JOBS;

export type JobKind = keyof Jobs & string;

/** Runs a job of the table by name; an unknown name is an error that names the jobs there are. */
export async function runJob(kind: string, ctx: JobContext, args: unknown, table: JobTable = JOBS): Promise<unknown> {
  const fn = table[kind];
  if (!fn) throw new Error(`no job "${kind}": the jobs are ${Object.keys(table).join(', ')}`);
  return await fn(ctx, args as never);
}
