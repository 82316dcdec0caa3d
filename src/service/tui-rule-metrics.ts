import { RuleMetrics } from '../core/schemas/rule-metrics.js';
import { ruleHash, rulesetHash, type Store } from '../store/index.js';
import { resolveDataset } from './datasets.js';
import { resolveSplit, type SplitChoice } from './pipeline.js';

/** One rule's stored metrics (with samples and interactions), and whether they are still current. */
export interface StoredRuleMetrics {
  dataset: string;
  split: SplitChoice;
  /** False when `metrics` never ran on the split. */
  computed: boolean;
  /** Null when the rule has no stored metrics on the split. */
  metrics: RuleMetrics | null;
  /** The rule, the active rules or the data changed since the metrics were computed. */
  stale: boolean;
}

/**
 * The stored metrics of one rule, for the terminal UI's rule screen: only that rule's row is
 * validated in full (samples included), so opening a rule stays quick with thousands of rules.
 */
export function storedRuleMetrics(store: Store, req: { dataset?: string; ruleId: string; split?: SplitChoice }): StoredRuleMetrics {
  const d = resolveDataset(store, req.dataset);
  const split = resolveSplit(store, d, req.split, 'measure').label;
  const rows = store.ruleMetrics.list(d.id, split);
  const row = rows.find((r) => r.rule_id === req.ruleId);
  const parsed = row ? RuleMetrics.safeParse(row.metrics) : undefined;
  const metrics = parsed?.success ? parsed.data : null;
  let stale = false;
  if (row) {
    const active = store.rules.list(d.id, { status: 'active' });
    const rule = active.find((r) => r.id === req.ruleId);
    stale =
      !rule ||
      ruleHash(rule) !== row.rule_hash ||
      row.ruleset_hash !== rulesetHash(active) ||
      row.dataset_hash !== store.examples.hash(d.id, split === 'all' ? undefined : split);
  }
  return { dataset: d.name, split, computed: rows.length > 0, metrics, stale };
}
