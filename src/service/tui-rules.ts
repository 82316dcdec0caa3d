import { ratio } from '../core/ratio.js';
import type { Rule, RuleStatus } from '../core/schemas/index.js';
import type { RuleMetrics } from '../core/schemas/rule-metrics.js';
import type { Store } from '../store/index.js';
import { resolveDataset } from './datasets.js';
import { getStoredMetrics } from './metrics.js';
import type { SplitChoice } from './pipeline.js';

/** A rule's stored figures without its samples and partner lists (the table does not show them). */
export type RuleFigures = Omit<RuleMetrics, 'samples' | 'overlap' | 'conflict'>;

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
  /** The rule changed since it was measured (its figures are old). */
  stale: boolean;
  /** The rule ran out of its time budget on some example in the latest eval or metrics run of the current rules. */
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
 * with the metrics stored by the last `metrics` run (never recomputed here), whether they are
 * stale, the ensemble figures of that run, and which rules timed out in the latest run of the
 * current ruleset that recorded its issues.
 */
export function rulesOverview(store: Store, req: { dataset?: string; split?: SplitChoice } = {}): RulesOverview {
  const d = resolveDataset(store, req.dataset);
  const stored = getStoredMetrics(store, { dataset: d.name, ...(req.split ? { split: req.split } : {}) });
  const byId = new Map<string, RuleMetrics & { stale: boolean }>(stored.rules.map((m) => [m.id, m]));
  const latest = store.runs.latest(d.id, 'metrics');
  const fromRun = latest && latest.config.split === stored.split ? latest : undefined;
  let ensemble: RulesOverview['ensemble'] = null;
  if (fromRun) {
    const c = rec(fromRun.result.counts);
    const [tp, fp, fn] = [c.tp, c.fp, c.fn].map((x) => (typeof x === 'number' ? x : 0)) as [number, number, number];
    ensemble = { n: typeof fromRun.result.n === 'number' ? fromRun.result.n : 0, precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn), f1: ratio(2 * tp, 2 * tp + fp + fn) };
  }
  const timedOut = new Set<string>();
  const evalRun = store.runs.latest(d.id, 'eval');
  if (evalRun && stored.ruleset_hash !== null && evalRun.ruleset_hash === stored.ruleset_hash && Array.isArray(evalRun.result.issues))
    for (const i of evalRun.result.issues) if (rec(i).kind === 'timeout' && typeof rec(i).rule_id === 'string') timedOut.add(rec(i).rule_id as string);
  const rules = store.rules.list(d.id).map((r): RuleOverviewRow => {
    const m = byId.get(r.id);
    let metrics: RuleFigures | null = null;
    if (m) {
      const { samples: _s, overlap: _o, conflict: _c, stale: _st, ...figures } = m;
      metrics = figures;
    }
    return {
      id: r.id,
      name: r.name,
      label: r.output.label,
      status: r.status,
      format: r.format,
      pattern: r.format === 'lexicon' ? (r.terms ?? []).join(' | ') : r.pattern,
      metrics,
      stale: m ? m.stale || stored.stale : r.status === 'active' && stored.computed,
      timed_out: timedOut.has(r.id),
    };
  });
  return {
    dataset: d.name,
    task_type: d.task.type,
    mode: typeof fromRun?.config.mode === 'string' ? fromRun.config.mode : d.task.matching.mode,
    split: stored.split,
    computed_at: stored.computed_at,
    stale: stored.stale,
    stale_reasons: stored.stale_reasons,
    ensemble,
    rules,
  };
}
