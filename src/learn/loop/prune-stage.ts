import { runRules } from '../../core/engine/predict.js';
import { compileScorer } from '../../core/eval/scorer.js';
import { prefetchVerdicts } from '../../core/matchers/verdict-cache.js';
import { pruneRules } from '../../core/metrics/prune.js';
import { num } from '../prompts/render.js';
import { isCorrectionRule } from './correction-stage.js';
import type { LoopState } from './state.js';

/**
 * Pruning: greedy removal, on the held-out split, of the rules this run added or changed whose
 * removal raises F1 and that the counts show clearly hurt (the shared `pruneRules`, restricted to
 * those rules, so rules the run did not touch are never disabled by learning). Pruned rules are
 * disabled, not deleted.
 */
export async function pruneStage(s: LoopState): Promise<void> {
  const { input } = s;
  const stage = 'pruning';
  // Rules that make a correction hold were accepted for that, within the correction tolerance.
  const only = new Set([...s.touched].filter((id) => s.rules.has(id) && !isCorrectionRule(s.rules.get(id)!)));
  if (!only.size) {
    s.decide({ stage, action: 'skip', accepted: false, reason: 'this run added or changed no rule in use' });
    return;
  }
  const scorer = compileScorer(input.task, { ...input.scoring, outcomes: false });
  const verdicts = scorer.ctx.verdicts;
  if (scorer.needsAsync && !verdicts) {
    s.decide({ stage, action: 'skip', accepted: false, reason: 'pruning skipped: a matcher of this task answers asynchronously' });
    return;
  }
  const outputs = runRules(input.task, s.inUse, input.judge, { statuses: ['active', 'proposed', 'disabled', 'rejected'] });
  const run = { outputs, examples: input.judge, scorer };
  // An asynchronous matcher (an LLM judge) answers first for every pair pruning will score.
  const options = { only, clearly: true };
  if (scorer.needsAsync && verdicts) await prefetchVerdicts(verdicts, () => void pruneRules(run, options));
  const result = pruneRules(run, options);
  for (const step of result.steps) {
    s.disable(step.rule_id, `pruned by learn: ${input.judgeSplit} F1 ${num(step.f1_before)} → ${num(step.f1_after)} without it`);
    s.decide({
      stage,
      action: 'prune',
      label: step.label,
      accepted: true,
      reason: `${input.judgeSplit} F1 ${num(step.f1_before)} → ${num(step.f1_after)} without rule ${step.rule_id}`,
      removed: [step.rule_id],
    });
  }
  if (result.steps.length) s.current = await s.judgeMetrics(s.inUse);
  else s.decide({ stage, action: 'prune', accepted: false, reason: `no rule's removal raises ${input.judgeSplit} F1` });
  s.event(stage, `${result.steps.length} rule${result.steps.length === 1 ? '' : 's'} pruned`);
}
