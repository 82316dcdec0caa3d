import { computeRuleMetrics } from '../core/metrics/rule-metrics.js';
import type { RuleMetrics } from '../core/schemas/rule-metrics.js';
import { ruleCard } from '../core/schemas/rule-card.js';
import { rulesTableCsv, rulesTableRow } from '../report/rules-table.js';
import type { DatasetContext } from './dataset-context.js';
import type { AnalysisRun } from './analysis-run.js';

/**
 * `metrics --format csv` and `rank --format csv`: the report's rules table (same columns) for
 * measured rules, in the order given; `n` is the number of examples they were measured on.
 * Rules no longer in the workspace are left out.
 */
export function rulesTableCsvOf(ctx: DatasetContext, metrics: readonly RuleMetrics[], n: number): string {
  const { store, dataset: d } = ctx;
  const rules = new Map(store.rules.list(d.id).map((r) => [r.id, r]));
  const z = d.task.matching.wilson_z;
  const rows = metrics.flatMap((m) => {
    const r = rules.get(m.id);
    return r ? [rulesTableRow({ rule: ruleCard(r), metrics: m }, n, z)] : [];
  });
  return rulesTableCsv(rows);
}

/**
 * `rank --format csv`: the rules table of rules already measured (`m`; each rule alone and its
 * exact marginal F1, as the report measures them), in `order` (rule ids; the rest after, in execution order).
 */
export function tableCsvOfMeasured(ctx: DatasetContext, m: AnalysisRun, order: readonly string[] = []): string {
  const metrics = computeRuleMetrics(m.run, { sampleScorer: m.sampleScorer, z: ctx.dataset.task.matching.wilson_z, perKind: 0 }).rules;
  const at = new Map(order.map((id, i) => [id, i]));
  const sorted = [...metrics].sort((a, b) => (at.get(a.id) ?? Infinity) - (at.get(b.id) ?? Infinity) || a.position - b.position);
  return rulesTableCsvOf(ctx, sorted, m.pipeline.examples.length);
}
