import { buildEvalReport } from '../core/eval/report.js';
import type { ScoreContext } from '../core/eval/types.js';
import type { Task } from '../core/schemas/task.js';
import { prfOf } from '../learn/loop/evaluate.js';
import type { Evaluator } from '../learn/loop/types.js';
import { executeInputs, issueNotes, scorePredictions } from './pipeline.js';

/**
 * The learning loop's evaluator over the shared evaluation pipeline's stages (execute once,
 * resolve, score with the task's matching mode and matchers), so a learn run judges changes with
 * exactly the numbers `eval` would report for the same rules and examples. `context` carries the
 * user's matchers (registry), the judge and embedder, and a verdict cache that lives as long as
 * the run, so an LLM judge grades each (gold, prediction) pair once however many rounds ask.
 */
export function pipelineEvaluator(task: Task, context: ScoreContext = {}): Evaluator {
  const { registry, ...rest } = context;
  return async (rules, examples, opts) => {
    const exec = executeInputs(task, rules, examples, { allStatuses: true });
    const { scores } = await scorePredictions(task, examples, exec.predictions, {
      outcomes: opts.outcomes,
      ...(registry ? { registry } : {}),
      context: rest,
    });
    const report = buildEvalReport(task, examples, scores, { split: opts.split, notes: issueNotes(exec.issues) });
    return { report, scores, predictions: exec.predictions, outputs: exec.outputs, metrics: prfOf(report) };
  };
}
