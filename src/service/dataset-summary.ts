import type { DatasetContext } from './dataset-context.js';
import { summarize } from './datasets.js';
import type { DatasetSummary } from './types.js';

/** The dataset's name, task type, description, labels and number of examples, as `rulewright datasets` lists it. */
export function datasetSummary(ctx: DatasetContext): DatasetSummary {
  return summarize(ctx.dataset, ctx.store.examples.count(ctx.dataset.id));
}
