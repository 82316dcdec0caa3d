import { mulberry32, shuffle } from '../../../core/random.js';
import type { CoverOptions } from './cover-options.js';
import { classIds, firingMaxima, indexTexts, learnDecisionList, reorderList, withPasses, type DecisionList } from './decision-list.js';
import type { FeatureConfig, FeatureIndex, Vocabulary } from './features.js';
import { f1OfTotals, macroF1Of, type Counts } from '../../../core/ratio.js';
import { macroJudged } from '../default-class.js';
import { groupsOf } from '../near-duplicates.js';
import { spend } from './work.js';

/** A threshold on rule scores, the pooled held-out F1 at it, and which held-out texts it gets right (in a fixed order). */
export interface Cut {
  threshold: number;
  /** The F1 it is judged by: micro, or macro where one label holds most texts (`macroJudged`). */
  f1: number;
  /** Its micro F1 (abstentions as misses), the figure set beside train and dev F1. */
  micro: number;
  right: Uint8Array;
  /** Held-out texts answered at the cut, and the gold classes (-1: none) of those it leaves unlabelled, in order. */
  answered: number;
  unlabelled: Int32Array;
}

/** The chosen score threshold and the k-fold F1 it had. */
export interface Threshold extends Cut {
  folds: number;
  /** The same lists with a default class after them (asked for with `fallback`): their best cut. */
  withDefault?: Cut;
  /** Whether every fold's list would be the same with more covering passes (see `DecisionList.saturated`). */
  saturated: boolean;
}

/** A held-out text: the scores at which the lists' answer changes (see `firingMaxima`), and its gold class. */
export interface Held {
  maxima: { score: number; cls: number }[];
  gold: number;
}

/**
 * Stratified fold numbers: each class dealt round-robin after a seeded shuffle. With `groups`
 * (each text's group, as the position of its first text: see near-duplicates.ts), every text goes
 * to its group's first text's fold, so no fold is judged on text another learned from; texts in
 * no group keep the fold they had, so a few repeated texts do not redraw every fold.
 */
export function foldsOf(labels: readonly (string | null)[], k: number, seed: number, groups?: ArrayLike<number>): Int32Array {
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
  if (groups) fold.forEach((_, i) => (fold[i] = fold[groups[i]!]!));
  return fold;
}

/**
 * What one cross-validation's grid points share, so each is not learned again: a fold's feature
 * index (the same texts whatever the setting), and each setting's list at every number of passes
 * asked for (more passes extend the list with fewer; see `withPasses`). Made for one set of texts,
 * labels, folds and seed; the whole run's deadline is the same for every point.
 */
export class FoldLists {
  private readonly built = new Map<number, { vocab: Vocabulary; index: FeatureIndex }>();
  private readonly lists = new Map<string, DecisionList[]>();

  /** The fold's list for these options with `passes` passes: a cached one, one extended from fewer, or one learned. */
  learn(fold: number, texts: readonly string[], labels: readonly (string | null)[], classes: readonly string[], features: FeatureConfig, opts: CoverOptions, passes: number): DecisionList {
    const key = `${fold}\u0000${settingsKey(opts)}`;
    const have = this.lists.get(key) ?? [];
    const exact = have[passes];
    if (exact) return exact;
    const below = have.findLast((l, p) => l !== undefined && p < passes);
    const list = below
      ? withPasses(below, classIds(labels, classes), opts, passes)
      : learnDecisionList(texts, labels, classes, features, opts, passes, this.prebuilt(fold, texts, features, opts.deadline));
    have[passes] = list;
    this.lists.set(key, have);
    return list;
  }

  private prebuilt(fold: number, texts: readonly string[], features: FeatureConfig, deadline: number): { vocab: Vocabulary; index: FeatureIndex } {
    let b = this.built.get(fold);
    if (!b) this.built.set(fold, (b = indexTexts(texts, features, deadline)));
    return b;
  }
}

/** Every option that shapes a learned list (not the clock, nor progress reports). */
function settingsKey(opts: CoverOptions): string {
  const { deadline: _d, onStep: _s, banned, seeds: _seeds, ...rest } = opts;
  return JSON.stringify({ ...rest, banned: banned ? [...banned].sort((a, b) => a - b) : null });
}

/**
 * Without a dev split, where to cut the decision list is judged by k-fold cross-validation on
 * train instead of by taking examples away from learning: a list is learned on each k-1 folds
 * and run on the held-out fold, and the threshold on rule scores that gives the best pooled F1
 * (micro, abstentions as misses) is kept. Ties go to the higher threshold (fewer rules). Lists
 * learned for a default class (`opts.defaultClass`) are judged with it; `fallback` also judges
 * lists learned without one as if that class were their default (`withDefault`).
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
  fallback?: number,
  orderZ?: number,
  /** Lists and indexes shared with the other points of one grid (see `FoldLists`). */
  shared?: FoldLists,
): Threshold {
  const fold = foldsOf(labels, k, seed, groupsOf(texts));
  const gold = classIds(labels, classes);
  const macro = macroJudged(labels) !== null;
  const held: Held[] = [];
  const scores = new Set<number>([0]);
  let saturated = true;
  for (let f = 0; f < k; f++) {
    const tr: number[] = [];
    const te: number[] = [];
    fold.forEach((x, i) => (x === f ? te : tr).push(i));
    if (!te.length || !tr.length) continue;
    const trLabels = tr.map((i) => labels[i]!);
    const trTexts = tr.map((i) => texts[i]!);
    const learned = shared ? shared.learn(f, trTexts, trLabels, classes, features, opts, passes) : learnDecisionList(trTexts, trLabels, classes, features, opts, passes);
    saturated &&= learned.saturated;
    const list = orderZ === undefined ? learned : reorderList(learned, trLabels, { z: orderZ, minScore: opts.minScore, deadline: opts.deadline, maxRules: opts.maxRules, perClass: opts.perClass });
    for (const r of list.rules) scores.add(r.score);
    for (const i of te) held.push({ maxima: firingMaxima(list, texts[i]!), gold: gold[i]! });
  }
  const grid = [...scores].sort((a, b) => b - a);
  // Each threshold is judged on every held-out text (`bestThreshold`), once or twice.
  spend(grid.length * held.length * (fallback === undefined ? 1 : 2));
  if (opts.defaultClass) return { ...bestThreshold(held, grid, opts.defaultClass.cls, macro), folds: k, saturated };
  const plain: Threshold = { ...bestThreshold(held, grid, undefined, macro), folds: k, saturated };
  return fallback === undefined ? plain : { ...plain, withDefault: bestThreshold(held, grid, fallback, macro) };
}

/** The held-out answer under a threshold: the first firing maximum at or above it, else the fallback class. */
const answerAt = (h: Held, t: number, fallback: number | undefined): number | undefined => h.maxima.find((m) => m.score >= t)?.cls ?? fallback;

/**
 * The held-out F1 under a threshold: pooled (micro), or with `macro` the mean of each class's F1
 * over the classes held out or answered, as the arbiter's macro F1 counts them.
 */
function f1At(held: readonly Held[], t: number, fallback: number | undefined, macro: boolean): number {
  if (!macro) {
    let tp = 0;
    let answered = 0;
    for (const h of held) {
      const cls = answerAt(h, t, fallback);
      if (cls === undefined) continue;
      answered++;
      if (cls === h.gold) tp++;
    }
    return f1OfTotals(tp, answered, held.length) ?? 0;
  }
  const counts = new Map<number, Counts>();
  const of = (c: number) => counts.get(c) ?? counts.set(c, { tp: 0, fp: 0, fn: 0 }).get(c)!;
  for (const h of held) {
    const cls = answerAt(h, t, fallback);
    if (cls === h.gold) of(cls).tp++;
    else {
      if (h.gold >= 0) of(h.gold).fn++;
      if (cls !== undefined) of(cls).fp++;
    }
  }
  return macroF1Of(counts.values()) ?? 0;
}

/**
 * The threshold of `grid` with the best held-out F1 (micro, or macro with `macro`); with
 * `fallback`, a text no rule answers gets that class. Ties go to the higher threshold.
 */
export function bestThreshold(held: readonly Held[], grid: readonly number[], fallback?: number, macro = false): Cut {
  let best = { threshold: Infinity, f1: fallback === undefined ? 0 : f1At(held, Infinity, fallback, macro) };
  for (const t of grid) {
    const f1 = f1At(held, t, fallback, macro);
    if (f1 > best.f1 + 1e-12) best = { threshold: t, f1 };
  }
  const answers = held.map((h) => answerAt(h, best.threshold, fallback));
  const right = Uint8Array.from(held, (h, i) => (answers[i] === h.gold ? 1 : 0));
  const answered = answers.filter((a) => a !== undefined).length;
  return {
    ...best,
    micro: f1OfTotals(right.reduce((a, b) => a + b, 0), answered, held.length) ?? 0,
    right,
    answered,
    unlabelled: Int32Array.from(held.filter((_, i) => answers[i] === undefined), (h) => h.gold),
  };
}
