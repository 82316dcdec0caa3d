import type { RuleOutputs } from '../../core/engine/executor.js';
import { evaluateRuleset } from '../../core/eval/evaluate-ruleset.js';
import { buildEvalReport } from '../../core/eval/report.js';
import type { ExampleScore, ScoreContext } from '../../core/eval/types.js';
import type { EvalReport } from '../../core/schemas/eval-report.js';
import type { Example } from '../../core/schemas/example.js';
import type { Prediction } from '../../core/schemas/prediction.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { Task } from '../../core/schemas/task.js';
import type { Prf } from '../prompts/views.js';

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
 * the core evaluator under the task's matching mode and matchers: the same numbers `eval`
 * reports for the same rules and examples. `ctx.patterns` keeps the screen's verdicts across calls.
 */
export async function evaluateRules(task: Task, rules: readonly Rule[], examples: readonly Example[], opts: EvaluateOptions = {}): Promise<Evaluation> {
  const ev = await evaluateRuleset(task, rules, examples, { ...(opts.ctx ?? {}), outcomes: opts.outcomes ?? false });
  const report = buildEvalReport(task, examples, ev.totals, { split: opts.split ?? null });
  return { report, scores: ev.scores, predictions: ev.predictions, outputs: ev.outputs, metrics: prfOf(report) };
}

/** The micro precision, recall and F1 of a report. */
export function prfOf(report: EvalReport): Prf {
  return { precision: report.micro.precision, recall: report.micro.recall, f1: report.micro.f1 };
}
