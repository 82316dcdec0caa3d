/**
 * Which per-rule figures give way first when a table is narrower than all of them (higher goes
 * earlier). The CLI's `metrics` table and the terminal UI's rules table both use it, so a narrow
 * terminal keeps the same figures in each: TP, FP, precision, label F1 and marginal F1 stay; the
 * counts that repeat others (conflicts, support ≈ TP + FP, fired) go first, then the figures over
 * every label's gold (FN, recall, F1), then the Wilson bound and label recall.
 */
export const METRIC_DROP_ORDER = {
  conflict: 7,
  support: 6,
  fired: 5,
  fn: 4,
  recall: 3,
  f1: 3,
  wilson_lower: 2,
  label_recall: 1,
} as const;
