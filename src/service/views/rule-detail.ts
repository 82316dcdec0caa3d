import { RuleMetrics } from '../../core/schemas/rule-metrics.js';
import type { DatasetContext } from '../dataset-context.js';
import { resolveSplit, type SplitChoice } from '../pipeline-setup.js';
import { RuleFigures, readStoredMetrics } from './stored-metrics.js';
import { resolveRef } from '../resolve-id.js';

/** One rule's stored metrics (with samples and interactions), and whether they are still current. */
export interface StoredRuleMetrics {
  dataset: string;
  split: SplitChoice;
  /** False when `metrics` never ran on the split. */
  computed: boolean;
  /** Null when the rule has no stored metrics on the split. */
  metrics: RuleMetrics | null;
  /** The rule, the active rules or the data changed since the metrics were computed (as the rules table says). */
  stale: boolean;
}

/**
 * The stored metrics of one rule, for the terminal UI's rule screen: only that rule's row is
 * validated in full (samples included), so opening a rule stays quick with thousands of rules.
 */
export function storedRuleMetrics(ctx: DatasetContext, asked: { ruleId: string; split?: SplitChoice }): StoredRuleMetrics {
  const { store, dataset: d } = ctx;
  const req = { ...asked, ruleId: resolveRef(ctx, 'rules', asked.ruleId) };
  const stored = readStoredMetrics(store, d, resolveSplit(store, d, req.split, 'measure').label, RuleFigures);
  const row = stored.byRule.get(req.ruleId);
  const parsed = row ? RuleMetrics.safeParse(row.row.metrics) : undefined;
  return {
    dataset: d.name,
    split: stored.split,
    computed: stored.rows.length > 0,
    metrics: parsed?.success ? parsed.data : null,
    stale: row ? row.ruleChanged || stored.stale : false,
  };
}
