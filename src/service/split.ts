import { assignSplits, checkSplitOptions, type SplitItem } from '../core/split.js';
import type { Split } from '../core/schemas/example.js';
import type { DatasetContext } from './dataset-context.js';
import type { SplitCounts, SplitResult } from './types.js';

export interface SplitRequest {
  dev: number;
  /** When omitted, examples already in test stay there and the rest is divided into train/dev. */
  test?: number;
  seed?: number;
}

export const DEFAULT_SEED = 42;

/**
 * A seeded, stratified split, stored in the examples' split column. Corrections, and the
 * examples they correct, always stay in train. Without a test fraction an imported test set is kept as it is.
 */
export function splitDataset(ctx: DatasetContext, req: SplitRequest): SplitResult {
  const seed = req.seed ?? DEFAULT_SEED;
  checkSplitOptions({ dev: req.dev, test: req.test ?? 0, seed });
  const { store, dataset: d } = ctx;
  return store.transaction(() => {
    const rows = store.examples.splitRows(d.id);
    const keepTest = req.test === undefined;
    const pool = keepTest ? rows.filter((r) => r.split !== 'test') : rows;
    // A corrected example was trained on (its text is in the correction's copy): it stays in train too.
    const corrected = new Set(store.corrections.list(d.id).flatMap((c) => (c.example_id ? [c.example_id] : [])));
    const items: SplitItem[] = pool.map((r) => ({ id: r.id, stratum: r.labels, locked: r.source === 'correction' || corrected.has(r.id) }));
    const assigned = assignSplits(items, { dev: req.dev, test: req.test ?? 0, seed });
    const changed = store.examples.setSplits(d.id, assigned);
    const counts = store.examples.countsBy(d.id, 'split');
    return {
      dataset: d.name,
      seed,
      dev: req.dev,
      test: req.test ?? 0,
      kept_test: keepTest ? rows.length - pool.length : 0,
      locked: items.filter((i) => i.locked).length,
      changed,
      splits: splitCounts(counts),
      dataset_hash: store.examples.hash(d.id),
    };
  });
}

export function splitCounts(c: Record<string, number>): SplitCounts {
  return { train: c.train ?? 0, dev: c.dev ?? 0, test: c.test ?? 0 } satisfies Record<Split, number>;
}
