import { predict } from '../core/engine/predict.js';
import type { Example, Split } from '../core/schemas/example.js';
import type { Prediction } from '../core/schemas/prediction.js';
import type { Rule } from '../core/schemas/rule.js';
import { activeRulesHash } from '../store/fingerprint.js';
import type { Store } from '../store/index.js';
import type { PredictionKey } from '../store/prediction-cache.js';
import type { DatasetContext } from './dataset-context.js';

/** A split's examples in order, and the fingerprint of exactly those rows. */
export interface SplitRows {
  split: Split;
  examples: Example[];
  fingerprint: string;
}

/** Reads a split with its fingerprint (what `activePredictions` is keyed on). */
export function splitRows(ctx: DatasetContext, split: Split): SplitRows {
  return { split, ...ctx.store.examples.listFingerprinted(ctx.dataset.id, split) };
}

/** Per open workspace, the latest run on each split: the TUI asks for one answer after another under the same rules. */
const kept = new WeakMap<Store, Map<string, { key: string; predictions: readonly Prediction[] }>>();

/** The hash of each list of active rules read in this process: one answer reads its rules once and looks up two splits. */
const hashes = new WeakMap<readonly Rule[], string>();

function hashOf(active: readonly Rule[]): string {
  let h = hashes.get(active);
  if (h === undefined) hashes.set(active, (h = activeRulesHash(active)));
  return h;
}

/**
 * The active rules' predictions on a split, in its order: kept in memory per open workspace and in
 * the workspace between processes (one row per split), for the rules and rows they were made from,
 * else run once and kept. Running the whole ensemble is most of what measuring one more rule
 * against it costs; a read-only workspace keeps nothing on disk.
 */
export function activePredictions(ctx: DatasetContext, rows: SplitRows, active: readonly Rule[]): readonly Prediction[] {
  const { store, dataset: d } = ctx;
  const key: PredictionKey = { split: rows.split, ruleset_hash: hashOf(active), dataset_hash: rows.fingerprint };
  const id = `${d.id}\0${key.ruleset_hash}\0${key.dataset_hash}`;
  const memo = kept.get(store) ?? new Map<string, { key: string; predictions: readonly Prediction[] }>();
  kept.set(store, memo);
  const hit = memo.get(rows.split);
  if (hit?.key === id) return hit.predictions;
  const cached = store.predictionCache.get(d.id, key);
  // The fingerprint covers the ids in order; the ids are checked again so a stale row can never be misread.
  const predictions =
    cached && cached.ids.length === rows.examples.length && cached.ids.every((x, i) => x === rows.examples[i]!.id) ? cached.predictions : run(ctx, rows, active, key);
  memo.set(rows.split, { key: id, predictions });
  return predictions;
}

function run(ctx: DatasetContext, rows: SplitRows, active: readonly Rule[], key: PredictionKey): readonly Prediction[] {
  const { predictions, issues } = predict(ctx.dataset.task, active, rows.examples);
  // A run where a rule ran out of time depends on the machine's load: it is used, not kept.
  if (issues.some((i) => i.kind === 'timeout')) return predictions;
  ctx.store.predictionCache.put(ctx.dataset.id, key, { ids: rows.examples.map((e) => e.id), predictions });
  return predictions;
}
