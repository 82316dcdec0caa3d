/**
 * Scores every system with the task's own scorer (src/core/eval), so a baseline's figures and
 * rulewright's are computed the same way: baselines hand in predictions, rulewright hands in rules
 * that the engine runs.
 */
import { predict } from '../../../src/core/engine/predict.js';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import { EvalTotals } from '../../../src/core/eval/totals.js';
import { prf, ratio } from '../../../src/core/ratio.js';
import type { Example } from '../../../src/core/schemas/example.js';
import type { Prediction } from '../../../src/core/schemas/prediction.js';
import type { Rule } from '../../../src/core/schemas/rule.js';
import type { Task } from '../../../src/core/schemas/task.js';
import type { SystemScore } from './types.js';

/** Span and field tasks, and two-class tasks (whose positive class is the figure to read), are scored per label too. */
export const perLabelScored = (task: Task): boolean => task.type !== 'classification' || (task.labels?.length ?? 0) <= 2;

/** Micro P/R/F1, accuracy (exact match) and coverage of predictions, one per example (null = no output). */
export function scorePredictions(task: Task, examples: readonly Example[], predictions: readonly (Prediction | null)[]): SystemScore {
  const scorer = compileScorer(task, { outcomes: false });
  const t = new EvalTotals();
  examples.forEach((e, i) => t.add(scorer.score(e, predictions[i])));
  const score: SystemScore = { n: t.n, ...prf(t.counts), accuracy: ratio(t.exact, t.n), coverage: ratio(t.covered, t.n) };
  if (perLabelScored(task)) score.per_label = Object.fromEntries(t.classes().sort().map((c) => [c, prf(t.per_class.get(c)!).f1]));
  return score;
}

/** Runs rules (active and proposed) through the engine on examples and scores what they produce. */
export function scoreRules(task: Task, rules: readonly Rule[], examples: readonly Example[]): SystemScore {
  const { predictions } = predict(task, rules, examples, { statuses: ['active', 'proposed'] });
  return scorePredictions(task, examples, predictions);
}
