import { nearDuplicateGroups } from '../near-duplicates.js';
import { plus } from '../../../core/metrics/scored-run.js';
import { prf, type Counts } from '../../../core/ratio.js';
import type { Example } from '../../../core/schemas/example.js';
import type { Rule } from '../../../core/schemas/rule.js';
import type { Task } from '../../../core/schemas/task.js';
import { tied } from '../arbiter.js';
import { foldsOf } from '../covering/cross-validate.js';
import type { ResolvedOptions } from '../options.js';
import { scoreRules } from '../pipeline.js';
import { TUNING } from '../tuning.js';

/** One list the span arbiter may keep. */
export interface SpanOption {
  name: string;
  rules: Rule[];
}

/** What the span learners learned from some train texts: the candidate pipeline's rules and the token-window templates'. */
export interface SpanLearned {
  pipeline: Rule[];
  windows: Rule[];
}

/** Both span learners, run on `train` with these options (no dev: they judge on train). */
export type LearnSpans = (train: readonly Example[], opts: ResolvedOptions) => Promise<SpanLearned>;

/** The lists to choose from: each learner's, and both together (the pipeline's first). */
export function spanOptions({ pipeline, windows }: SpanLearned): SpanOption[] {
  const shifted = pipeline.map((r) => ({ ...r, priority: r.priority + windows.length }));
  return [
    { name: 'the candidate pipeline', rules: pipeline },
    { name: 'token-window templates', rules: windows },
    { name: 'both together', rules: [...shifted, ...windows] },
  ];
}

/** The first label of an example's spans (none: ''), to deal folds by. */
const firstLabel = (e: Example): string => e.spans?.[0]?.label ?? '';

/**
 * With no dev split, k-fold cross-validation on train says what each option scores on text it did
 * not learn from: both learners learn on k-1 folds and every option is scored on the held-out
 * fold, counts pooled. Judged on train, the option with the most rules always looks best. Null
 * when the deadline passes first (the caller says so).
 */
export async function crossValidateSpans(task: Task, all: readonly Example[], learn: LearnSpans, opts: ResolvedOptions, deadline: number): Promise<{ f1: number[]; folds: number } | null> {
  const k = Math.min(TUNING.covering.folds, Math.floor(all.length / 2));
  if (k < 2) return null;
  // Near-duplicates (windows of one document, receipts of one store) in one fold, as in classification's folds.
  const fold = foldsOf(all.map(firstLabel), k, opts.seed, nearDuplicateGroups(all.map((e) => e.text ?? '')));
  const counts: Counts[] = [];
  for (let j = 0; j < k; j++) {
    const held = all.filter((_, i) => fold[i] === j);
    const rest = all.filter((_, i) => fold[i] !== j);
    const learnBudgetMs = deadline - performance.now();
    if (learnBudgetMs <= 0) return null;
    const learned = await learn(rest, { ...opts, dev: null, inFold: true, onProgress: undefined, learnBudgetMs });
    spanOptions(learned).forEach((o, i) => {
      const c = scoreRules(task, o.rules, held);
      counts[i] = plus(counts[i] ?? { tp: 0, fp: 0, fn: 0 }, { tp: c.tp, fp: c.fp, fn: c.fn });
    });
  }
  if (performance.now() > deadline) return null;
  return { f1: counts.map((c) => prf(c).f1 ?? 0), folds: k };
}

/** The best option: the highest F1, and of those within `TUNING.arbiter.equalF1` of it, the one with the fewest rules. */
export function bestOption(options: readonly SpanOption[], f1: readonly number[]): number {
  return tied(f1, options.map((_, i) => i)).reduce((a, b) => (options[b]!.rules.length < options[a]!.rules.length ? b : a));
}
