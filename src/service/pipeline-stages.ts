import { performance } from 'node:perf_hooks';
import type { CompiledRule } from '../core/engine/compile-rule.js';
import { type ExecutionIssue, executeRules, type RuleOutputs } from '../core/engine/executor.js';
import { prepareRules, textOf } from '../core/engine/predict.js';
import { resolveDocument } from '../core/engine/resolve.js';
import { ALL_STATUSES, executeRuleset, type RunRulesetOptions } from '../core/eval/evaluate-ruleset.js';
import { compileScorer, type Scorer } from '../core/eval/scorer.js';
import type { ScorerOptions } from '../core/eval/types.js';
import { PatternScreen } from '../core/matchers/pattern-screen.js';
import { VerdictCache } from '../core/matchers/verdict-cache.js';
import type { Example } from '../core/schemas/example.js';
import type { Prediction } from '../core/schemas/prediction.js';
import type { Rule } from '../core/schemas/rule.js';
import type { Task } from '../core/schemas/task.js';
import type { PipelineRequest } from './pipeline-request.js';
import { round } from './round.js';
import { phaseProgress } from './types.js';

// The pipeline's stages for the callers that run part of it: ranking re-resolves outputs per rule
// without executing again, the batched run executes batch by batch and scores as it goes.

/** One engine run over some examples. */
export interface Execution {
  /** Raw per-rule matches (sparse): re-resolve with `resolveDocument(outputs, d, excluded)`. */
  outputs: RuleOutputs;
  /** The resolved prediction of every example, in `examples` order. */
  predictions: Prediction[];
  /** Rules that do not compile (`invalid`), timeouts and failures with their documents. */
  issues: ExecutionIssue[];
  execute_ms: number;
}

/** Rules compiled once for execution, and the ones that did not compile (as `invalid` issues). */
export interface CompiledRuleset {
  compiled: CompiledRule[];
  invalid: ExecutionIssue[];
}

/** Compiles the rules once, in execution order; `allStatuses` runs them whatever their status (else the active ones). */
export function compileRuleset(task: Task, rules: readonly Rule[], options: { allStatuses?: boolean } = {}): CompiledRuleset {
  const { compiled, issues } = prepareRules(task, rules, options.allStatuses ? { statuses: ALL_STATUSES } : {});
  return { compiled, invalid: issues };
}

/**
 * Runs compiled rules over some examples and resolves each one's prediction. `docOffset` is the
 * index of `examples[0]` among all the examples run (batches), so issues name the right document.
 * The issues are this run's only (no `invalid` ones).
 */
export function executeBatch(
  task: Task,
  compiled: readonly CompiledRule[],
  examples: readonly Pick<Example, 'id' | 'text' | 'input' | 'meta'>[],
  options: { ruleBudgetMs?: number; docOffset?: number; onProgress?: (done: number, total: number) => void } = {},
): Execution {
  const t0 = performance.now();
  const texts = examples.map((e) => textOf(task, e));
  const outputs = executeRules(task, compiled, texts, {
    ids: examples.map((e) => e.id),
    meta: examples.map((e) => e.meta),
    ...(options.ruleBudgetMs !== undefined ? { ruleBudgetMs: options.ruleBudgetMs } : {}),
    ...(options.docOffset ? { docOffset: options.docOffset } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const predictions: Prediction[] = new Array(examples.length);
  for (let d = 0; d < examples.length; d++) predictions[d] = resolveDocument(outputs, d);
  return { outputs, predictions, issues: outputs.issues, execute_ms: round(performance.now() - t0) };
}

type ExecuteRequest = { allStatuses?: boolean } & Pick<PipelineRequest, 'ruleBudgetMs' | 'onProgress'>;

/**
 * Runs the rules once over the examples (compiled once, ordered, each rule under its
 * per-document budget) and resolves every example's prediction under the conflict policy.
 */
export function executeInputs(
  task: Task,
  rules: readonly Rule[],
  examples: readonly Pick<Example, 'id' | 'text' | 'input' | 'meta'>[],
  options: ExecuteRequest = {},
): Execution {
  const exec = executeRuleset(task, rules, examples, runOptions(options));
  return { ...exec, execute_ms: round(exec.execute_ms) };
}

/** The core evaluator's execution options for a request: which statuses run, the budget, progress as phase `execute`. */
export const runOptions = (options: ExecuteRequest): RunRulesetOptions => ({
  statuses: options.allStatuses ? ALL_STATUSES : ['active'],
  ...(options.ruleBudgetMs !== undefined ? { ruleBudgetMs: options.ruleBudgetMs } : {}),
  ...(options.onProgress ? { onProgress: phaseProgress(options.onProgress, 'execute')! } : {}),
});

export type ScoringRequest = Pick<PipelineRequest, 'mode' | 'registry' | 'context' | 'outcomes'>;

/** The core evaluator's scoring options for a request (outcomes kept unless turned off). */
export const scorerOptions = (options: ScoringRequest): ScorerOptions => ({
  ...(options.context ?? {}),
  ...(options.registry ? { registry: options.registry } : {}),
  ...(options.mode ? { mode: options.mode } : {}),
  outcomes: options.outcomes ?? true,
});

/**
 * The scorer the core evaluator (`scorePredictions`) would score with, compiled without scoring
 * anything: for a caller that scores in batches and screens patterns (`patterns`) and prefetches
 * verdicts itself.
 */
export function pipelineScorer(task: Task, options: ScoringRequest = {}): { scorer: Scorer; patterns: PatternScreen } {
  const opts = scorerOptions(options);
  const patterns = options.context?.patterns ?? new PatternScreen();
  const scorer = compileScorer(task, { ...opts, patterns });
  if (!scorer.needsAsync) return { scorer, patterns };
  // As scoreAllAsync: asynchronous verdicts go into the context's cache, else one of the run's own.
  return { scorer: compileScorer(task, { ...opts, patterns, verdicts: opts.verdicts ?? new VerdictCache() }), patterns };
}
