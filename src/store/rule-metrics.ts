import { z } from 'zod';
import { type Db, retryBusy } from './db.js';
import { decodeJson, nowIso } from './decode.js';

/** Cached metrics of one rule on one split, and what they were computed for. */
export interface CachedRuleMetrics {
  rule_id: string;
  split: string;
  rule_hash: string;
  dataset_hash: string;
  ruleset_hash: string;
  /** Whatever the metrics module computes; its own schema validates the inside. */
  metrics: Record<string, unknown>;
  computed_at: string;
}

const MetricsJson = z.record(z.string(), z.unknown());

/**
 * Per-rule metrics cached per dataset and split, so the TUI opens at once and can show which
 * rows are stale (their hashes differ from the current rule, ruleset or data).
 */
export class RuleMetricsRepo {
  constructor(private readonly db: Db) {}

  /** Writes (replaces) the cached metrics of some rules on a split. */
  upsertMany(datasetId: number, rows: readonly Omit<CachedRuleMetrics, 'computed_at'>[]): void {
    const now = nowIso();
    const stmt = this.db.prepare(
      `INSERT INTO rule_metrics (dataset_id, split, rule_id, rule_hash, dataset_hash, ruleset_hash, metrics, computed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (dataset_id, split, rule_id) DO UPDATE SET rule_hash = excluded.rule_hash,
         dataset_hash = excluded.dataset_hash, ruleset_hash = excluded.ruleset_hash,
         metrics = excluded.metrics, computed_at = excluded.computed_at`,
    );
    // IMMEDIATE outside a transaction, so that a busy workspace fails before anything is written and can be retried.
    const write = this.db.transaction(() => {
      for (const r of rows) stmt.run(datasetId, r.split, r.rule_id, r.rule_hash, r.dataset_hash, r.ruleset_hash, JSON.stringify(r.metrics), now);
    });
    retryBusy(this.db, () => (this.db.inTransaction ? write() : write.immediate()));
  }

  /** Cached metrics on a split (`all` or a split name), in rule id order. */
  list(datasetId: number, split: string): CachedRuleMetrics[] {
    const rows = this.db
      .prepare(
        `SELECT rule_id, split, rule_hash, dataset_hash, ruleset_hash, metrics, computed_at
         FROM rule_metrics WHERE dataset_id = ? AND split = ? ORDER BY rule_id`,
      )
      .all(datasetId, split) as (Omit<CachedRuleMetrics, 'metrics'> & { metrics: string })[];
    return rows.map((r) => ({ ...r, metrics: decodeJson(MetricsJson, r.metrics, `metrics of rule "${r.rule_id}" (${split})`) }));
  }

  /** Drops cached metrics (of one split, or all). */
  clear(datasetId: number, split?: string): number {
    return split === undefined
      ? this.db.prepare('DELETE FROM rule_metrics WHERE dataset_id = ?').run(datasetId).changes
      : this.db.prepare('DELETE FROM rule_metrics WHERE dataset_id = ? AND split = ?').run(datasetId, split).changes;
  }
}
