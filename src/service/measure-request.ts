import type { ScoreContext } from '../core/eval/types.js';
import type { SplitChoice } from './pipeline.js';
import type { Progress } from './types.js';

// Apart from metrics.ts because metrics-batches.ts takes the same request and metrics.ts runs the
// batches: with the type in metrics.ts, the two imported each other.

/** What metrics, rank and prune are asked for beyond their dataset context: the split, mostly. */
export interface MeasureRequest {
  /** Default: dev when the dataset has a dev split, else all examples (said in `notes`). */
  split?: SplitChoice;
  /** Judge and embedder for `llm_rubric` / `semantic_similarity`. */
  context?: Omit<ScoreContext, 'registry'>;
  /** Told how far the rules have run, for a progress bar. */
  onProgress?: (p: Progress) => void;
}
