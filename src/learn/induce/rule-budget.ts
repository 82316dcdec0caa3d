import { firstFiringRule } from '../../core/engine/resolve.js';
import { greedyPrune } from '../../core/metrics/greedy-prune.js';
import { plus } from '../../core/metrics/scored-run.js';
import { f1Of, macroF1Of, type Counts } from '../../core/ratio.js';
import { mergeByLabel } from './merge.js';
import type { Pool, Trial } from './pool.js';
import { TUNING } from './tuning.js';
import { drop } from './report.js';
import type { Candidate, InduceReport } from './types.js';

/** The rules a ruleset's active positions become: each group is one rule (several when merged). */
export type Grouping = (active: readonly number[]) => number[][];

/** Each rule its own: rules that are not merged (spans). */
export const eachAlone: Grouping = (active) => active.map((p) => [p]);

/**
 * How the active rules of `pool` merge into rules (see merge.ts), as groups of positions; without
 * `merge`, each rule is its own. What a rule fires on does not change while a budget is fitted, so
 * each rule's texts are gathered once.
 */
export function mergedGroups(pool: Pool, candidateAt: (p: number) => Candidate, merge: boolean): Grouping {
  if (!merge) return eachAlone;
  const firing: number[][] = [];
  return (active) => {
    const cands = active.map(candidateAt);
    const at = new Map(cands.map((c, i) => [c, active[i]!]));
    return mergeByLabel(cands, (i) => (firing[active[i]!] ??= pool.firesOn(active[i]!))).map((g) => g.map((c) => at.get(c)!));
  };
}

/**
 * How a budget chooses what goes. `on`: the split whose F1 a removal may cost least, the split
 * that built the list. Covering learns its rules on train, and dev only cuts the list, so train
 * judges them (one dev text can decide a rule's dev worth). The candidate pipeline and the span
 * windows admit their rules on dev, over lexicons that memorise train: a rule that generalises adds
 * little train F1 beside them, so dev judges (on held-out train rows of Restaurant-8k, 100 rules
 * chosen on train kept F1 .738 and .807, on dev .831 and .829). Without dev, train judges.
 * `keep`: rules never taken (a default).
 */
export interface BudgetChoice {
  on: 'train' | 'dev';
  keep?: (p: number) => boolean;
}

/** F1 on the split `on` names (train without dev), now (`t` null) or after trial `t`. */
function f1After(pool: Pool, on: BudgetChoice['on']): (t: Trial | null) => number {
  const dev = on === 'dev' && pool.dev;
  const { counts } = (dev ? pool.dev! : pool.train).totals;
  return (t) => f1Of(t ? plus(counts, (dev ? t.dev : t.train)!.delta) : counts) ?? 0;
}

const never = (): boolean => false;

/**
 * Keeps the ruleset within `maxRules` (counted after merging): removes, a batch at a time, the
 * rules whose removal costs the least F1 (see `BudgetChoice`), so the cut falls on what adds least
 * rather than on the tail of the decision list. Returns the removed positions.
 */
function fitBudget(pool: Pool, groups: Grouping, maxRules: number, { on, keep = never }: BudgetChoice): number[] {
  const count = () => groups(pool.activePositions()).length;
  return greedyPrune(pool, {
    pick: 'best',
    value: f1After(pool, on),
    tolerance: -Infinity,
    only: (p) => !keep(p),
    done: () => count() <= maxRules,
    // One at a time, each measured against the ensemble it leaves, unless the excess is large:
    // then a batch of the cheapest, all measured before the first goes, is close enough and much faster.
    batch: () => Math.max(1, Math.floor((count() - maxRules) * TUNING.selection.pruneBatchShare)),
  }).map((t) => t.position);
}

/**
 * `--max-rules` held on `pool` (`fitBudget`): the removed rules are recorded as dropped for it,
 * and the summary says how many. Returns their positions.
 */
export function holdRuleBudget(pool: Pool, groups: Grouping, maxRules: number, report: InduceReport, choice: BudgetChoice): number[] {
  return recorded(report, fitBudget(pool, groups, maxRules, choice), pool, `to keep to ${maxRules} rules as merged (--max-rules)`);
}

/**
 * Keeps every label within `cap` rules, counted as the user reads them (after merging): while a
 * label has more, removes whichever rule of its smallest merged rules costs the least F1 (see
 * `BudgetChoice`). Taking a member of a larger merged rule would cost F1 and leave the count as it
 * was. Each step takes one rule from every label still over, each measured before any goes (labels
 * rarely share texts, and steps are then as many as the largest excess, not the sum). Returns the
 * removed positions.
 */
export function fitLabelBudget(pool: Pool, groups: Grouping, labelOf: (p: number) => string, cap: number, { on, keep = never }: BudgetChoice): number[] {
  const value = f1After(pool, on);
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

/** Merged rules by label. */
function byLabel(merged: readonly number[][], labelOf: (p: number) => string): Map<string, number[][]> {
  const out = new Map<string, number[][]>();
  for (const g of merged) {
    const l = labelOf(g[0]!);
    const gs = out.get(l);
    if (gs) gs.push(g);
    else out.set(l, [g]);
  }
  return out;
}

/** For each label with more than `cap` merged rules, the rules of its smallest ones that may go. */
function overCap(merged: readonly number[][], labelOf: (p: number) => string, cap: number, keep: (p: number) => boolean): number[][] {
  const out: number[][] = [];
  for (const gs of byLabel(merged, labelOf).values()) {
    if (gs.length <= cap) continue;
    const open = gs.filter((g) => !g.some(keep));
    if (!open.length) continue;
    const smallest = Math.min(...open.map((g) => g.length));
    out.push(open.filter((g) => g.length === smallest).flat());
  }
  return out;
}

/**
 * `--max-rules-per-label` held on `pool` (`fitLabelBudget`, each rule's label read off the pool):
 * the removed rules are recorded as dropped for it, and the summary says how many. Returns their
 * positions.
 */
export function holdLabelBudget(pool: Pool, groups: Grouping, cap: number, report: InduceReport, choice: BudgetChoice): number[] {
  const removed = fitLabelBudget(pool, groups, (p) => pool.rules[p]!.rule.output.label, cap, choice);
  return recorded(report, removed, pool, `to keep every label within ${cap} rules as merged (--max-rules-per-label)`);
}

/** Records the rules a budget removed as dropped for it, and says in the summary how many and why. */
function recorded(report: InduceReport, removed: number[], pool: Pool, why: string): number[] {
  for (const p of removed) drop(report, 'max_rules', pool.rules[p]!.rule.name);
  const n = removed.length;
  if (n) report.notes.push(`${n} rule${n === 1 ? '' : 's'} that added least ${n === 1 ? 'was' : 'were'} removed ${why}`);
  return removed;
}

/** Micro and macro F1 and accuracy of a classification pool's active rules on dev (an unlabelled text is a miss). */
export function devF1s(pool: Pool): { micro: number; macro: number; accuracy: number } {
  const dev = pool.dev!;
  const per = new Map<string, Counts>();
  const at = (l: string): Counts => {
    let c = per.get(l);
    if (!c) per.set(l, (c = { tp: 0, fp: 0, fn: 0 }));
    return c;
  };
  let tp = 0;
  let answered = 0;
  dev.examples.forEach((e, d) => {
    const gold = (e.label ?? '').trim();
    const first = firstFiringRule(dev.outputs, d, pool.excluded);
    const said = first < 0 ? null : pool.rules[first]!.label.trim();
    if (said !== null) answered++;
    if (said !== null && said === gold) {
      tp++;
      at(gold).tp++;
      return;
    }
    if (said !== null) at(said).fp++;
    if (gold) at(gold).fn++;
  });
  const n = dev.examples.length;
  return { micro: n ? (2 * tp) / (answered + n) : 0, macro: macroF1Of(per.values()) ?? 0, accuracy: n ? tp / n : 0 };
}

/**
 * A readable list where dev cannot tell it from the longer one (rules that tie on F1, fewer win):
 * lowers the per-label budget one rule at a time (`fitLabelBudget`, each removal the rule train
 * misses least, so dev only says where to stop) while dev micro F1, macro F1 and accuracy all stay
 * within `tolerance` of the list's, and keeps the last budget that did. Macro F1 guards a rare
 * label, whose rules micro F1 barely feels; accuracy guards coverage, which F1 trades for
 * precision. Past `deadline` it lowers no further. Returns the budget (null: none was set) and the
 * removed positions.
 */
export function tieBudget(
  pool: Pool,
  groups: Grouping,
  labelOf: (p: number) => string,
  opts: { tolerance: number; keep?: (p: number) => boolean; deadline?: number },
): { cap: number | null; removed: number[]; cutShort: boolean } {
  const { tolerance, keep = never, deadline = Infinity } = opts;
  const full = devF1s(pool);
  const most = Math.max(0, ...[...byLabel(groups(pool.activePositions()), labelOf).values()].map((gs) => gs.length));
  const removed: number[] = [];
  let kept = { cap: null as number | null, removed: 0 };
  let cutShort = false;
  for (let cap = most - 1; cap >= 1; cap--) {
    if (performance.now() >= deadline) {
      cutShort = true;
      break;
    }
    removed.push(...fitLabelBudget(pool, groups, labelOf, cap, { on: 'train', keep }));
    const now = devF1s(pool);
    if (now.micro < full.micro - tolerance || now.macro < full.macro - tolerance || now.accuracy < full.accuracy - tolerance) break;
    kept = { cap, removed: removed.length };
  }
  // Back to the last budget that tied: the rules removed after it return, last removed first.
  for (const p of removed.slice(kept.removed).reverse()) pool.commit(pool.trial(p));
  return { cap: kept.cap, removed: removed.slice(0, kept.removed), cutShort };
}

/**
 * What the summary says of a tie budget that removed `removed` rules to keep `cap` per label, and
 * whether the budget stopped it while dev still tied (`cutShort`: a run with more time keeps fewer).
 */
export function tieBudgetNote(removed: number, cap: number | null, cutShort: boolean, budgetS: number): string | null {
  const ranOut = `the ${budgetS} s budget ran out before dev stopped tying, so a run with more time may keep fewer (learn --budget SECONDS)`;
  if (cap === null) return cutShort ? `${ranOut}: no shorter list was judged` : null;
  return (
    `at most ${cap} rules per label as merged: dev micro F1, macro F1 and accuracy stay within ${TUNING.arbiter.equalF1} of the longer list's without the ${removed} rule${removed === 1 ? '' : 's'} that added least (rules that tie, fewer win; --max-rules-per-label sets a budget of your own)` +
    (cutShort ? `; ${ranOut}` : '')
  );
}
