import type { CompiledRule } from '../core/engine/compile-rule.js';
import type { Scorer } from '../core/eval/scorer.js';
import type { ScoreContext } from '../core/eval/types.js';
import type { PatternScreen } from '../core/matchers/pattern-screen.js';
import type { MatcherRegistry } from '../core/matchers/registry.js';
import type { ScoredRun } from '../core/metrics/scored-run.js';
import type { MatchMode } from '../core/schemas/task.js';
import type { PipelineSetup, SetupRequest } from './pipeline-setup.js';
import type { Progress } from './types.js';

export interface PipelineRequest extends SetupRequest {
  /** Overrides `task.matching.mode` (`eval --mode`). */
  mode?: MatchMode;
  /** Matchers to resolve names with; default the context's (built-ins plus the user module, see matchers-module.ts). */
  registry?: MatcherRegistry;
  /** Judge and embedder for `llm_rubric` and `semantic_similarity`. */
  context?: Omit<ScoreContext, 'registry'>;
  /** Keep drill-down outcomes in the scores (default true; loops that only need counts turn it off). */
  outcomes?: boolean;
  /** Per-rule, per-document budget; default the task's `rule_budget_ms`. */
  ruleBudgetMs?: number;
  /** Sentences to add to the report's notes. */
  notes?: readonly string[];
  /** Told how far the rules have run (phase `execute`), for a progress bar. */
  onProgress?: ((p: Progress) => void);
  /**
   * Run the examples a batch at a time and hand each batch to a sink instead of keeping them, so
   * memory follows the batch size and not the split (see pipeline-batches.ts). Without it
   * everything is held, for callers that re-resolve outputs per rule or read every prediction.
   */
  batches?: BatchOptions;
}

/**
 * Examples per batch, and stored characters (long documents make smaller batches): large enough
 * that per-batch set-up is noise, small enough that a batch holds a few tens of MB.
 */
export const PIPELINE_BATCH_SIZE: BatchSize = { rows: 20_000, chars: 8_000_000 };

export type BatchSize = {
  rows: number;
  chars?: number;
  /** Examples from which a worker thread runs part of every batch (default PARALLEL_MIN_EXAMPLES; see pipeline-worker.ts). */
  parallelFrom?: number;
};

export interface BatchOptions {
  /** Default PIPELINE_BATCH_SIZE. */
  size?: BatchSize;
  /** Makes the sink, once the rules are compiled and the scorer is ready (a sink counts with them). */
  sink: (start: BatchStart) => BatchSink;
}

/** What a sink is made from: the setup, the rules as they run, and the scorer of the run. */
export interface BatchStart {
  setup: PipelineSetup;
  compiled: readonly CompiledRule[];
  /** The quiet scorer every batch is scored with (its mode is the matching mode). */
  scorer: Scorer;
  /** The run's ReDoS screen of matcher patterns, for a sink's own scorer. */
  patterns: PatternScreen;
}

/** Takes the batches of one run, in document order. */
export interface BatchSink {
  add(batch: ScoredRun): void;
  /**
   * Asks for every verdict `add` will need without counting anything: with an asynchronous
   * matcher the pipeline fetches them before the batch is added.
   */
  dryRun?(batch: ScoredRun): void;
}
