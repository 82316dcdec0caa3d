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

/** Precision, recall and F1 from counts. F1 = 2TP / (2TP + FP + FN): null only when there is no gold and no output. */
export function prf(c: Counts): { precision: number | null; recall: number | null; f1: number | null } {
  return {
    precision: ratio(c.tp, c.tp + c.fp),
    recall: ratio(c.tp, c.tp + c.fn),
    f1: ratio(2 * c.tp, 2 * c.tp + c.fp + c.fn),
  };
}
