import type { Rule } from '../../../core/schemas/rule.js';
import { lowerBound } from '../../../core/lower-bound.js';
import { wilsonLower } from '../../../core/ratio.js';
import type { Pool } from '../pool.js';
import { TUNING } from '../tuning.js';
import { overBaseRate } from './base-rate.js';

/** A list's merged rules (groups of pool positions) put in a new order, and its pool run in that order. */
export interface Reordered {
  groups: number[][];
  pool: Pool;
  /** The fewest merged rules that, taken out and put back elsewhere, give the new order from the old. */
  moved: number;
}

/**
 * The merged rules of a list learned on train and cut on dev, ordered by the Wilson lower bound
 * (`TUNING.covering.evidenceZ`) of their precision on every labelled text they fire on, train and
 * dev alike, over their label's base rate. Covering ranks a rule by train alone, where it was
 * chosen for being precise, so its train precision flatters it most where it fired on few texts;
 * dev is the only evidence that did not choose it. Where two rules fire on one new text, the
 * order decides, and dev's misses move a rule below those dev bore out. `keep` groups (the
 * default) stay last, in their order. Nothing is run again: the pool is derived in the new order,
 * so the stages measure what the list now does.
 */
export function orderByEvidence(pool: Pool, groups: readonly number[][], keep: (p: number) => boolean): Reordered {
  const priors = labelShares(pool);
  const scored = groups.map((g, i) => ({ g, i, last: g.some(keep), score: evidence(pool, g, priors) }));
  const sorted = [...scored].sort((a, b) => Number(a.last) - Number(b.last) || b.score - a.score || a.i - b.i);
  const ordered = sorted.map((s) => s.g);
  const flat = ordered.flat();
  const rules: Rule[] = flat.map((p, k) => ({ ...pool.rules[p]!.rule, priority: flat.length - k }));
  const active = new Set(rules.map((r) => r.id));
  return { groups: ordered, pool: pool.derive(rules, active), moved: sorted.length - longestRising(sorted.map((s) => s.i)) };
}

/** Each label's share of the labelled train and dev texts. */
function labelShares(pool: Pool): Map<string, number> {
  const counts = new Map<string, number>();
  let n = 0;
  for (const e of [...pool.train.examples, ...(pool.dev?.examples ?? [])]) {
    const l = (e.label ?? '').trim();
    if (!l) continue;
    counts.set(l, (counts.get(l) ?? 0) + 1);
    n++;
  }
  return new Map([...counts].map(([l, c]) => [l, c / n]));
}

/**
 * The Wilson lower bound of a merged rule's precision on the train and dev texts any of its
 * members fires on, judged against its label's base rate (`overBaseRate`): on a set that is 87 %
 * ham, `ham <- "i"` right 99 % of the time knows less than `spam <- "txt"` right 95 % of the time,
 * and put above it would swallow the spam that says "i".
 */
function evidence(pool: Pool, group: readonly number[], priors: ReadonlyMap<string, number>): number {
  const label = pool.rules[group[0]!]!.label.trim();
  const texts = new Set<number>();
  for (const p of group) for (const d of pool.firesOn(p)) texts.add(d);
  const n = pool.train.examples.length;
  let right = 0;
  for (const d of texts) {
    const e = d < n ? pool.train.examples[d]! : pool.dev!.examples[d - n]!;
    if ((e.label ?? '').trim() === label) right++;
  }
  return texts.size ? overBaseRate(wilsonLower(right / texts.size, texts.size, TUNING.covering.evidenceZ), priors.get(label) ?? 0) : -Infinity;
}

/** The length of the longest strictly rising subsequence of `xs` (patience sorting): the rules that kept their relative order. */
function longestRising(xs: readonly number[]): number {
  const tails: number[] = [];
  for (const x of xs) tails[lowerBound(tails, x)] = x;
  return tails.length;
}
