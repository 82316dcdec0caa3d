import { mulberry32, shuffle } from '../../../core/random.js';
import type { CoverOptions } from './cover.js';
import { classIds, firingMaxima, learnDecisionList } from './decision-list.js';
import type { FeatureConfig } from './features.js';
import { f1OfTotals } from '../../../core/ratio.js';

/** The chosen score threshold and the k-fold F1 it had. */
export interface Threshold {
  threshold: number;
  f1: number;
  folds: number;
}

/** Stratified fold numbers: each class dealt round-robin after a seeded shuffle. */
export function foldsOf(labels: readonly (string | null)[], k: number, seed: number): Int32Array {
  const byClass = new Map<string, number[]>();
  labels.forEach((l, i) => {
    const key = l ?? '\u0000';
    let xs = byClass.get(key);
    if (!xs) byClass.set(key, (xs = []));
    xs.push(i);
  });
  const fold = new Int32Array(labels.length);
  let next = 0;
  for (const key of [...byClass.keys()].sort()) {
    const xs = shuffle(byClass.get(key)!, mulberry32(seed));
    for (const i of xs) fold[i] = next++ % k;
  }
  return fold;
}

/**
 * Without a dev split, where to cut the decision list is judged by k-fold cross-validation on
 * train instead of by taking examples away from learning: a list is learned on each k-1 folds
 * and run on the held-out fold, and the threshold on rule scores that gives the best pooled F1
 * (micro, abstentions as misses) is kept. Ties go to the higher threshold (fewer rules).
 */
export function chooseThreshold(
  texts: readonly string[],
  labels: readonly (string | null)[],
  classes: readonly string[],
  features: FeatureConfig,
  opts: CoverOptions,
  k: number,
  seed: number,
  passes = 1,
): Threshold {
  const fold = foldsOf(labels, k, seed);
  const gold = classIds(labels, classes);
  const held: { maxima: { score: number; cls: number }[]; gold: number }[] = [];
  const scores = new Set<number>([0]);
  for (let f = 0; f < k; f++) {
    const tr: number[] = [];
    const te: number[] = [];
    fold.forEach((x, i) => (x === f ? te : tr).push(i));
    if (!te.length || !tr.length) continue;
    const list = learnDecisionList(
      tr.map((i) => texts[i]!),
      tr.map((i) => labels[i]!),
      classes,
      features,
      opts,
      passes,
    );
    for (const r of list.rules) scores.add(r.score);
    for (const i of te) held.push({ maxima: firingMaxima(list, texts[i]!), gold: gold[i]! });
  }
  const n = held.length;
  let best: Threshold = { threshold: Infinity, f1: 0, folds: k };
  const grid = [...scores].sort((a, b) => b - a);
  for (const t of grid) {
    let tp = 0;
    let answered = 0;
    for (const h of held) {
      const hit = h.maxima.find((m) => m.score >= t);
      if (!hit) continue;
      answered++;
      if (hit.cls === h.gold) tp++;
    }
    const f1 = f1OfTotals(tp, answered, n) ?? 0;
    if (f1 > best.f1 + 1e-12) best = { threshold: t, f1, folds: k };
  }
  return best;
}
