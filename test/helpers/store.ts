import type { TaskInput } from '../../src/core/schemas/task.js';
import { Store } from '../../src/store/index.js';
import { makeTask } from './temp.js';

/** A new workspace at `path` with one dataset named "n" of the given type: the start of most store tests. */
export function storeWithDataset(path: string, type: TaskInput['type'] = 'classification'): { s: Store; id: number } {
  const s = Store.open(path, { create: true });
  return { s, id: s.datasets.insert(makeTask({ name: 'n', type })).id };
}
