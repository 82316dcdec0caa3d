import { z } from 'zod';
import { setHash } from '../core/hash.js';
import { ratio } from '../core/ratio.js';
import type { Rule, RuleStatus } from '../core/schemas/index.js';
import { RuleMetrics } from '../core/schemas/rule-metrics.js';
import { ruleHash, type Store } from '../store/index.js';
import { resolveDataset } from './datasets.js';
import { decodeCachedMetrics, latestComputedAt, staleReasons } from './metrics-cache.js';
import { resolveSplit, type SplitChoice } from './pipeline.js';

/**
 * A rule's stored figures without its samples and partner lists (the table does not show them).
 * Parsed with a schema that ignores the rest, so reading 2,000 rows does not validate every
 * stored sample.
 */
const Figures = z.object(
  RuleMetrics.pick({
    id: true,
    name: true,
    label: true,
    position: true,
    tp: true,
    fp: true,
    fn: true,
    precision: true,
    recall: true,
    f1: true,
    label_recall: true,
    label_f1: true,
    support: true,
    fired: true,
    fired_docs: true,
    wilson_lower: true,
    dead: true,
    harmful: true,
    marginal_f1: true,
  }).shape,
);
export type RuleFigures = z.infer<typeof Figures>;

/** One rule of the overview: what it is, and its stored metrics when it has any. */
export interface RuleOverviewRow {
  id: string;
  name: string;
  label: string;
  status: RuleStatus;
  format: Rule['format'];
  /** The regex, or the terms joined with ` | `. */
  pattern: string;
  /** Null when the rule was never measured on the split (new, or not active when measured). */
  metrics: RuleFigures | null;
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

const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * The rules table of the terminal UI in one read: every rule that is not deleted (all statuses)
 * with the metrics the last `metrics` run stored (never recomputed here), stale flags by the same
 * rules as `getStoredMetrics` (a rule whose hash moved, or data or active rules that changed since),
 * the ensemble figures of that run, and which rules timed out in the latest eval run of the
 * current ruleset. One pass over the rules and one over the cached rows, so it stays fast with
 * thousands of rules.
 */
export function rulesOverview(store: Store, req: { dataset?: string; split?: SplitChoice } = {}): RulesOverview {
  const d = resolveDataset(store, req.dataset);
  const split = resolveSplit(store, d, req.split, 'measure').label;
  const rules = store.rules.list(d.id);
  const hashes = new Map<string, string>();
  for (const r of rules) if (r.status === 'active') hashes.set(r.id, ruleHash(r));
  const rows = store.ruleMetrics.list(d.id, split);

  const { decoded, invalid } = decodeCachedMetrics(rows, Figures);
  const figures = new Map<string, { m: RuleFigures; stale: boolean }>();
  for (const { row, data } of decoded) figures.set(row.rule_id, { m: data, stale: hashes.get(row.rule_id) !== row.rule_hash });
  const first = rows[0];
  const reasons = staleReasons(split, rows, {
    datasetHash: () => store.examples.hash(d.id, split === 'all' ? undefined : split),
    rulesetHash: () => setHash(hashes.values()),
    missing: () => [...hashes.keys()].filter((id) => !figures.has(id)).length,
    invalid,
  });
  const stale = rows.length > 0 && reasons.length > 0;

  const latest = store.runs.latest(d.id, 'metrics');
  const fromRun = latest && latest.config.split === split ? latest : undefined;
  let ensemble: RulesOverview['ensemble'] = null;
  if (fromRun) {
    const c = rec(fromRun.result.counts);
    const [tp, fp, fn] = [c.tp, c.fp, c.fn].map((x) => (typeof x === 'number' ? x : 0)) as [number, number, number];
    ensemble = { n: typeof fromRun.result.n === 'number' ? fromRun.result.n : 0, precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn), f1: ratio(2 * tp, 2 * tp + fp + fn) };
  }
  // Rules that ran out of time in the latest metrics or eval run of the current ruleset.
  const timedOut = new Set<string>();
  for (const run of [fromRun, store.runs.latest(d.id, 'eval')])
    if (run && first && run.ruleset_hash === first.ruleset_hash && Array.isArray(run.result.issues))
      for (const i of run.result.issues) if (rec(i).kind === 'timeout' && typeof rec(i).rule_id === 'string') timedOut.add(rec(i).rule_id as string);

  return {
    dataset: d.name,
    task_type: d.task.type,
    mode: typeof fromRun?.config.mode === 'string' ? fromRun.config.mode : d.task.matching.mode,
    split,
    computed_at: latestComputedAt(rows),
    stale,
    stale_reasons: rows.length ? reasons : [],
    ensemble,
    rules: rules.map((r): RuleOverviewRow => {
      const f = figures.get(r.id);
      return {
        id: r.id,
        name: r.name,
        label: r.output.label,
        status: r.status,
        format: r.format,
        pattern: r.format === 'lexicon' ? (r.terms ?? []).join(' | ') : r.pattern,
        metrics: f?.m ?? null,
        stale: f ? f.stale || stale : r.status === 'active' && rows.length > 0,
        timed_out: timedOut.has(r.id),
      };
    }),
  };
}
