import { isDefaultRule } from '../core/engine/default-rule.js';
import { RulewrightError } from '../core/errors.js';
import { offlineScoringTask } from '../core/eval/offline-task.js';
import type { ClassMetrics } from '../core/schemas/eval-report.js';
import type { Example } from '../core/schemas/example.js';
import type { Rule } from '../core/schemas/rule.js';
import type { Task } from '../core/schemas/task.js';
import type { AnswerSchema, LlmClient, LlmMessage, LlmResponse } from './llm/client.js';
import { activePerLabel, capPerLabel } from './cap-per-label.js';
import { draftToRule } from './loop/drafts.js';
import type { IdAllocator } from './loop/ids.js';
import { behaviourKey } from './loop/screen.js';
import { PATCH_SCHEMA, SYNTHESIS_SCHEMA, type PatchAnswer, type SynthesisAnswer } from './prompts/answer-schema.js';
import { labelEvidence } from './prompts/evidence.js';
import { patchPrompt, type RoundHistory } from './prompts/patch-prompt.js';
import { synthesisPrompt } from './prompts/synthesis-prompt.js';
import type { CorrectionView, FailureCluster, FeedbackView, Prf, RuleView } from './prompts/views.js';
import { Deadline } from './deadline.js';
import { TUNING } from './induce/tuning.js';

/** What every proposal request carries. */
export interface ProposalContext {
  task: Task;
  /** The labels (or fields) being learned. */
  labels: readonly string[];
  /** The training split, corrections first. Learning sees nothing else of the data. */
  train: readonly Example[];
  /**
   * The held-out split, for a proposer's own acceptance (the offline inducer judges candidates on
   * it); never mined for rules and never shown to a model.
   */
  dev: readonly Example[];
  corrections: readonly CorrectionView[];
  ids: IdAllocator;
  seed: number;
}

/** Asks for first rules for some labels. */
export interface SynthesisRequest extends ProposalContext {
  /** Task-level feedback. */
  feedback: readonly FeedbackView[];
  /** Rules already active (shown so they are not repeated). */
  existing: readonly Rule[];
}

/** Asks for a patch of the current rules. */
export interface PatchRequest extends ProposalContext {
  round: number;
  /** The current rules (the ensemble in use). */
  current: readonly Rule[];
  /** The current rules with their train metrics and whether they may change. */
  views: readonly RuleView[];
  metrics: Prf;
  per_class: Readonly<Record<string, ClassMetrics>>;
  clusters: readonly FailureCluster[];
  feedback: readonly FeedbackView[];
  /** Incremental: rules that may be rewritten or removed (null: all). */
  editable: ReadonlySet<string> | null;
  /** Incremental: labels new rules may have (null: any). */
  allowedLabels: readonly string[] | null;
  /** Incremental: the examples feedback and corrections point at. */
  targetExamples: readonly string[];
  history: readonly RoundHistory[];
}

/** What a proposer suggests. Nothing in it is trusted: the loop checks and judges every rule. */
export interface Proposal {
  /** New rules and rewrites: `proposed`, or `rejected` with the reason when malformed. */
  rules: Rule[];
  /** Rewrites: candidate id → id of the current rule it replaces. */
  replaces: Record<string, string>;
  /** Current rules to disable, with why. */
  remove: { id: string; reason: string }[];
  /** Requests that failed (the rest of the proposal still stands). */
  errors: string[];
  notes: string[];
  /** Notes the user must see in the run's summary (a budget that ran out, labels that got no rule). */
  warnings?: string[];
  /** Feedback the proposer read. */
  feedbackUsed: string[];
  requests: number;
  /** The inducer's own report, kept in the decision log. */
  report?: unknown;
}

/** Where candidate rules come from: an LLM, or the offline inducer. */
export interface Proposer {
  readonly kind: 'llm' | 'offline';
  /** The model, for the run record (null offline). */
  readonly model: string | null;
  /** Proposes the same patch for the same state: a rejected patch is not asked for again. */
  readonly deterministic: boolean;
  /** Reads plain-English feedback (the offline inducer cannot). */
  readonly readsFeedback: boolean;
  synthesize(req: SynthesisRequest): Promise<Proposal>;
  patch(req: PatchRequest): Promise<Proposal>;
  /**
   * Why patch round `round` cannot run (the run's budget is spent), or null: asked before the round
   * scores the rules on train, which on 15,000 texts and 2,000 rules costs 12 s of nothing.
   */
  spentBefore?(round: number): string | null;
}

const emptyProposal = (): Proposal => ({ rules: [], replaces: {}, remove: [], errors: [], notes: [], feedbackUsed: [], requests: 0 });

/** Corrections that concern a label: it is expected or was produced. */
function correctionsFor(label: string, corrections: readonly CorrectionView[]): CorrectionView[] {
  const mentions = (a: CorrectionView['expected']) =>
    a.label === label || (a.spans ?? []).some((s) => s.label === label) || (a.output !== undefined && label in a.output);
  return corrections.filter((c) => mentions(c.expected) || mentions(c.produced));
}

/** Runs `fn` over items with at most `limit` in flight; results keep the items' order. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export interface LlmProposerOptions {
  /** Rules asked for per label (default 8). */
  maxRulesPerLabel?: number;
  /** Synthesis requests in flight at once (default 2). */
  concurrency?: number;
  temperature?: number;
}

type Outcome<T> = { ok: true; res: LlmResponse<T> } | { ok: false; message: string };

/** Proposes rules with an LLM: one synthesis request per label, one patch request per round. */
export class LlmProposer implements Proposer {
  readonly kind = 'llm';
  readonly deterministic = false;
  readonly readsFeedback = true;
  readonly model: string;

  constructor(
    private readonly llm: LlmClient,
    private readonly opts: LlmProposerOptions = {},
  ) {
    this.model = llm.model;
  }

  /** One request; an LLM error (after the client's retries) becomes a failed outcome, not a throw. */
  async #ask<T>(purpose: string, messages: LlmMessage[], schema: AnswerSchema<T>): Promise<Outcome<T>> {
    try {
      const res = await this.llm.complete<T>({ purpose, messages, schema, temperature: this.opts.temperature ?? 0.2 });
      return { ok: true, res };
    } catch (e) {
      if (e instanceof RulewrightError) return { ok: false, message: e.message };
      throw e;
    }
  }

  /** Notes on an answer's quality (truncation, dropped elements); an error when nothing is usable. */
  #read<T>(what: string, res: LlmResponse<T>, p: Proposal): T | undefined {
    if (res.truncated) p.notes.push(`${what}: the answer was cut off; its complete rules were kept`);
    const malformed = res.invalid.filter((i) => !i.secret);
    const keyed = res.invalid.filter((i) => i.secret);
    if (malformed.length)
      p.notes.push(`${what}: ${malformed.length} malformed rule${malformed.length > 1 ? 's' : ''} dropped (${malformed.map((i) => i.issues).slice(0, 3).join(' | ')})`);
    // Loud: the model saw or made up a credential, which the user should know about.
    if (keyed.length)
      (p.warnings ??= []).push(`${what}: ${keyed.length} rule${keyed.length > 1 ? 's' : ''} left out rather than stored with a key in ${keyed.length > 1 ? 'them' : 'it'} (${keyed.map((i) => `${i.path}: ${i.issues}`).reverse().slice(0, 3).join(' | ')})`);
    if (res.parsed === undefined) {
      p.errors.push(`${what}: the answer was unusable (${res.parseError ?? 'no JSON'})`);
      return undefined;
    }
    return res.parsed;
  }

  async synthesize(req: SynthesisRequest): Promise<Proposal> {
    const p = emptyProposal();
    const taskLabels = req.task.labels?.length ? req.task.labels : req.labels;
    const answers = await pool(req.labels, this.opts.concurrency ?? 2, (label) =>
      this.#ask<SynthesisAnswer>(
        `synthesize:${label}`,
        synthesisPrompt({
          task: req.task,
          label,
          labels: req.labels,
          evidence: labelEvidence(req.task, label, req.train),
          corrections: correctionsFor(label, req.corrections),
          feedback: req.feedback,
          existing: req.existing.filter((r) => r.output.label === label),
          maxRules: this.opts.maxRulesPerLabel ?? 8,
        }),
        SYNTHESIS_SCHEMA,
      ),
    );
    p.requests = req.labels.length;
    answers.forEach((a, i) => {
      const label = req.labels[i]!;
      const what = `synthesis for ${label}`;
      if (!a.ok) {
        p.errors.push(`${what}: ${a.message}`);
        return;
      }
      const parsed = this.#read(what, a.res, p);
      for (const d of parsed?.rules ?? [])
        p.rules.push(draftToRule(d, { id: req.ids.next('llm', d.label || label), provenance: 'llm', labels: taskLabels, origin: `LLM synthesis for ${label}` }));
    });
    if (req.feedback.length && p.errors.length < req.labels.length) p.feedbackUsed.push(...req.feedback.map((f) => f.id));
    return p;
  }

  async patch(req: PatchRequest): Promise<Proposal> {
    const p = emptyProposal();
    p.requests = 1;
    const taskLabels = req.task.labels?.length ? req.task.labels : req.labels;
    const what = `patch round ${req.round}`;
    const a = await this.#ask<PatchAnswer>(
      `patch:round-${req.round}`,
      patchPrompt({
        task: req.task,
        labels: req.labels,
        round: req.round,
        metrics: req.metrics,
        per_class: req.per_class,
        clusters: req.clusters,
        rules: req.views,
        corrections: req.corrections,
        feedback: req.feedback,
        allowedLabels: req.allowedLabels,
        history: req.history,
      }),
      PATCH_SCHEMA,
    );
    if (!a.ok) {
      p.errors.push(`${what}: ${a.message}`);
      return p;
    }
    const parsed = this.#read(what, a.res, p);
    if (!parsed) return p;
    p.feedbackUsed.push(...req.feedback.map((f) => f.id));
    const current = new Set(req.current.map((r) => r.id));
    const mayChange = (id: string) => current.has(id) && (req.editable === null || req.editable.has(id));
    for (const d of parsed.rules) {
      const replaces = d.replaces?.trim() || null;
      if (replaces !== null && !mayChange(replaces)) {
        p.notes.push(`${what}: ignored a rewrite of "${replaces}": ${current.has(replaces) ? 'that rule is not targeted' : 'no such rule'}`);
        continue;
      }
      const rule = draftToRule(d, { id: req.ids.next('llm', d.label), provenance: 'llm', labels: taskLabels, origin: `LLM patch, round ${req.round}` });
      if (replaces !== null) p.replaces[rule.id] = replaces;
      p.rules.push(rule);
    }
    for (const r of parsed.remove) {
      if (mayChange(r.id)) p.remove.push({ id: r.id, reason: r.reason });
      else p.notes.push(`${what}: ignored removing "${r.id}": ${current.has(r.id) ? 'that rule is not targeted' : 'no such rule'}`);
    }
    return p;
  }
}

/** What a user may set about offline learning (`learn --budget/--min-precision/--max-rules`). */
export interface InducerSettings {
  /** Wall-clock budget in ms. */
  learnBudgetMs?: number;
  minPrecision?: number;
  maxRules?: number;
  maxRulesPerLabel?: number;
  /** Classification: the label of the default rule (default: the inducer adds one only where held-out F1 shows it helps). */
  defaultLabel?: string;
  /** Told how many train examples the rules cover so far (classification). */
  onProgress?: (done: number, total: number) => void;
}

/** Options the proposer passes to the inducer: the split to judge on, the seed and the user's settings. */
export type InducerCallOptions = { dev?: readonly Example[]; seed?: number } & InducerSettings;

/** The offline inducer's API (src/learn/induce); `dev` is for its own acceptance, never mined. */
export interface Inducer {
  induceRules(task: Task, train: readonly Example[], opts: InducerCallOptions): InducerResult | Promise<InducerResult>;
  inducePatch(task: Task, train: readonly Example[], currentRules: readonly Rule[], opts: InducerCallOptions): InducerResult | Promise<InducerResult>;
}

export interface InducerResult {
  rules: Rule[];
  /** Patches: ids of current rules to disable. */
  remove?: readonly string[];
  report: unknown;
}

/**
 * Proposes rules with the offline inducer: no model, deterministic for a seed. Its rules get
 * fresh ids where theirs are taken; a returned rule with the id of a current rule that behaves
 * differently is a rewrite of it, one that behaves the same is no change.
 */
export class InducerProposer implements Proposer {
  readonly kind = 'offline';
  readonly model = null;
  readonly deterministic = true;
  readonly readsFeedback = false;

  readonly #deadline: Deadline;

  /** The run's one budget starts now: a proposer is made per `learn` run. `now` is for tests. */
  constructor(
    private readonly inducer: Inducer,
    private readonly settings: InducerSettings = {},
    now?: () => number,
  ) {
    this.#deadline = new Deadline(settings.learnBudgetMs ?? TUNING.defaults.learnBudgetMs, now);
  }

  #options(req: { dev: readonly Example[]; seed: number }): InducerCallOptions {
    return { ...this.settings, learnBudgetMs: this.#deadline.remaining(), ...(req.dev.length ? { dev: req.dev } : {}), seed: req.seed };
  }

  #adopt(rule: Rule, ids: IdAllocator): Rule {
    const id = ids.claim(rule.id, 'ind', rule.output.label);
    return { ...rule, id, status: rule.status === 'rejected' ? 'rejected' : 'proposed', provenance: 'induced', version: 1 };
  }

  async synthesize(req: SynthesisRequest): Promise<Proposal> {
    const p = emptyProposal();
    p.requests = 1;
    const labels = new Set(req.labels);
    // The inducer scores candidates itself, offline: see offlineScoringTask (learn notes it).
    const res = await this.inducer.induceRules(offlineScoringTask(req.task).task, req.train, this.#options(req));
    p.report = res.report;
    p.warnings = loudNotes(res.report, req.dev.length > 0);
    for (const r of res.rules) if (labels.has(r.output.label)) p.rules.push(this.#adopt(r, req.ids));
    belowExisting(p.rules, req.existing);
    this.#cap(p, new Map());
    return p;
  }

  /** `--max-rules-per-label` over whatever the inducer's learners returned; rewrites replace a rule, so they do not count. */
  #cap(p: Proposal, taken: ReadonlyMap<string, number>): void {
    const max = this.settings.maxRulesPerLabel;
    if (max === undefined) return;
    const fresh = p.rules.filter((r) => r.status !== 'rejected' && !(r.id in p.replaces));
    const { kept, dropped } = capPerLabel(fresh, max, taken);
    if (!dropped) return;
    const keep = new Set(kept);
    const cut = new Set(fresh.filter((r) => !keep.has(r)));
    p.rules = p.rules.filter((r) => !cut.has(r));
    // Said in the run's notes, not only its decision log: a user who capped the list sees what it cost.
    (p.warnings ??= []).push(`--max-rules-per-label ${max}: ${dropped} rule${dropped === 1 ? '' : 's'} past the first ${max} of a label (in execution order) left out`);
  }

  spentBefore(round: number): string | null {
    if (!this.#deadline.expired()) return null;
    return `the ${Math.round(this.#deadline.learnBudgetMs / 1000)} s budget ran out before patch round ${round}: it was not run (learn --budget SECONDS to give it more)`;
  }

  async patch(req: PatchRequest): Promise<Proposal> {
    const p = emptyProposal();
    p.requests = 1;
    const what = `patch round ${req.round}`;
    const spent = this.spentBefore(req.round);
    if (spent) {
      p.warnings = [spent];
      return p;
    }
    const current = new Map(req.current.map((r) => [r.id, r]));
    const mayChange = (id: string) => current.has(id) && (req.editable === null || req.editable.has(id));
    const res = await this.inducer.inducePatch(offlineScoringTask(req.task).task, req.train, req.current, this.#options(req));
    p.report = res.report;
    for (const r of res.rules) {
      const old = current.get(r.id);
      if (old) {
        if (behaviourKey(old) === behaviourKey(r) && old.priority === r.priority) continue;
        if (!mayChange(old.id)) {
          p.notes.push(`${what}: ignored a rewrite of "${old.id}": that rule is not targeted`);
          continue;
        }
        const rule = this.#adopt({ ...r, id: `${r.id}-r${req.round}` }, req.ids);
        p.replaces[rule.id] = old.id;
        p.rules.push(rule);
        continue;
      }
      if (req.allowedLabels && !req.allowedLabels.includes(r.output.label)) continue;
      p.rules.push(this.#adopt(r, req.ids));
    }
    for (const id of res.remove ?? []) {
      if (mayChange(id)) p.remove.push({ id, reason: 'the inducer found it hurts' });
      else if (current.has(id)) p.notes.push(`${what}: ignored removing "${id}": that rule is not targeted`);
    }
    this.#cap(p, activePerLabel(req.current));
    return p;
  }
}

/**
 * A default rule must stay the last rule to run: below every rule already in use as well as the
 * new ones (a person's rules start at priority 0).
 */
function belowExisting(rules: Rule[], existing: readonly Rule[]): void {
  const others = [...existing, ...rules.filter((r) => !isDefaultRule(r))];
  if (!others.length) return;
  const floor = Math.min(...others.map((r) => r.priority));
  rules.forEach((r, i) => {
    if (isDefaultRule(r) && r.priority >= floor) rules[i] = { ...r, priority: floor - 1 };
  });
}

/** The inducer's notes a user must see: a budget (or a cross-validation's share of it) that ran out, labels that got no rule, rules a budget (in all or per label) removed, the default class chosen, and what cross-validation expects on new text. */
function loudNotes(report: unknown, withDev: boolean): string[] {
  if (!report || typeof report !== 'object') return [];
  const r = report as { budget_exhausted?: boolean; notes?: unknown; labels_without_rules?: unknown };
  const notes = Array.isArray(r.notes) ? r.notes.filter((n): n is string => typeof n === 'string') : [];
  // With a dev split, the covering list may still be cut by cross-validation on train (a dev split
  // too small to judge): the comparison's note gives the estimate, and "no dev split" would mislead.
  const estimate = withDev ? /Cross-validated estimate F1/ : /Cross-validated estimate F1|^no dev split: \d+-fold cross-validation on train chose/;
  return notes.filter((n) => /budget ran out|ran out of its share|got no rule|no rule was learned|stopped at \d+ rules|within \d+ rules as merged|rules as merged \(--max-rules\)|^at most \d+ rules per label|^default: |too few to judge on its own|^the learners were compared/.test(n) || estimate.test(n));
}

/** The offline inducer (src/learn/induce), loaded when first needed. */
export async function loadOfflineInducer(): Promise<Inducer> {
  const m = await import('./induce/index.js');
  return { induceRules: m.induceRules, inducePatch: m.inducePatch };
}
