import type { DatasetContext } from '../dataset-context.js';
import { resolveSplit, type SplitChoice } from '../pipeline-setup.js';
import { RuleFigures, readStoredMetrics } from './stored-metrics.js';

/** Whether the stored per-rule metrics need measuring again, and roughly what that costs. */
export interface MeasureNeed {
  /** The split `metrics` measures on by default. */
  split: SplitChoice;
  examples: number;
  /** Active rules. */
  rules: number;
  /** Examples × active rules: every rule runs on every example, which is most of the cost. */
  work: number;
  /** Why the stored figures do not describe the rules and data of now; empty when they do. */
  reasons: string[];
}

/**
 * What the terminal UI checks on open and after each change, without running a rule: whether
 * the stored metrics are missing or old, and the size of re-measuring them.
 */
export function measureNeed(ctx: DatasetContext): MeasureNeed {
  const { store, dataset: d } = ctx;
  const { split, label } = resolveSplit(store, d, undefined, 'measure');
  const stored = readStoredMetrics(store, d, label, RuleFigures);
  const examples = store.examples.count(d.id, split ? { split } : {});
  const rules = store.rules.list(d.id, { status: 'active' }).length;
  const reasons = stored.rows.length ? stored.reasons : rules ? ['not measured yet'] : [];
  return { split: label, examples, rules, work: examples * rules, reasons };
}
