import { prf } from '../../core/ratio.js';
import { isReadable, type RunOf } from '../../core/schemas/run.js';
import { ruleCard, type RuleWithMetrics } from '../../core/schemas/rule-card.js';
import type { DatasetContext } from '../dataset-context.js';
import { resolveSplit, type SplitChoice } from '../pipeline-setup.js';
import { rulesInRunOrder } from '../rules.js';
import { RuleFigures, readStoredMetrics } from './stored-metrics.js';

export type { RuleFigures } from './stored-metrics.js';

/** One rule of the overview: the rule, its stored metrics when it has any, and its badges. */
export interface RuleOverviewRow extends RuleWithMetrics<RuleFigures> {
  /** Its figures are old: the rule changed since it was measured, or the data or the ruleset did. */
  stale: boolean;
  /** The rule ran out of its time budget on some example in the latest eval run of the current rules. */
  timed_out: boolean;
}

/** Everything the rules table shows, read from the store: no rule runs. */
export interface RulesOverview {
  dataset: string;
  task_type: string;
  mode: string;
  /** The split the stored metrics are for (dev when there is one, else all). */
  split: SplitChoice;
  computed_at: string | null;
  /** The data or the rules changed since the metrics were computed. */
  stale: boolean;
  stale_reasons: string[];
  /** Ensemble figures of the last metrics run on the split, null when there is none. */
  ensemble: { n: number; precision: number | null; recall: number | null; f1: number | null } | null;
  rules: RuleOverviewRow[];
}

/** The rules that ran out of time in a run (metrics and eval runs keep their issues). */
function timedOutIn(run: RunOf<'metrics'> | RunOf<'eval'>, into: Set<string>): void {
  for (const i of run.result.issues) if (i.kind === 'timeout') into.add(i.rule_id);
}

/**
 * The rules table of the terminal UI in one read: every rule that is not deleted (all statuses, in
 * the order they run) with the metrics the last `metrics` run stored (never recomputed here),
 * stale flags as every view of stored metrics decides them (see readStoredMetrics), the ensemble
 * figures of that run, and which rules timed out in the latest eval run of the current ruleset.
 * One pass over the rules and one over the cached rows, so it stays fast with thousands of rules.
 */
export function rulesOverview(ctx: DatasetContext, req: { split?: SplitChoice } = {}): RulesOverview {
  const { store, dataset: d } = ctx;
  const stored = readStoredMetrics(store, d, resolveSplit(store, d, req.split, 'measure').label, RuleFigures);
  const { split, rows } = stored;
  const first = rows[0];

  const latest = store.runs.latest(d.id, 'metrics');
  // A run this version cannot read has no figures to show: as if there were none.
  const fromRun = latest && isReadable(latest) && latest.config.split === split ? latest : undefined;
  let ensemble: RulesOverview['ensemble'] = null;
  if (fromRun) ensemble = { n: fromRun.result.n, ...prf(fromRun.result.counts) };
  // Rules that ran out of time in the latest metrics or eval run of the current ruleset.
  const timedOut = new Set<string>();
  const lastEval = store.runs.latest(d.id, 'eval');
  for (const run of [fromRun, lastEval && isReadable(lastEval) ? lastEval : undefined])
    if (run && first && run.ruleset_hash === first.ruleset_hash) timedOutIn(run, timedOut);

  return {
    dataset: d.name,
    task_type: d.task.type,
    mode: fromRun?.config.mode ?? d.task.matching.mode,
    split,
    computed_at: stored.computed_at,
    stale: stored.stale,
    stale_reasons: rows.length ? stored.reasons : [],
    ensemble,
    rules: rulesInRunOrder(store, d).map((r): RuleOverviewRow => {
      const f = stored.byRule.get(r.id);
      return {
        rule: ruleCard(r),
        metrics: f?.data ?? null,
        stale: f ? f.ruleChanged || stored.stale : r.status === 'active' && rows.length > 0,
        timed_out: timedOut.has(r.id),
      };
    }),
  };
}
