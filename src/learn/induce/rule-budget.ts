import { greedyPrune } from '../../core/metrics/greedy-prune.js';
import { plus } from '../../core/metrics/scored-run.js';
import { f1Of } from '../../core/ratio.js';
import { mergeByLabel } from './merge.js';
import type { Pool, Trial } from './pool.js';
import { TUNING } from './tuning.js';
import type { Candidate } from './types.js';

/** The rules a ruleset's active positions become: each group is one rule (several when merged). */
export type Grouping = (active: readonly number[]) => number[][];

/**
 * How the active rules of `pool` merge into rules (see merge.ts), as groups of positions; without
 * `merge`, each rule is its own. What a rule fires on does not change while a budget is fitted, so
 * each rule's texts are gathered once.
 */
export function mergedGroups(pool: Pool, candidateAt: (p: number) => Candidate, merge: boolean): Grouping {
  if (!merge) return (active) => active.map((p) => [p]);
  const firing: number[][] = [];
  return (active) => {
    const cands = active.map(candidateAt);
    const at = new Map(cands.map((c, i) => [c, active[i]!]));
    return mergeByLabel(cands, (i) => (firing[active[i]!] ??= pool.firesOn(active[i]!))).map((g) => g.map((c) => at.get(c)!));
  };
}

/** F1 on dev when there is one, else train, now (`t` null) or after trial `t`. */
function f1After(pool: Pool): (t: Trial | null) => number {
  const split = pool.dev ?? pool.train;
  return (t) => f1Of(t ? plus(split.totals.counts, (pool.dev ? t.dev : t.train)!.delta) : split.totals.counts) ?? 0;
}

/**
 * Keeps the ruleset within `maxRules` (counted after merging): removes, a batch at a time, the
 * rules whose removal costs the least F1 (on dev when there is one, else train), so the cut falls
 * on what adds least rather than on the tail of the decision list. Returns the removed positions.
 */
export function fitBudget(pool: Pool, groups: Grouping, maxRules: number): number[] {
  const count = () => groups(pool.activePositions()).length;
  return greedyPrune(pool, {
    pick: 'best',
    value: f1After(pool),
    tolerance: -Infinity,
    done: () => count() <= maxRules,
    // One at a time, each measured against the ensemble it leaves, unless the excess is large:
    // then a batch of the cheapest, all measured before the first goes, is close enough and much faster.
    batch: () => Math.max(1, Math.floor((count() - maxRules) * TUNING.selection.pruneBatchShare)),
  }).map((t) => t.position);
}

/**
 * Keeps every label within `cap` rules, counted as the user reads them (after merging): while a
 * label has more, removes whichever rule of its smallest merged rules costs the least F1 (on dev
 * when there is one, else train). Taking a member of a larger merged rule would cost F1 and leave
 * the count as it was. Each step takes one rule from every label still over, each measured before
 * any goes (labels rarely share texts, and steps are then as many as the largest excess, not the
 * sum). Rules `keep` holds (a default) are never taken. Returns the removed positions.
 */
export function fitLabelBudget(pool: Pool, groups: Grouping, labelOf: (p: number) => string, cap: number, keep: (p: number) => boolean = () => false): number[] {
  const value = f1After(pool);
  const removed: number[] = [];
  for (;;) {
    const picks: number[] = [];
    for (const open of overCap(groups(pool.activePositions()), labelOf, cap, keep)) {
      let best = -1;
      let bestValue = -Infinity;
      for (const p of open) {
        const v = value(pool.trial(p));
        if (v > bestValue || (v === bestValue && p > best)) [best, bestValue] = [p, v];
      }
      picks.push(best);
    }
    if (!picks.length) return removed;
    for (const p of picks) {
      pool.commit(pool.trial(p));
      removed.push(p);
    }
  }
}

/** For each label with more than `cap` merged rules, the rules of its smallest ones that may go. */
function overCap(merged: readonly number[][], labelOf: (p: number) => string, cap: number, keep: (p: number) => boolean): number[][] {
  const byLabel = new Map<string, number[][]>();
  for (const g of merged) {
    const l = labelOf(g[0]!);
    const gs = byLabel.get(l);
    if (gs) gs.push(g);
    else byLabel.set(l, [g]);
  }
  const out: number[][] = [];
  for (const gs of byLabel.values()) {
    if (gs.length <= cap) continue;
    const open = gs.filter((g) => !g.some(keep));
    if (!open.length) continue;
    const smallest = Math.min(...open.map((g) => g.length));
    out.push(open.filter((g) => g.length === smallest).flat());
  }
  return out;
}

/** What the summary says of a per-label budget that removed `removed` rules. */
export const labelBudgetNote = (removed: number, cap: number): string =>
  `${removed} rule${removed === 1 ? '' : 's'} that added least ${removed === 1 ? 'was' : 'were'} removed to keep every label within ${cap} rules as merged (--max-rules-per-label)`;
