import type { RuleOutputs } from '../engine/executor.js';
import { resolveDocument } from '../engine/resolve.js';
import type { ExampleScore } from '../eval/types.js';
import { RulewrightError } from '../errors.js';
import type { Scorer } from '../eval/scorer.js';
import type { Counts } from '../ratio.js';
import type { Example } from '../schemas/example.js';
import type { Prediction } from '../schemas/prediction.js';

/**
 * What per-rule metrics, ranking and pruning work from: every rule's raw matches (computed once
 * by the engine), the examples they ran on (`examples[d]` is document `d` of `outputs`) and the
 * task's scorer (its matching mode and matchers). The scorer should be compiled with
 * `outcomes: false`; samples compile their own.
 */
export interface ScoredRun {
  readonly outputs: RuleOutputs;
  readonly examples: readonly Example[];
  readonly scorer: Scorer;
}

/** Counts as flat (tp, fp, fn) triples, one per rule, so per-rule sums stay in typed arrays. */
export type CountsVec = Float64Array;

export const countsAt = (v: CountsVec, i: number): Counts => ({ tp: v[3 * i]!, fp: v[3 * i + 1]!, fn: v[3 * i + 2]! });

/** `into[i] += sign * c`. Counts are multiples of 0.5, so adding and subtracting is exact. */
export function addInto(into: CountsVec, i: number, c: Counts, sign: 1 | -1 = 1): void {
  into[3 * i] = into[3 * i]! + sign * c.tp;
  into[3 * i + 1] = into[3 * i + 1]! + sign * c.fp;
  into[3 * i + 2] = into[3 * i + 2]! + sign * c.fn;
}

export const plus = (a: Counts, b: Counts): Counts => ({ tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn });

// Ranking and pruning compare F1 values from exact counts; the formula is the shared one.
export { f1Of } from '../ratio.js';

/** a − b, null when either is null. */
export const minus = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a - b);

/** The exclusion mask that leaves every rule out: what "no rule fired" resolves to. */
export function allExcluded(outputs: RuleOutputs): Uint8Array {
  return new Uint8Array(outputs.rules.length).fill(1);
}

/** The number of output items in a prediction: spans, a label, or field values. */
export function outputSize(p: { spans?: unknown[]; label?: string | null; output?: Record<string, unknown> }): number {
  if (p.spans) return p.spans.length;
  if (p.output) {
    let n = 0;
    for (const v of Object.values(p.output)) n += Array.isArray(v) ? v.length : 1;
    return n;
  }
  return p.label === null || p.label === undefined ? 0 : 1;
}

/** Rows of `outputs` that line up with `examples`: a clear error instead of silent misalignment. */
export function checkAligned(run: ScoredRun): void {
  if (run.outputs.texts.length !== run.examples.length)
    throw new RulewrightError('INTERNAL', `rule outputs cover ${run.outputs.texts.length} documents but ${run.examples.length} examples were given`);
}

/**
 * Each example's score with no rule firing, for passes that need it for every example. A class
 * label prediction of nothing is the same for every document, so a classification example with no
 * `annotated` list that is not observed scores by its gold label alone: one score per label is
 * computed and shared (read only). Other examples are scored each time.
 */
export function noOutputScores(run: ScoredRun): (d: number) => ExampleScore {
  return noOutput(run, (e, p) => run.scorer.score(e, p));
}

/** `noOutputScores(run)(d).counts`, computed with the scorer's lighter `counts`. */
export function noOutputCounts(run: ScoredRun): (d: number) => Counts {
  return noOutput(run, (e, p) => run.scorer.counts(e, p));
}

function noOutput<T>(run: ScoredRun, score: (example: Example, prediction: Prediction) => T): (d: number) => T {
  const { outputs, examples } = run;
  const none = allExcluded(outputs);
  const each = (d: number) => score(examples[d]!, resolveDocument(outputs, d, none));
  if (outputs.task.type !== 'classification') return each;
  const byLabel = new Map<string | null | undefined, T>();
  return (d) => {
    const ex = examples[d]!;
    if (ex.annotated !== undefined || ex.source === 'observed') return each(d);
    let s = byLabel.get(ex.label);
    if (s === undefined) byLabel.set(ex.label, (s = each(d)));
    return s;
  };
}
