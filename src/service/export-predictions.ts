import { textOf } from '../core/engine/predict.js';
import { RulewrightError } from '../core/errors.js';
import { REVIEW_FORMATS, type ReviewFormat, toDoccano, toLabelStudio } from '../formats/review-export.js';
import type { DatasetContext } from './dataset-context.js';
import { runPipeline } from './pipeline.js';
import type { SplitChoice } from './pipeline-setup.js';
import { checkOutputPath, writeOutput } from './output-path.js';

export interface PredictionExportRequest {
  format: ReviewFormat;
  /** Default: every example. */
  split?: SplitChoice;
}

/** `export FILE --predictions --format labelstudio|doccano --json`. */
export interface PredictionExportResult {
  dataset: string;
  file: string;
  format: ReviewFormat;
  examples: number;
  /** Examples the rules produced anything for. */
  with_output: number;
  dataset_hash: string;
  ruleset_hash: string;
}

/**
 * The active rules' predictions on a split, written in a labelling tool's import format so a
 * person can review (and correct) them there: Label Studio tasks with `predictions`, or Doccano
 * JSONL with the predicted labels; span offsets in code points, as both tools count them.
 */
export async function exportPredictions(ctx: DatasetContext, path: string, req: PredictionExportRequest): Promise<PredictionExportResult> {
  if (!REVIEW_FORMATS.includes(req.format))
    throw new RulewrightError('USAGE', `cannot export predictions as "${String(req.format)}": use --format ${REVIEW_FORMATS.join(' or --format ')}`);
  const { dataset: d } = ctx;
  // Refused before the rules run, not after.
  checkOutputPath(ctx, path);
  if (d.task.type === 'transformation')
    throw new RulewrightError('BAD_INPUT', `dataset "${d.name}" is a transformation task: Label Studio and Doccano review spans and classes; use \`rulewright extract\` for its outputs`);
  const run = await runPipeline(ctx, { split: req.split ?? 'all', outcomes: false });
  const items = run.examples.map((e, i) => ({ id: e.id, text: textOf(d.task, e), prediction: run.predictions[i]! }));
  const text =
    req.format === 'labelstudio' ? toLabelStudio(d.task.type, items, { modelVersion: `rulewright ruleset ${run.ruleset_hash.slice(0, 12)}` }) : toDoccano(d.task.type, items);
  const file = writeOutput(ctx, path, text);
  const withOutput = items.filter((it) => (d.task.type === 'classification' ? !!it.prediction.label : (it.prediction.spans?.length ?? 0) > 0)).length;
  return { dataset: d.name, file, format: req.format, examples: items.length, with_output: withOutput, dataset_hash: run.dataset_hash, ruleset_hash: run.ruleset_hash };
}
