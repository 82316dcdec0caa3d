import { assignSplits, checkSplitOptions, type SplitItem } from '../core/split.js';
import type { Split } from '../core/schemas/example.js';
import type { DatasetContext } from './dataset-context.js';
import { nearDuplicateGroups } from '../learn/induce/near-duplicates.js';
import type { NearDuplicates, SplitCounts, SplitResult } from './types.js';

export interface SplitRequest {
  dev: number;
  /** When omitted, examples already in test stay there and the rest is divided into train/dev. */
  test?: number;
  seed?: number;
}

export const DEFAULT_SEED = 42;

/** The split `splitDataset` would store: each example's new split, and the counts it gives. */
export interface SplitPlan {
  assigned: Map<string, Split>;
  kept_test: number;
  locked: number;
  splits: SplitCounts;
  /** Groups of near-duplicate texts kept in one split each, and the examples in them. */
  near_duplicates: NearDuplicates;
}

/**
 * A seeded, stratified split, computed and not stored. Corrections, and the examples they
 * correct, always stay in train. Without a test fraction an imported test set is kept as it is.
 */
export function planSplit(ctx: DatasetContext, req: SplitRequest): SplitPlan {
  const seed = req.seed ?? DEFAULT_SEED;
  checkSplitOptions({ dev: req.dev, test: req.test ?? 0, seed });
  const { store, dataset: d } = ctx;
  const rows = store.examples.splitRows(d.id);
  const keepTest = req.test === undefined;
  const pool = keepTest ? rows.filter((r) => r.split !== 'test') : rows;
  // A corrected example was trained on (its text is in the correction's copy): it stays in train too.
  const corrected = new Set(store.corrections.list(d.id).flatMap((c) => (c.example_id ? [c.example_id] : [])));
  // Near-duplicates (windows of one document) go to one split together, or dev and test would score text train learned from.
  const groups = nearDuplicateGroups(pool.map((r) => r.text ?? ''));
  const size = new Map<number, number>();
  groups.forEach((g) => size.set(g, (size.get(g) ?? 0) + 1));
  const items: SplitItem[] = pool.map((r, i) => ({
    id: r.id,
    stratum: r.labels,
    locked: r.source === 'correction' || corrected.has(r.id),
    ...(size.get(groups[i]!)! > 1 ? { group: pool[groups[i]!]!.id } : {}),
  }));
  const assigned = assignSplits(items, { dev: req.dev, test: req.test ?? 0, seed });
  const splits: SplitCounts = { train: 0, dev: 0, test: 0 };
  for (const r of rows) splits[assigned.get(r.id) ?? r.split]++;
  const grouped = [...size.values()].filter((n) => n > 1);
  const near_duplicates = { groups: grouped.length, examples: grouped.reduce((a, b) => a + b, 0) };
  return { assigned, kept_test: rows.length - pool.length, locked: items.filter((i) => i.locked).length, splits, near_duplicates };
}

/** A seeded, stratified split (see `planSplit`), stored in the examples' split column. */
export function splitDataset(ctx: DatasetContext, req: SplitRequest): SplitResult {
  const { store, dataset: d } = ctx;
  return store.transaction(() => {
    const plan = planSplit(ctx, req);
    const changed = store.examples.setSplits(d.id, plan.assigned);
    return {
      dataset: d.name,
      seed: req.seed ?? DEFAULT_SEED,
      dev: req.dev,
      test: req.test ?? 0,
      kept_test: plan.kept_test,
      locked: plan.locked,
      changed,
      splits: plan.splits,
      near_duplicates: plan.near_duplicates,
      dataset_hash: store.examples.hash(d.id),
    };
  });
}

export function splitCounts(c: Record<string, number>): SplitCounts {
  return { train: c.train ?? 0, dev: c.dev ?? 0, test: c.test ?? 0 } satisfies Record<Split, number>;
}
