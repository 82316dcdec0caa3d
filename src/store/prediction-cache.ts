import { z } from 'zod';
import { Prediction } from '../core/schemas/prediction.js';
import { type Db, retryBusy } from './db.js';
import { decodeJson, nowIso } from './decode.js';

/** What a cached run was made from: the active rules and the split's gold. */
export interface PredictionKey {
  split: string;
  ruleset_hash: string;
  dataset_hash: string;
}

/** The predictions with the ids of the examples they are for, in order. */
const Cached = z.strictObject({ ids: z.array(z.string()), predictions: z.array(Prediction) });
export type CachedPredictions = z.infer<typeof Cached>;

/**
 * Classification predictions (a label and the rule that gave it, or neither) kept as two columns:
 * a train split's row decodes in a few milliseconds where one object per prediction takes tens.
 */
const Columns = z
  .strictObject({ ids: z.array(z.string()), labels: z.array(z.string().nullable()), rule_ids: z.array(z.string().nullable()) })
  .refine((c) => c.labels.length === c.ids.length && c.rule_ids.length === c.ids.length, 'ids, labels and rule_ids differ in length');
const Stored = z.union([Columns, Cached]);

/** A classification answer as the engine gives it: exactly a label and a rule id (both null when no rule fired). */
const labelOnly = (p: Prediction): boolean => Object.keys(p).length === 2 && p.label !== undefined && p.rule_id !== undefined;

function encode(c: CachedPredictions): string {
  if (!c.predictions.every(labelOnly)) return JSON.stringify(c);
  return JSON.stringify({ ids: c.ids, labels: c.predictions.map((p) => p.label ?? null), rule_ids: c.predictions.map((p) => p.rule_id ?? null) });
}

function decode(s: z.infer<typeof Stored>): CachedPredictions {
  if ('predictions' in s) return s;
  return { ids: s.ids, predictions: s.labels.map((label, i) => ({ label, rule_id: s.rule_ids[i] ?? null })) };
}

/**
 * The active rules' predictions on a split, for the ruleset and data they were made from: a
 * command that measures one rule against the ensemble reads them instead of running it all.
 */
export class PredictionCacheRepo {
  constructor(private readonly db: Db) {}

  /** The cached predictions, when they were made for exactly these rules and data. */
  get(datasetId: number, key: PredictionKey): CachedPredictions | undefined {
    const row = this.db
      .prepare('SELECT predictions FROM prediction_cache WHERE dataset_id = ? AND split = ? AND ruleset_hash = ? AND dataset_hash = ?')
      .get(datasetId, key.split, key.ruleset_hash, key.dataset_hash) as { predictions: string } | undefined;
    return row && decode(decodeJson(Stored, row.predictions, `cached predictions on ${key.split} of dataset ${datasetId}`));
  }

  /** Keeps these predictions as the split's latest; a workspace opened read-only keeps nothing (a cache only saves time). */
  put(datasetId: number, key: PredictionKey, cached: CachedPredictions): void {
    if (this.db.readonly) return;
    const stmt = this.db.prepare(
      `INSERT INTO prediction_cache (dataset_id, split, ruleset_hash, dataset_hash, predictions, computed_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (dataset_id, split) DO UPDATE SET ruleset_hash = excluded.ruleset_hash, dataset_hash = excluded.dataset_hash,
         predictions = excluded.predictions, computed_at = excluded.computed_at`,
    );
    retryBusy(this.db, () => stmt.run(datasetId, key.split, key.ruleset_hash, key.dataset_hash, encode(cached), nowIso()));
  }
}
