/**
 * A case from a dataset file of one's own (any format `rulewright import` reads): every labelled
 * row is a row to learn from or score on, whatever split it names, so `bench:held-out --file`
 * checks the learner on data the bench does not ship, by the bench's own protocol and baselines.
 */
import { basename } from 'node:path';
import { Task } from '../../../src/core/schemas/task.js';
import { readDataset } from '../../../src/formats/index.js';
import type { BenchCase } from './types.js';
import { withSplit } from './splits.js';

/**
 * The file's rows as a case whose train holds them all (no dev, no test: the held-out protocol
 * divides them). A classification row needs a label; a span row with no spans stays, as a text
 * with nothing to extract, as the bench's span cases keep them.
 */
export function fileCase(path: string): BenchCase {
  const data = readDataset(path);
  const name = basename(path).replace(/\.[^.]*$/, '');
  const rows = data.taskType === 'classification' ? data.examples.filter((e) => (e.label ?? '').trim() !== '') : data.examples;
  return {
    name,
    task: Task.parse({ name, type: data.taskType, labels: data.labels }),
    train: withSplit(rows, 'train'),
    dev: [],
    test: [],
    notes: [`${name}: ${rows.length} labelled rows of ${path} (${data.format})`],
  };
}
