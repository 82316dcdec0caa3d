/**
 * The scoring formulas, in one place: every precision, recall, F1, smoothed precision and Wilson
 * bound in rulewright is computed here, so two commands can never disagree by a formula.
 */

/** A ratio whose empty denominator is `null`, never 0: "no evidence" is not "zero". */
export function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

/** Counts of true positives, false positives and false negatives (fractional under partial credit). */
export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

/**
 * F1 = 2TP / (2TP + FP + FN), null when there is neither gold nor output. Equal counts give
 * bit-identical F1, so comparing F1 values computed from exact counts is exact too.
 */
export function f1Of(c: Counts): number | null {
  return ratio(2 * c.tp, 2 * c.tp + c.fp + c.fn);
}

/**
 * F1 from totals rather than errors: 2TP / (predicted + gold), where predicted = TP + FP and
 * gold = TP + FN. Null when both totals are 0.
 */
export function f1OfTotals(tp: number, predicted: number, gold: number): number | null {
  return ratio(2 * tp, predicted + gold);
}

/**
 * Macro F1: the mean of each class's F1 (a class with neither gold nor output counts 0), summed in
 * the order given, so the same classes in the same order give bit-identical figures. Null when
 * there are no classes.
 */
export function macroF1Of(perClass: Iterable<Counts>): number | null {
  let sum = 0;
  let n = 0;
  for (const c of perClass) {
    sum += f1Of(c) ?? 0;
    n++;
  }
  return n ? sum / n : null;
}

/**
 * McNemar's z for paired outcomes: of the items two alternatives treat differently, `forB` go B's
 * way and `forA` A's (positive: B is better). It is the score test of an even split, so z > 1.96
 * is exactly the Wilson 95 % lower bound of B's share above one half.
 */
export function pairedZ(forA: number, forB: number): number {
  return forA + forB ? (forB - forA) / Math.sqrt(forA + forB) : 0;
}

/** Precision, recall and F1 from counts: null only where the denominator is empty. */
export function prf(c: Counts): { precision: number | null; recall: number | null; f1: number | null } {
  return {
    precision: ratio(c.tp, c.tp + c.fp),
    recall: ratio(c.tp, c.tp + c.fn),
    f1: f1Of(c),
  };
}

/**
 * Laplace's rule of succession, (successes + 1) / (trials + 2): a proportion pulled towards 1/2
 * by one imagined success and one imagined failure, so 1 of 1 reads 0.67, not 1. A smoothed
 * precision is `laplace(tp, tp + fp)`. With no trials it is 1/2.
 */
export function laplace(successes: number, trials: number): number {
  return (successes + 1) / (trials + 2);
}

/**
 * Wilson score lower bound of a binomial proportion: how low the precision of a rule could
 * plausibly be given `support` observations. Support 0 gives 0 (nothing is known).
 */
export function wilsonLower(precision: number, support: number, z = 1.96): number {
  if (support <= 0) return 0;
  const z2 = z * z;
  const centre = precision + z2 / (2 * support);
  const margin = z * Math.sqrt((precision * (1 - precision)) / support + z2 / (4 * support * support));
  return Math.max(0, (centre - margin) / (1 + z2 / support));
}

/** Wilson score upper bound of a binomial proportion: how high it could plausibly be. Support 0 gives 1. */
export function wilsonUpper(precision: number, support: number, z = 1.96): number {
  if (support <= 0) return 1;
  const z2 = z * z;
  const centre = precision + z2 / (2 * support);
  const margin = z * Math.sqrt((precision * (1 - precision)) / support + z2 / (4 * support * support));
  return Math.min(1, (centre + margin) / (1 + z2 / support));
}
