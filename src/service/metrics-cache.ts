import type { z } from 'zod';
import type { CachedRuleMetrics } from '../store/rule-metrics.js';

/**
 * Reading the per-rule metrics `metrics` stored: the pieces `readStoredMetrics`
 * (views/stored-metrics.ts) decides staleness with, for every view of them.
 */

/**
 * The stored rows that `schema` reads, each with its row. A row it cannot read was written by
 * another version: it is counted in `invalid`, not thrown, so the rest still shows.
 */
export function decodeCachedMetrics<T>(rows: readonly CachedRuleMetrics[], schema: z.ZodType<T>): { decoded: { row: CachedRuleMetrics; data: T }[]; invalid: number } {
  const decoded: { row: CachedRuleMetrics; data: T }[] = [];
  let invalid = 0;
  for (const row of rows) {
    const parsed = schema.safeParse(row.metrics);
    if (parsed.success) decoded.push({ row, data: parsed.data });
    else invalid++;
  }
  return { decoded, invalid };
}

/** What the stored metrics are checked against; functions, so nothing is hashed when none are stored. */
export interface CurrentState {
  datasetHash(): string;
  rulesetHash(): string;
  /** Active rules with no stored metrics. */
  missing(): number;
  /** Stored rows that could not be read. */
  invalid: number;
}

/** Why the stored metrics of a split no longer describe the data and the rules; empty when they do. */
export function staleReasons(split: string, rows: readonly CachedRuleMetrics[], now: CurrentState): string[] {
  const first = rows[0];
  if (!first) return [`no metrics computed on ${split} yet: run \`rulewright metrics\``];
  const reasons: string[] = [];
  if (first.dataset_hash !== now.datasetHash()) reasons.push('the examples changed since the metrics were computed');
  if (first.ruleset_hash !== now.rulesetHash()) reasons.push('the rules changed since the metrics were computed');
  const missing = now.missing();
  if (missing) reasons.push(`${missing} active rule${missing === 1 ? ' has' : 's have'} no metrics yet`);
  if (now.invalid) reasons.push(`${now.invalid} stored row${now.invalid === 1 ? '' : 's'} could not be read (written by another version)`);
  return reasons;
}

/** When the newest of the stored rows was computed, or null when there are none. */
export function latestComputedAt(rows: readonly CachedRuleMetrics[]): string | null {
  return rows.reduce<string | null>((a, r) => (a === null || r.computed_at > a ? r.computed_at : a), null);
}
