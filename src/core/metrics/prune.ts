import { firstFiringRule, resolveDocument, resolveTriples } from '../engine/resolve.js';
import type { Triples } from '../engine/conflicts.js';
import { PROGRESS_EVERY } from '../progress.js';
import type { Counts } from '../ratio.js';
import { duplicateGroups } from './duplicates.js';
import { addInto, countsAt, type CountsVec, f1Of, minus, plus, type ScoredRun, checkAligned } from './scored-run.js';

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

function sameTriples(a: Triples, b: Triples): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Greedy, iterative pruning: remove the rule whose removal raises micro F1 most, then recompute,
 * and repeat while the best gain exceeds the tolerance. Each candidate's effect is a difference
 * of counts over the documents it fired on (re-resolved with the current removals plus it); after
 * a removal only the rules sharing a document with the removed one are recomputed, as no other
 * rule's documents changed. Ties go to the rule latest in execution order (the least trusted).
 */
export function pruneRules(run: ScoredRun, options: PruneOptions = {}): PruneResult {
  checkAligned(run);
  const { outputs, examples, scorer } = run;
  const tolerance = options.tolerance ?? DEFAULT_PRUNE_TOLERANCE;
  const nRules = outputs.rules.length;
  const nDocs = examples.length;
  const classification = outputs.task.type === 'classification';
  const { docEntries, entryRule, ruleDocs } = outputs;
  const mask = new Uint8Array(nRules);

  // Current state: per document its counts and what it resolved to (winner or kept triples).
  const cur: CountsVec = new Float64Array(3 * nDocs);
  const winners = new Int32Array(nDocs).fill(-1);
  const kept: (Triples | undefined)[] = new Array(nDocs);
  const total = new Float64Array(3);
  const tell = options.onProgress;
  for (let d = 0; d < nDocs; d++) {
    if (tell && d % PROGRESS_EVERY === 0 && d > 0) tell(d, nDocs, 0);
    const c = scorer.score(examples[d]!, resolveDocument(outputs, d)).counts;
    addInto(cur, d, c);
    addInto(total, 0, c);
    if (docEntries[d] === docEntries[d + 1]) continue;
    if (classification) winners[d] = firstFiringRule(outputs, d);
    else kept[d] = resolveTriples(outputs, d);
  }
  tell?.(nDocs, nDocs, 0);
  const countsBefore = countsAt(total, 0);
  const initial = cur.slice();

  /**
   * Re-resolves the documents of rule `p` with the current mask plus `p`; calls `changed` for each
   * whose output differs. Returns the count difference.
   */
  const effect = (p: number, changed?: (d: number, counts: Counts, triples: Triples | undefined, winner: number) => void): Counts => {
    const delta = new Float64Array(3);
    const was = mask[p]!;
    mask[p] = 1;
    for (const d of ruleDocs[p]!) {
      let triples: Triples | undefined;
      let winner = -1;
      if (classification) {
        if (winners[d] !== p) continue;
        winner = firstFiringRule(outputs, d, mask);
      } else {
        triples = resolveTriples(outputs, d, mask);
        if (sameTriples(triples, kept[d]!)) continue;
      }
      const s = scorer.score(examples[d]!, resolveDocument(outputs, d, mask)).counts;
      addInto(delta, 0, s);
      addInto(delta, 0, countsAt(cur, d), -1);
      changed?.(d, s, triples, winner);
    }
    mask[p] = was;
    return countsAt(delta, 0);
  };

  const steps: PruneStep[] = [];
  const removed: string[] = [];
  const remove = (p: number, reason: PruneReason, extra: Partial<PruneStep> = {}): void => {
    const before = countsAt(total, 0);
    let decided = 0;
    const delta = effect(p, (d, s, triples, winner) => {
      if (cur[3 * d] !== s.tp || cur[3 * d + 1] !== s.fp || cur[3 * d + 2] !== s.fn) decided++;
      cur[3 * d] = s.tp;
      cur[3 * d + 1] = s.fp;
      cur[3 * d + 2] = s.fn;
      if (classification) winners[d] = winner;
      else kept[d] = triples;
    });
    mask[p] = 1;
    addInto(total, 0, delta);
    const after = countsAt(total, 0);
    const f1Before = f1Of(before);
    const f1After = f1Of(after);
    const rule = outputs.rules[p]!;
    steps.push({
      step: steps.length + 1,
      rule_id: rule.id,
      name: rule.rule.name,
      label: rule.label,
      reason,
      ...extra,
      f1_before: f1Before,
      f1_after: f1After,
      gain: minus(f1After, f1Before),
      counts_after: after,
      decided_by: decided,
    });
    removed.push(rule.id);
  };

  if (options.duplicates)
    for (const group of duplicateGroups(outputs.rules.map((r) => r.rule)))
      for (const p of group.slice(1)) remove(p, 'duplicate', { duplicate_of: outputs.rules[group[0]!]!.id });
  if (options.dead)
    for (let p = 0; p < nRules; p++) if (!mask[p] && ruleDocs[p]!.length === 0 && !options.keepDead?.has(outputs.rules[p]!.id)) remove(p, 'dead');

  // Greedy removals, with each candidate's count difference cached until a removal touches its documents.
  const deltas: CountsVec = new Float64Array(3 * nRules);
  const dirty = new Uint8Array(nRules).fill(1);
  const maxSteps = options.maxSteps ?? Infinity;
  for (let n = 0; n < maxSteps; n++) {
    const now = countsAt(total, 0);
    const f1Now = f1Of(now);
    if (f1Now === null) break;
    let best = -1;
    let bestGain = -Infinity;
    const candidate = (p: number) => !mask[p] && ruleDocs[p]!.length > 0 && (!options.only || options.only.has(outputs.rules[p]!.id));
    let toMeasure = 0;
    let measured = 0;
    if (tell) for (let p = 0; p < nRules; p++) if (dirty[p] && candidate(p)) toMeasure++;
    for (let p = 0; p < nRules; p++) {
      if (!candidate(p)) continue;
      if (dirty[p]) {
        if (tell) tell(measured++, toMeasure, n + 1);
        const c = effect(p);
        deltas[3 * p] = c.tp;
        deltas[3 * p + 1] = c.fp;
        deltas[3 * p + 2] = c.fn;
        dirty[p] = 0;
      }
      const f1 = f1Of(plus(now, countsAt(deltas, p)));
      if (f1 === null) continue;
      const gain = f1 - f1Now;
      if (gain >= bestGain) {
        bestGain = gain;
        best = p;
      }
    }
    if (best < 0 || !(bestGain > tolerance)) break;
    remove(best, 'harmful');
    for (const d of ruleDocs[best]!) for (let k = docEntries[d]!; k < docEntries[d + 1]!; k++) dirty[entryRule[k]!] = 1;
  }

  return {
    f1_before: f1Of(countsBefore),
    f1_after: f1Of(countsAt(total, 0)),
    counts_before: countsBefore,
    counts_after: countsAt(total, 0),
    removed,
    steps,
    tolerance,
    decided_by: changedDocs(initial, cur),
  };
}

/** Documents whose (tp, fp, fn) differ between two per-document count vectors. */
function changedDocs(a: CountsVec, b: CountsVec): number {
  let n = 0;
  for (let d = 0; 3 * d < a.length; d++) if (a[3 * d] !== b[3 * d] || a[3 * d + 1] !== b[3 * d + 1] || a[3 * d + 2] !== b[3 * d + 2]) n++;
  return n;
}
