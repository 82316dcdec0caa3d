import { isSpanTask } from '../core/schemas/task.js';
import type { Split } from '../core/schemas/example.js';
import type { DatasetContext } from './dataset-context.js';
import { splitCounts } from './split.js';
import type { DatasetStats, SplitStats } from './types.js';

const SPLITS: readonly Split[] = ['train', 'dev', 'test'];

const sortedRecord = (m: Map<string, number>): Record<string, number> =>
  Object.fromEntries([...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));

/**
 * Counts of a dataset: examples per split and source, and per label (span mentions for span
 * tasks, examples per class for classification, examples with the field filled for
 * transformation), overall and per split. Computed in SQL, so it is quick on large datasets.
 */
export function datasetStats(ctx: DatasetContext): DatasetStats {
  const { store, dataset: d } = ctx;
  const spanTask = isSpanTask(d.task.type);
  const splits = splitCounts(store.examples.countsBy(d.id, 'split'));
  const src = store.examples.countsBy(d.id, 'source');
  const unlabeled = store.examples.unlabeledBySplit(d.id);
  const rows = spanTask ? store.examples.spanCountsBySplit(d.id) : store.examples.labelPresenceBySplit(d.id);

  const total = new Map<string, number>();
  const perSplit = new Map<Split, Map<string, number>>(SPLITS.map((s) => [s, new Map()]));
  for (const r of rows) {
    const label = r.label ?? '';
    total.set(label, (total.get(label) ?? 0) + r.n);
    const m = perSplit.get(r.split as Split);
    m?.set(label, (m.get(label) ?? 0) + r.n);
  }
  // Declared labels with no example still show, with 0.
  for (const l of d.task.labels ?? []) if (!total.has(l)) total.set(l, 0);

  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const bySplit = Object.fromEntries(
    SPLITS.map((s): [Split, SplitStats] => {
      const m = perSplit.get(s)!;
      return [s, { examples: splits[s], spans: spanTask ? sum(m) : null, unlabeled: unlabeled[s] ?? 0, labels: sortedRecord(m) }];
    }),
  ) as Record<Split, SplitStats>;

  return {
    dataset: d.name,
    type: d.task.type,
    examples: splits.train + splits.dev + splits.test,
    spans: spanTask ? sum(total) : null,
    unlabeled: Object.values(unlabeled).reduce((a, b) => a + b, 0),
    splits,
    sources: { gold: src.gold ?? 0, correction: src.correction ?? 0, observed: src.observed ?? 0 },
    label_unit: spanTask ? 'spans' : 'examples',
    label_count: total.size,
    labels: sortedRecord(total),
    by_split: bySplit,
    dataset_hash: store.examples.hash(d.id),
  };
}
