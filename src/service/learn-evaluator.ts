import { evaluateRuleset } from '../core/eval/evaluate-ruleset.js';
import { buildEvalReport } from '../core/eval/report.js';
import type { ScoreContext } from '../core/eval/types.js';
import { PatternScreen } from '../core/matchers/pattern-screen.js';
import type { Task } from '../core/schemas/task.js';
import { prfOf } from '../learn/loop/evaluate.js';
import type { Evaluator } from '../learn/loop/types.js';
import { MatcherIssueLog } from './matcher-issue-log.js';
import { issueNotes, matcherIssueNotes } from './pipeline-issues.js';

/**
 * The learning loop's evaluator: the core evaluator (execute once, resolve, score with the task's
 * matching mode and matchers) with the pipeline's notes, so a learn run judges changes with
 * exactly the numbers `eval` would report for the same rules and examples. `context` carries the
 * user's matchers (registry), the judge and embedder, and a verdict cache that lives as long as
 * the run, so an LLM judge grades each (gold, prediction) pair once however many rounds ask; the
 * ReDoS screen's verdicts on matcher patterns (`context.patterns`, else the evaluator's own) are
 * kept as long, so each pattern is screened once. Pairs a matcher could not judge go into `log`.
 */
export function pipelineEvaluator(task: Task, context: ScoreContext = {}, log: MatcherIssueLog = new MatcherIssueLog()): Evaluator {
  const shared = { ...context, patterns: context.patterns ?? new PatternScreen() };
  return async (rules, examples, opts) => {
    const ev = await evaluateRuleset(task, rules, examples, { ...shared, outcomes: opts.outcomes });
    const notes = [...issueNotes(ev.issues), ...matcherIssueNotes(log.add(ev.scores))];
    const report = buildEvalReport(task, examples, ev.totals, { split: opts.split, notes });
    return { report, scores: ev.scores, predictions: ev.predictions, outputs: ev.outputs, metrics: prfOf(report) };
  };
}
