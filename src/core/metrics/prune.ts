import type { CompiledRule } from '../engine/compile-rule.js';
import { type Counts, pairedZ } from '../ratio.js';
import { duplicateGroups } from './duplicates.js';
import { Ensemble, type Toggle } from './ensemble.js';
import { greedyPrune } from './greedy-prune.js';
import { type CountsVec, f1Of, minus, plus, type ScoredRun } from './scored-run.js';

/**
 * The default tolerance: prune while F1 rises at all. F1 comes from exact counts, and two
 * correctly rounded quotients compare the way the exact fractions do, so a gain above 0 is a real
 * gain (never float noise) and a tie never counts as one.
 */
export const DEFAULT_PRUNE_TOLERANCE = 0;

export interface PruneOptions {
  /** Remove a rule only when F1 rises by more than this (default 0: strictly rises). */
  tolerance?: number;
  /** Also remove rules that never fire. */
  dead?: boolean;
  /** Rules that never fire here but are kept all the same (they fire right on other data). */
  keepDead?: ReadonlySet<string>;
  /** Also remove exact duplicates (same format, pattern, flags, dialect, terms and output), keeping the first in execution order. */
  duplicates?: boolean;
  /** Stop after this many greedy removals (dead and duplicate removals not counted). */
  maxSteps?: number;
  /**
   * Remove a rule only when its removal clearly helps (`clearlyBetter`), not whenever F1 rises:
   * what `learn` prunes, where removing every rule that missed on a text or two fits the held-out
   * split rather than the task.
   */
  clearly?: boolean;
  /** Only these rule ids may be removed (the others still run); default: any rule. */
  only?: ReadonlySet<string>;
  /**
   * Told how far the work is: first the pass over the examples, then each greedy step's
   * candidates (`step` counts from 1; done/total are that step's candidates re-measured).
   */
  onProgress?: (done: number, total: number, step: number) => void;
}

export type PruneReason = 'duplicate' | 'dead' | 'harmful';

export interface PruneStep {
  step: number;
  rule_id: string;
  name: string;
  label: string;
  reason: PruneReason;
  /** For duplicates: the rule kept in its place. */
  duplicate_of?: string;
  f1_before: number | null;
  f1_after: number | null;
  gain: number | null;
  counts_after: Counts;
  /** Examples whose counts the step changed: how many decide its gain. */
  decided_by: number;
}

export interface PruneResult {
  f1_before: number | null;
  f1_after: number | null;
  counts_before: Counts;
  counts_after: Counts;
  /** Removed rule ids, in step order. */
  removed: string[];
  steps: PruneStep[];
  tolerance: number;
  /** Examples whose counts differ between before and after the plan: how many decide its gain. */
  decided_by: number;
}

/**
 * Greedy, iterative pruning: remove the rule whose removal raises micro F1 most, then recompute,
 * and repeat while the best gain exceeds the tolerance (the shared `greedyPrune`, best improvement,
 * on an `Ensemble` of the run). Each candidate's effect is a difference of counts over the
 * documents it fired on; after a removal only the rules sharing a document with the removed one
 * are measured again. Ties go to the rule latest in execution order (the least trusted).
 */
export function pruneRules(run: ScoredRun, options: PruneOptions = {}): PruneResult {
  const tolerance = options.tolerance ?? DEFAULT_PRUNE_TOLERANCE;
  const tell = options.onProgress;
  const ens = new Ensemble(run, undefined, tell && ((done, total) => tell(done, total, 0)));
  const countsBefore = ens.totals.counts;
  const initial = ens.perDocument();
  const steps: PruneStep[] = [];
  const record = (t: Toggle, before: Counts, reason: PruneReason, extra?: Partial<PruneStep>) =>
    steps.push(stepOf(run.outputs.rules[t.position]!, steps.length + 1, t, before, reason, extra));
  removeDuplicatesAndDead(ens, options, (t, reason, extra) => {
    record(t, ens.totals.counts, reason, extra);
    ens.commit(t);
  });
  let before = ens.totals.counts;
  const { ruleDocs, rules } = run.outputs;
  const harmful = greedyPrune(ens, {
    pick: 'best',
    value: (t) => {
      if (!t) return f1Of(ens.totals.counts);
      // Not comparable: a removal that does not clearly help is never the best one.
      if (options.clearly && !clearlyBetter(ens.betterWorse(t))) return null;
      return f1Of(plus(ens.totals.counts, t.delta));
    },
    tolerance,
    maxSteps: options.maxSteps,
    only: (p) => ruleDocs[p]!.length > 0 && (!options.only || options.only.has(rules[p]!.id)),
    onMeasure: tell,
  });
  for (const t of harmful) {
    record(t, before, 'harmful');
    before = plus(before, t.delta);
  }
  const countsAfter = ens.totals.counts;
  return {
    f1_before: f1Of(countsBefore),
    f1_after: f1Of(countsAfter),
    counts_before: countsBefore,
    counts_after: countsAfter,
    removed: steps.map((s) => s.rule_id),
    steps,
    tolerance,
    decided_by: changedDocs(initial, ens.perDocument()),
  };
}

/**
 * Whether a change clearly helps, as a sign test over the documents it changes: McNemar's z of the
 * ones it makes better against the ones it makes worse is above 1.96 (the Wilson 95 % lower bound
 * of the share better is above one half). Four documents better and none worse are the fewest
 * that pass; a rule that was wrong on a text or two is not removed on that.
 */
export function clearlyBetter({ better, worse }: { better: number; worse: number }): boolean {
  return pairedZ(worse, better) > 1.96;
}

/** The removals asked for before the greedy ones, whatever they do to F1: exact duplicates (the first kept), then dead rules. */
function removeDuplicatesAndDead(ens: Ensemble, options: PruneOptions, remove: (t: Toggle, reason: PruneReason, extra?: Partial<PruneStep>) => void): void {
  const { rules, ruleDocs } = ens.outputs;
  if (options.duplicates)
    for (const group of duplicateGroups(rules.map((r) => r.rule)))
      for (const p of group.slice(1)) remove(ens.trial(p), 'duplicate', { duplicate_of: rules[group[0]!]!.id });
  if (options.dead)
    for (let p = 0; p < rules.length; p++)
      if (ens.isActive(p) && ruleDocs[p]!.length === 0 && !options.keepDead?.has(rules[p]!.id)) remove(ens.trial(p), 'dead');
}

function stepOf(rule: CompiledRule, step: number, t: Toggle, before: Counts, reason: PruneReason, extra: Partial<PruneStep> = {}): PruneStep {
  const after = plus(before, t.delta);
  const f1Before = f1Of(before);
  const f1After = f1Of(after);
  return {
    step,
    rule_id: rule.id,
    name: rule.rule.name,
    label: rule.label,
    reason,
    ...extra,
    f1_before: f1Before,
    f1_after: f1After,
    gain: minus(f1After, f1Before),
    counts_after: after,
    decided_by: t.decided,
  };
}

/** Documents whose (tp, fp, fn) differ between two per-document count vectors. */
function changedDocs(a: CountsVec, b: CountsVec): number {
  let n = 0;
  for (let d = 0; 3 * d < a.length; d++) if (a[3 * d] !== b[3 * d] || a[3 * d + 1] !== b[3 * d + 1] || a[3 * d + 2] !== b[3 * d + 2]) n++;
  return n;
}
