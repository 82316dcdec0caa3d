import { TUNING } from '../learn/induce/tuning.js';
import { buildTrainIndex, possibleKeys, TRAIN_INDEX_VERSION, trainIndexFromPostings, type TrainIndex } from '../learn/induce/train-index.js';
import type { DatasetContext } from './dataset-context.js';
import type { SplitRows } from './split-predictions.js';

/**
 * Makes sure the workspace keeps the train index of these rows (built and kept when it is missing,
 * or was built for other rows or another index version); false when it cannot: a train split too
 * long to keep, or a workspace opened read-only. `built` is the whole index when this call made it.
 */
function keep(ctx: DatasetContext, train: SplitRows): { kept: boolean; built?: TrainIndex } {
  const { store, dataset: d } = ctx;
  const fingerprint = `v${TRAIN_INDEX_VERSION}:${train.fingerprint}`;
  const n = train.examples.length;
  const state = store.trainFeatures.state(d.id);
  if (state?.fingerprint === fingerprint && state.docs === n) return { kept: true };
  const chars = train.examples.reduce((s, e) => s + (e.text?.length ?? 0), 0);
  if (chars > TUNING.corrections.keptIndexMaxChars) return { kept: false };
  const built = buildTrainIndex(train.examples);
  return { kept: store.trainFeatures.replace(d.id, fingerprint, n, built.index.postingsByKey()), built };
}

/**
 * The train index restricted to one train text's features, as `buildTrainIndex(train, text)`
 * gives it, read from the index the workspace keeps for these train rows; where none can be kept,
 * the text's features are indexed in memory.
 */
export function trainIndexFor(ctx: DatasetContext, train: SplitRows, text: string): TrainIndex {
  if (!keep(ctx, train).kept) return buildTrainIndex(train.examples, text);
  return trainIndexFromPostings(train.examples, ctx.store.trainFeatures.lookup(ctx.dataset.id, possibleKeys(text), train.examples.length));
}

/** The whole train index, as `buildTrainIndex(train)` gives it, read from the workspace's when it keeps one. */
export function wholeTrainIndex(ctx: DatasetContext, train: SplitRows): TrainIndex {
  const { kept, built } = keep(ctx, train);
  if (built) return built;
  if (!kept) return buildTrainIndex(train.examples);
  return trainIndexFromPostings(train.examples, ctx.store.trainFeatures.all(ctx.dataset.id, train.examples.length));
}
