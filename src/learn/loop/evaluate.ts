import { predict } from '../../core/engine/predict.js';
import type { RuleOutputs } from '../../core/engine/executor.js';
import { buildEvalReport } from '../../core/eval/report.js';
import { scoreAll, scoreAllAsync, compileScorer } from '../../core/eval/scorer.js';
import type { ExampleScore, ScoreContext } from '../../core/eval/types.js';
import type { EvalReport } from '../../core/schemas/eval-report.js';
import type { Example } from '../../core/schemas/example.js';
import type { Prediction } from '../../core/schemas/prediction.js';
import type { Rule, RuleStatus } from '../../core/schemas/rule.js';
import type { Task } from '../../core/schemas/task.js';
import type { Prf } from '../prompts/views.js';

/** Every status: the loop decides which rules are in a working set, not their stored status. */
const ALL_STATUSES: readonly RuleStatus[] = ['active', 'proposed', 'disabled', 'rejected'];

/** A ruleset run and scored on some examples. */
export interface Evaluation {
  report: EvalReport;
  scores: ExampleScore[];
  predictions: Prediction[];
  outputs: RuleOutputs;
  metrics: Prf;
}

export interface EvaluateOptions {
  /** Collect drill-down outcomes (needed for failure clustering); default false. */
  outcomes?: boolean;
  /** Named in the report. */
  split?: string | null;
  ctx?: ScoreContext;
}

/**
 * Runs `rules` (all of them, whatever their status) on `examples` and scores the outputs with
 * the shared evaluator under the task's matching mode and matchers: the same numbers `eval`
 * reports for the same rules and examples.
 */
export async function evaluateRules(task: Task, rules: readonly Rule[], examples: readonly Example[], opts: EvaluateOptions = {}): Promise<Evaluation> {
  const { predictions, outputs } = predict(task, rules, examples, { statuses: ALL_STATUSES });
  const scorerOpts = { ...(opts.ctx ?? {}), outcomes: opts.outcomes ?? false };
  const scorer = compileScorer(task, scorerOpts);
  const scores = scorer.needsAsync
    ? (await scoreAllAsync(task, examples, predictions, scorerOpts)).scores
    : scoreAll(scorer, examples, predictions);
  const report = buildEvalReport(task, examples, scores, { split: opts.split ?? null });
  return { report, scores, predictions, outputs, metrics: prfOf(report) };
}

/** The micro precision, recall and F1 of a report. */
export function prfOf(report: EvalReport): Prf {
  return { precision: report.micro.precision, recall: report.micro.recall, f1: report.micro.f1 };
}
