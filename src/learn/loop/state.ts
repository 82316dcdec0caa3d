import type { Example } from '../../core/schemas/example.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { Prf } from '../prompts/views.js';
import { DEFAULT_ACCEPTANCE, judgeChange, judgeForCorrections, type AcceptancePolicy, type Judgement } from './acceptance.js';
import { evaluateRules, type Evaluation } from './evaluate.js';
import type { CorrectionRuleOutcome, Decision, LearnLoopInput, LlmTotals, RuleChange, StageRow } from './types.js';

/**
 * The state of one learn run: the rules in use (in order, by id), what changed (to persist), the
 * decision log and the ablation table. Rules in use always run, whatever their stored status.
 */
export class LoopState {
  readonly rules = new Map<string, Rule>();
  readonly changes: RuleChange[] = [];
  readonly decisions: Decision[] = [];
  readonly stages: StageRow[] = [];
  readonly notes: string[] = [];
  readonly feedbackUsed = new Set<string>();
  /** Feedback behind a change that was accepted: what `applied` means. */
  readonly feedbackApplied = new Set<string>();
  /** Feedback whose prompted change was not accepted (or that prompted none), with the latest reason. */
  readonly feedbackNotApplied = new Map<string, string>();
  /** The rules made for corrections, with what else they catch in train. */
  readonly correctionRules: CorrectionRuleOutcome[] = [];
  /** Rules this run added to or changed in the ensemble (pruning candidates). */
  readonly touched = new Set<string>();
  readonly policy: AcceptancePolicy;
  /** Held-out metrics of the rules in use. */
  current: Prf = { precision: null, recall: null, f1: null };
  #lastMeter: LlmTotals;

  constructor(readonly input: LearnLoopInput) {
    for (const r of input.active) this.rules.set(r.id, r);
    this.policy = input.policy ?? DEFAULT_ACCEPTANCE;
    this.#lastMeter = input.meter();
  }

  get inUse(): Rule[] {
    return [...this.rules.values()];
  }

  /** Scores rules on the judge split. */
  async judgeMetrics(rules: readonly Rule[]): Promise<Prf> {
    return (await this.evaluate(rules, this.input.judge, false, this.input.judgeSplit)).metrics;
  }

  /** The training examples corrections became. */
  get correctionExamples(): Example[] {
    return this.input.train.filter((e) => e.source === 'correction');
  }

  /** How many corrections hold under `rules`: they produce what was expected, under the task's matching. */
  async holding(rules: readonly Rule[]): Promise<number> {
    const examples = this.correctionExamples;
    if (!examples.length) return 0;
    return (await this.evaluate(rules, examples, false, 'train')).scores.filter((s) => s.exact).length;
  }

  /**
   * Judges a candidate ruleset against the rules in use: by held-out metrics, or else by the
   * corrections it makes hold (within the policy's correction tolerance on held-out F1).
   */
  async judgeCandidate(candidate: readonly Rule[], before: Prf, after: Prf): Promise<Judgement> {
    const j = judgeChange(before, after, this.policy, this.input.judgeSplit);
    const total = this.correctionExamples.length;
    if (j.accepted || !total) return j;
    const [was, now] = [await this.holding(this.inUse), await this.holding(candidate)];
    return now > was ? judgeForCorrections(before, after, was, now, total, this.policy, this.input.judgeSplit) : j;
  }

  evaluate(rules: readonly Rule[], examples: readonly Example[], outcomes: boolean, split: string | null = null): Promise<Evaluation> {
    if (this.input.evaluate) return this.input.evaluate(rules, examples, { outcomes, split });
    return evaluateRules(this.input.task, rules, examples, { outcomes, split });
  }

  /** Records how the change some feedback prompted fared; once applied, it stays applied. */
  feedbackOutcome(ids: readonly string[], accepted: boolean, reason: string): void {
    for (const id of ids) {
      if (accepted) {
        this.feedbackApplied.add(id);
        this.feedbackNotApplied.delete(id);
      } else if (!this.feedbackApplied.has(id)) this.feedbackNotApplied.set(id, reason);
    }
  }

  event(stage: string, message: string): void {
    this.input.onEvent?.({ stage, message });
  }

  decide(d: Partial<Decision> & Pick<Decision, 'stage' | 'action' | 'accepted' | 'reason'>): Decision {
    const full: Decision = { label: null, before: null, after: null, added: [], replaced: [], removed: [], rejected: [], feedback: [], ...d };
    this.decisions.push(full);
    return full;
  }

  /** Adds a row to the ablation table with the LLM usage since the previous row. */
  stage(name: string): StageRow {
    const now = this.input.meter();
    const prev = this.#lastMeter;
    this.#lastMeter = now;
    const calls = now.calls - prev.calls;
    const row: StageRow = {
      stage: name,
      rules: this.rules.size,
      ...this.current,
      llm_calls: calls,
      prompt_tokens: now.prompt_tokens - prev.prompt_tokens,
      completion_tokens: now.completion_tokens - prev.completion_tokens,
      cost_usd: now.cost_usd === null || prev.cost_usd === null ? (calls === 0 ? 0 : null) : now.cost_usd - prev.cost_usd,
    };
    this.stages.push(row);
    return row;
  }

  insert(rule: Rule, note: string): void {
    this.changes.push({ op: 'insert', rule, note });
  }

  update(rule: Rule, note: string): void {
    this.changes.push({ op: 'update', rule, note });
  }

  /** Adds accepted new rules to the ensemble as active. */
  addActive(rules: readonly Rule[], note: string): void {
    for (const r of rules) {
      const active: Rule = { ...r, status: 'active' };
      this.rules.set(r.id, active);
      this.touched.add(r.id);
      this.insert(active, note);
    }
  }

  /** Replaces a rule in use by a rewrite, keeping the old id (a new version of it). */
  replace(oldId: string, by: Rule, note: string): Rule {
    const old = this.rules.get(oldId)!;
    const next: Rule = { ...by, id: oldId, status: 'active', version: old.version, validated_precision: null, validated_support: 0 };
    this.rules.set(oldId, next);
    this.touched.add(oldId);
    this.update(next, note);
    return next;
  }

  /** Takes a rule out of use: a new version with status disabled. */
  disable(id: string, note: string): void {
    const old = this.rules.get(id);
    if (!old) return;
    this.rules.delete(id);
    this.update({ ...old, status: 'disabled' }, note);
  }

  /** Keeps rules that were not accepted visible as proposed, with why. */
  keepProposed(rules: readonly Rule[], reason: string, replaces: Readonly<Record<string, string>> = {}): void {
    for (const r of rules) {
      const also = replaces[r.id] ? ` It would have replaced rule ${replaces[r.id]}.` : '';
      this.insert({ ...r, status: 'proposed', flagged: [...r.flagged, { code: 'not_accepted', message: `${reason}.${also}` }] }, `proposed: ${reason}`);
    }
  }

  /** Stores rejected rules with their reasons. */
  keepRejected(rules: readonly Rule[]): void {
    for (const r of rules) this.insert(r, `rejected: ${r.rejection ?? 'failed a check'}`);
  }
}
