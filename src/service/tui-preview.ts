import { performance } from 'node:perf_hooks';
import { RulewrightError } from '../core/errors.js';
import { buildEvalReport } from '../core/eval/report.js';
import type { Example, Rule, Task } from '../core/schemas/index.js';
import { checkRule } from '../core/safety/index.js';
import type { Store } from '../store/index.js';
import { resolveDataset } from './datasets.js';
import type { MatcherRegistry } from '../core/matchers/registry.js';
import { loadMatcherModule } from './matchers-module.js';
import { executeInputs, loadInputs, round, scorePredictions, type SplitChoice } from './pipeline.js';

export interface RuleEditPreviewRequest {
  dataset?: string;
  ruleId: string;
  pattern: string;
  split?: SplitChoice;
  /** A user matcher module (`--matchers`), resolved against `cwd`. */
  matchers?: string;
  cwd?: string;
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
  const score = async (rules: readonly Rule[]) => {
    const exec = executeInputs(task, rules, examples, { allStatuses: true });
    const { scores } = await scorePredictions(task, examples, exec.predictions, { outcomes: false, ...(registry ? { registry } : {}) });
    return buildEvalReport(task, examples, scores).micro;
  };
  const solo = await score([alone]);
  const all = await score(ensemble);
  return { tp: solo.tp, fp: solo.fp, fn: solo.fn, precision: solo.precision, recall: solo.recall, f1: solo.f1, ensemble_f1: all.f1 };
}

/**
 * Previews a pattern edit on the split metrics use (dev, else all): the rule alone and the
 * active ruleset, with the current pattern and with the new one, under the task's matching. The
 * new version is checked as `rules edit` would check it; nothing is saved or recorded.
 */
export async function previewRuleEdit(store: Store, req: RuleEditPreviewRequest): Promise<RuleEditPreview> {
  const t0 = performance.now();
  const d = resolveDataset(store, req.dataset);
  const registry = req.matchers ? (await loadMatcherModule(req.matchers, req.cwd)).registry : undefined;
  const current = store.rules.get(d.id, req.ruleId);
  if (!current) throw new RulewrightError('NOT_FOUND', `no rule "${req.ruleId}" in dataset "${d.name}": see \`rulewright rules list\` for the ids`);
  const active = store.rules.list(d.id, { status: 'active' });
  const inputs = loadInputs(store, { dataset: d.name, purpose: 'measure', ...(req.split ? { split: req.split } : {}), rules: active });
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
