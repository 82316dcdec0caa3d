/**
 * THE way to score a ruleset: run the rules over the examples once, resolve each example's
 * prediction under the task's conflict policy, and score it with the task's matching mode and
 * matchers. `eval`, metrics, the learning loop, the offline inducer and the TUI's edit preview all
 * score through here, so they report the same numbers for the same rules and examples.
 *
 * ```ts
 * const ev = await evaluateRuleset(task, rules, examples, { outcomes: false });
 * ev.totals.micro();      // micro P/R/F1 (buildEvalReport(task, examples, ev.totals) for the rest)
 * ev.scores[i];           // example i's score; ev.predictions[i] its resolved prediction
 * ev.outputs;             // every rule's raw matches, to re-resolve without running again
 * ev.issues;              // invalid rules, timeouts and failures: never dropped
 * ```
 */
import type { ExecutionIssue, RuleOutputs } from '../engine/executor.js';
import { predict, type RunOptions, type RunTask } from '../engine/predict.js';
import { PatternScreen } from '../matchers/pattern-screen.js';
import type { Example } from '../schemas/example.js';
import type { Prediction } from '../schemas/prediction.js';
import type { Rule, RuleStatus } from '../schemas/rule.js';
import type { Task } from '../schemas/task.js';
import { compileScorer, scoreAll, scoreAllAsync, type Scorer, screenScorerPatterns } from './scorer.js';
import { EvalTotals, sumScores } from './totals.js';
import type { ExampleScore, ScorerOptions } from './types.js';

/** Every status: a caller that hands in rules has chosen them, whatever their stored status. */
export const ALL_STATUSES: readonly RuleStatus[] = ['active', 'disabled', 'proposed', 'rejected'];

/** Which rules run (default: all of them, see ALL_STATUSES) and under what budget. */
export type RunRulesetOptions = Pick<RunOptions, 'statuses' | 'ruleBudgetMs' | 'onProgress'>;

/** One engine run over some examples. */
export interface RulesetExecution {
  /** Raw per-rule matches (sparse): re-resolve with `resolveDocument(outputs, d, excluded)`. */
  outputs: RuleOutputs;
  /** The resolved prediction of every example, in `examples` order. */
  predictions: Prediction[];
  /** Rules that do not compile (`invalid`, first), then timeouts and failures with their documents. */
  issues: ExecutionIssue[];
  /** Time to compile, run and resolve, in ms (not rounded). */
  execute_ms: number;
}

export type EvaluateOptions = RunRulesetOptions & ScorerOptions;

/** A ruleset run and scored on some examples. */
export interface RulesetEvaluation extends RulesetExecution {
  scorer: Scorer;
  scores: ExampleScore[];
  /** The sums of `scores`: pass them to `buildEvalReport` for the full report. */
  totals: EvalTotals;
  /** Time to screen and score, in ms (not rounded). */
  score_ms: number;
}

/** Runs the rules once over the examples (compiled once, in execution order) and resolves every prediction. */
export function executeRuleset(task: RunTask, rules: readonly Rule[], examples: readonly Pick<Example, 'id' | 'text' | 'input' | 'meta'>[], options: RunRulesetOptions = {}): RulesetExecution {
  const t0 = performance.now();
  const { predictions, outputs, issues } = predict(task, rules, examples, {
    statuses: options.statuses ?? ALL_STATUSES,
    ...(options.ruleBudgetMs !== undefined ? { ruleBudgetMs: options.ruleBudgetMs } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  return { outputs, predictions, issues, execute_ms: performance.now() - t0 };
}

/**
 * Scores predictions with the task's matching mode (or `options.mode`) and matchers, the scorer
 * compiled once. Every pattern a matcher runs goes through the rules' ReDoS screen first (in one
 * collecting pass; `options.patterns` keeps the verdicts across calls), and matchers that answer
 * asynchronously (an LLM judge, a remote embedder) have their verdicts fetched before scoring.
 */
export async function scorePredictions(
  task: Task,
  examples: readonly Example[],
  predictions: readonly (Prediction | null | undefined)[],
  options: ScorerOptions = {},
): Promise<{ scorer: Scorer; scores: ExampleScore[] }> {
  const opts = { ...options, patterns: options.patterns ?? new PatternScreen() };
  await screenScorerPatterns(task, examples, predictions, opts);
  const scorer = compileScorer(task, opts);
  if (!scorer.needsAsync) return { scorer, scores: scoreAll(scorer, examples, predictions) };
  return scoreAllAsync(task, examples, predictions, opts);
}

/** Runs the rules over the examples and scores the predictions (see `executeRuleset`, `scorePredictions`). */
export async function evaluateRuleset(task: Task, rules: readonly Rule[], examples: readonly Example[], options: EvaluateOptions = {}): Promise<RulesetEvaluation> {
  const { statuses, ruleBudgetMs, onProgress, ...scoring } = options;
  const exec = executeRuleset(task, rules, examples, { statuses, ruleBudgetMs, onProgress });
  const t0 = performance.now();
  const { scorer, scores } = await scorePredictions(task, examples, exec.predictions, scoring);
  return { ...exec, scorer, scores, totals: sumScores(scores), score_ms: performance.now() - t0 };
}

/**
 * `evaluateRuleset` at once, for loops that score many small rulesets synchronously (the offline
 * inducer): no collecting pass, so a matcher pattern meets only the screen's static part (what it
 * cannot decide runs under the time budget), and asynchronous matchers get no verdicts fetched.
 * Only for tasks whose scoring is offline (see `offlineTask`).
 */
export function evaluateRulesetNow(task: Task, rules: readonly Rule[], examples: readonly Example[], options: EvaluateOptions = {}): RulesetEvaluation {
  const { statuses, ruleBudgetMs, onProgress, ...scoring } = options;
  const exec = executeRuleset(task, rules, examples, { statuses, ruleBudgetMs, onProgress });
  const t0 = performance.now();
  const scorer = compileScorer(task, scoring);
  const scores = scoreAll(scorer, examples, exec.predictions);
  return { ...exec, scorer, scores, totals: sumScores(scores), score_ms: performance.now() - t0 };
}
