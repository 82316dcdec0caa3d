import { RulewrightError } from '../../core/errors.js';
import { predict } from '../../core/engine/predict.js';
import type { Prediction } from '../../core/schemas/prediction.js';
import type { DatasetContext } from '../dataset-context.js';
import { resolveRef } from '../resolve-id.js';

/** What the active rules produce for one stored example, with the rules behind it. */
export interface ExamplePrediction {
  dataset: string;
  example_id: string;
  prediction: Prediction;
}

/**
 * Runs the dataset's active rules on one example (the prediction a correction starts from).
 * Nothing is recorded.
 */
export function predictExample(ctx: DatasetContext, asked: { exampleId: string }): ExamplePrediction {
  const { store, dataset: d } = ctx;
  const req = { exampleId: resolveRef(ctx, 'examples', asked.exampleId) };
  const e = store.examples.get(d.id, req.exampleId);
  if (!e) throw new RulewrightError('NOT_FOUND', `no example "${req.exampleId}" in dataset "${d.name}": list ids with \`rulewright examples list\``);
  const active = store.rules.list(d.id, { status: 'active' });
  const prediction = predict(d.task, active, [{ id: e.id, ...(e.text !== undefined ? { text: e.text } : {}), ...(e.input ? { input: e.input } : {}) }]).predictions[0]!;
  return { dataset: d.name, example_id: e.id, prediction };
}
