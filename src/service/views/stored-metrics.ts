import { z } from 'zod';
import { RuleMetrics } from '../../core/schemas/rule-metrics.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { CachedRuleMetrics } from '../../store/rule-metrics.js';
import type { DatasetRecord } from '../../store/datasets.js';
import { activeRulesHash, ruleHash } from '../../store/fingerprint.js';
import type { Store } from '../../store/index.js';
import type { DatasetContext } from '../dataset-context.js';
import { decodeCachedMetrics, latestComputedAt, staleReasons } from '../metrics-cache.js';
import { resolveSplit, type SplitChoice } from '../pipeline-setup.js';

/**
 * A rule's stored figures without its samples and partner lists (tables do not show them).
 * Parsed with a schema that ignores the rest, so reading 2,000 rows does not validate every
 * stored sample.
 */
export const RuleFigures = z.object(
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
export type RuleFigures = z.infer<typeof RuleFigures>;

/** One stored row, read, and whether its own rule moved since it was measured. */
export interface StoredRow<T> {
  row: CachedRuleMetrics;
  data: T;
  /** The rule changed since it was measured, or is no longer active. */
  ruleChanged: boolean;
}

/** The per-rule metrics `metrics` stored on a split, checked against the rules and data of now. */
export interface StoredMetricsState<T> {
  split: SplitChoice;
  rows: CachedRuleMetrics[];
  /** The readable rows, by rule id. */
  byRule: Map<string, StoredRow<T>>;
  /** Why the stored set no longer describes the rules and data (with no rows: that metrics never ran). */
  reasons: string[];
  /** The stored set is old (false when nothing is stored: nothing is "stale" then). */
  stale: boolean;
  computed_at: string | null;
}

/**
 * The one place stored-metric staleness is decided, for every view of stored metrics (the rules
 * table, a rule's screen, `storedMetrics`): a row is old when its rule's hash moved or the rule
 * is no longer active; the set is old when the data or the active rules changed since, an active
 * rule has no row, or a row could not be read with `schema` (written by another version).
 */
export function readStoredMetrics<T>(store: Store, d: DatasetRecord, split: SplitChoice, schema: z.ZodType<T>): StoredMetricsState<T> {
  const rows = store.ruleMetrics.list(d.id, split);
  const active = new Map<string, Rule>(store.rules.list(d.id, { status: 'active' }).map((r) => [r.id, r]));
  const { decoded, invalid } = decodeCachedMetrics(rows, schema);
  const byRule = new Map<string, StoredRow<T>>();
  for (const { row, data } of decoded) {
    const rule = active.get(row.rule_id);
    byRule.set(row.rule_id, { row, data, ruleChanged: !rule || ruleHash(rule) !== row.rule_hash });
  }
  const stored = new Set(rows.map((r) => r.rule_id));
  const reasons = staleReasons(split, rows, {
    datasetHash: () => store.examples.hash(d.id, split === 'all' ? undefined : split),
    rulesetHash: () => activeRulesHash([...active.values()]),
    missing: () => [...active.keys()].filter((id) => !stored.has(id)).length,
    invalid,
  });
  return { split, rows, byRule, reasons, stale: rows.length > 0 && reasons.length > 0, computed_at: latestComputedAt(rows) };
}

/** Cached per-rule metrics, and whether they still describe the current rules and data. */
export interface StoredMetrics {
  dataset: string;
  split: SplitChoice;
  /** False when `metrics` has never run on this split. */
  computed: boolean;
  computed_at: string | null;
  /** The rules or the data changed since, or nothing was computed (see `stale_reasons`); the figures are then old. */
  stale: boolean;
  stale_reasons: string[];
  dataset_hash: string | null;
  ruleset_hash: string | null;
  /** In the execution order they were computed in; `stale` per rule when that rule changed or is gone. */
  rules: (RuleMetrics & { stale: boolean })[];
}

/**
 * The per-rule metrics stored by the last `metrics` run on a split (default: dev, else all), for
 * the TUI to open at once: no rule runs. `stale` says whether the data or the active rules changed
 * since they were computed.
 */
export function getStoredMetrics(ctx: DatasetContext, req: { split?: SplitChoice } = {}): StoredMetrics {
  const { store, dataset: d } = ctx;
  const s = readStoredMetrics(store, d, resolveSplit(store, d, req.split, 'measure').label, RuleMetrics);
  const rules = [...s.byRule.values()].map(({ data, ruleChanged }) => ({ ...data, stale: ruleChanged }));
  rules.sort((a, b) => a.position - b.position);
  const first = s.rows[0];
  return {
    dataset: d.name,
    split: s.split,
    computed: s.rows.length > 0,
    computed_at: s.computed_at,
    stale: s.reasons.length > 0,
    stale_reasons: s.reasons,
    dataset_hash: first?.dataset_hash ?? null,
    ruleset_hash: first?.ruleset_hash ?? null,
    rules,
  };
}
