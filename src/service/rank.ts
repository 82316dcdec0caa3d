import { performance } from 'node:perf_hooks';
import { rankRules } from '../core/metrics/rank.js';
import type { Counts } from '../core/ratio.js';
import type { DatasetContext } from './dataset-context.js';
import { analysisConfig, analysisRun } from './analysis-run.js';
import type { MeasuredRunView, MeasureRequest } from './measuring.js';
import { round } from './round.js';
import { issueView } from './runs.js';
import { tableCsvOfMeasured } from './report-csv.js';
import { phaseProgress } from './types.js';

/** What `rank` measures, and whether to return the rules table as CSV beside the ranking (`rank --format csv`). */
export type RankRequest = MeasureRequest & { table?: boolean };

/** One rule in `rank --json`: `{id, name, solo_f1, marginal_f1}`, the keys scripts read, and more. */
export interface RankedRuleView {
  rank: number;
  id: string;
  name: string;
  label: string;
  solo_f1: number | null;
  marginal_f1: number | null;
  solo_precision: number | null;
  solo_recall: number | null;
  support: number;
  fired: number;
  dead: boolean;
  harmful: boolean;
  /** Micro F1 of the ruleset without this rule. */
  loo_f1: number | null;
}

/** `rank --json`. */
export interface RankResultView extends MeasuredRunView {
  /** Ensemble micro F1 (and its parts). */
  f1: number | null;
  precision: number | null;
  recall: number | null;
  counts: Counts;
  /** Best first: marginal F1, then solo precision, then support. */
  rules: RankedRuleView[];
  /** Examples re-scored for leave-one-out (each rule re-resolves only the examples it fired on). */
  rescored: number;
  /** The ranking's own compute time: load, execute once, rank. */
  elapsed_ms: number;
  /** The report's rules table as CSV, in rank order, when asked for (`table`). */
  table_csv?: string;
}

/**
 * `rank`: every active rule's solo F1 and exact leave-one-out marginal F1 (ensemble F1 minus F1
 * without the rule, under the task's conflict policy, execution order and matching mode), on dev
 * when there is one (else all examples). The rules run once; each rule's removal re-resolves only
 * the examples it fired on. The run is recorded.
 */
export async function rank(ctx: DatasetContext, req: RankRequest = {}): Promise<RankResultView> {
  const t0 = performance.now();
  const { store, dataset: d } = ctx;
  const m = await analysisRun(ctx, req, (x) => rankRules(x.run));
  const r = rankRules(m.run, phaseProgress(req.onProgress, 'score'));
  const rules: RankedRuleView[] = r.order.map((p) => {
    const x = r.rules[p]!;
    return {
      rank: x.rank,
      id: x.id,
      name: x.name,
      label: x.label,
      solo_f1: x.solo_f1,
      marginal_f1: x.marginal_f1,
      solo_precision: x.solo_precision,
      solo_recall: x.solo_recall,
      support: x.support,
      fired: x.fired,
      dead: x.dead,
      harmful: x.harmful,
      loo_f1: x.loo_f1,
    };
  });
  const elapsed = round(performance.now() - t0);
  const p = m.pipeline;
  const recorded = store.transaction(() =>
    store.runs.insert(d.id, {
      kind: 'rank',
      dataset_hash: p.dataset_hash,
      ruleset_hash: p.ruleset_hash,
      config: analysisConfig(m),
      result: { n: p.examples.length, f1: r.f1, counts: r.counts, notes: m.notes, rules: rules.map(({ rank: k, id, solo_f1, marginal_f1 }) => ({ rank: k, id, solo_f1, marginal_f1 })) },
      elapsed_ms: elapsed,
    }),
  );
  return {
    dataset: d.name,
    split: p.split.label,
    n: p.examples.length,
    mode: m.run.scorer.mode,
    f1: r.f1,
    precision: r.precision,
    recall: r.recall,
    counts: r.counts,
    rules,
    rescored: r.rescored,
    notes: m.notes,
    issues: p.issues.map(issueView),
    dataset_hash: p.dataset_hash,
    ruleset_hash: p.ruleset_hash,
    run_id: recorded.id,
    elapsed_ms: elapsed,
    // From the same run of the rules, so `rank --format csv` runs them once.
    ...(req.table ? { table_csv: tableCsvOfMeasured(ctx, m, rules.map((x) => x.id)) } : {}),
  };
}
