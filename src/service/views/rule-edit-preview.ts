import { performance } from 'node:perf_hooks';
import { RulewrightError } from '../../core/errors.js';
import { evaluateRuleset } from '../../core/eval/evaluate-ruleset.js';
import type { Example } from '../../core/schemas/example.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { Task } from '../../core/schemas/task.js';
import { checkRule } from '../../core/safety/check-rule.js';
import type { DatasetContext } from '../dataset-context.js';
import type { MatcherRegistry } from '../../core/matchers/registry.js';
import { loadInputs, type SplitChoice } from '../pipeline-setup.js';
import { round } from '../round.js';
import { resolveRef } from '../resolve-id.js';

export interface RuleEditPreviewRequest {
  ruleId: string;
  pattern: string;
  split?: SplitChoice;
}

/** A rule's figures alone, and the ruleset's micro F1 with that version of the rule. */
export interface PreviewFigures {
  tp: number;
  fp: number;
  fn: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  ensemble_f1: number | null;
}

/** What an edit of a rule's pattern would do, before it is saved. */
export interface RuleEditPreview {
  rule_id: string;
  split: SplitChoice;
  /** False when the edited rule would be rejected (does not compile, catch-all, ReDoS, missing group). */
  valid: boolean;
  error: string | null;
  before: PreviewFigures;
  /** Null when the edit is not valid. */
  after: PreviewFigures | null;
  elapsed_ms: number;
}

async function figures(task: Task, examples: readonly Example[], alone: Rule, ensemble: readonly Rule[], registry?: MatcherRegistry): Promise<PreviewFigures> {
  const score = async (rules: readonly Rule[]) => (await evaluateRuleset(task, rules, examples, { outcomes: false, ...(registry ? { registry } : {}) })).totals;
  const solo = await score([alone]);
  const all = await score(ensemble);
  const { tp, fp, fn } = solo.counts;
  return { tp, fp, fn, ...solo.micro(), ensemble_f1: all.microF1() };
}

/**
 * Previews a pattern edit on the split metrics use (dev, else all): the rule alone and the
 * active ruleset, with the current pattern and with the new one, under the task's matching. The
 * new version is checked as `rules edit` would check it; nothing is saved or recorded.
 */
export async function previewRuleEdit(ctx: DatasetContext, asked: RuleEditPreviewRequest): Promise<RuleEditPreview> {
  const t0 = performance.now();
  const { store, dataset: d } = ctx;
  const req = { ...asked, ruleId: resolveRef(ctx, 'rules', asked.ruleId) };
  const registry = ctx.matchers?.registry;
  const current = store.rules.get(d.id, req.ruleId);
  if (!current) throw new RulewrightError('NOT_FOUND', `no rule "${req.ruleId}" in dataset "${d.name}": see \`rulewright rules list\` for the ids`);
  const active = store.rules.list(d.id, { status: 'active' });
  const inputs = loadInputs(ctx, { purpose: 'measure', ...(req.split ? { split: req.split } : {}), rules: active });
  const edited: Rule = { ...current, pattern: req.pattern, status: 'active' };
  const check = await checkRule(edited, { mode: 'add', redos: 'quick' });
  const rejection = check.problems.filter((p) => p.severity === 'reject');
  const before = await figures(inputs.task, inputs.examples, { ...current, status: 'active' }, active, registry);
  const after = rejection.length
    ? null
    : await figures(inputs.task, inputs.examples, edited, current.status === 'active' ? active.map((r) => (r.id === current.id ? edited : r)) : active, registry);
  return {
    rule_id: current.id,
    split: inputs.split.label,
    valid: rejection.length === 0,
    error: rejection.length ? rejection.map((p) => `${p.code}: ${p.message}`).join('; ') : null,
    before,
    after,
    elapsed_ms: round(performance.now() - t0),
  };
}
