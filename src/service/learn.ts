import { textOf } from '../core/engine/predict.js';
import { RulewrightError } from '../core/errors.js';
import { offlineScoringTask } from '../core/eval/offline-task.js';
import { compileScorer } from '../core/eval/scorer.js';
import type { ScoreContext } from '../core/eval/types.js';
import { rulesPerLabel, type RulesPerLabel } from '../core/metrics/rules-per-label.js';
import { PatternScreen } from '../core/matchers/pattern-screen.js';
import { VerdictCache } from '../core/matchers/verdict-cache.js';
import type { Example } from '../core/schemas/example.js';
import type { LearnRunConfig, LearnRunResult } from '../core/schemas/learn-run.js';
import type { Rule } from '../core/schemas/rule.js';
import type { CallRecorder, LlmClient } from '../learn/llm/client.js';
import { describeLlmConfig, isLlmConfigured, loadLlmConfig } from '../learn/llm/config.js';
import { OpenAiLlm } from '../learn/llm/openai-client.js';
import { computeTargets } from '../learn/loop/targets.js';
import { IdAllocator } from '../learn/loop/ids.js';
import { runLearning } from '../learn/loop/run-learning.js';
import type { CorrectionRuleOutcome, Decision, LearnEvent, LlmTotals, RuleChange, StageRow } from '../learn/loop/types.js';
import { InducerProposer, LlmProposer, loadOfflineInducer, type Inducer, type Proposer } from '../learn/proposer.js';
import { labelsToLearn } from '../learn/prompts/evidence.js';
import type { CorrectionView, FeedbackView } from '../learn/prompts/views.js';
import { rulesetHash } from '../store/fingerprint.js';
import { StoreCallRecorder } from '../store/llm-calls.js';
import type { Store } from '../store/index.js';
import { checkCorrections } from './correction-holds.js';
import { CORRECTION_EXAMPLE_PREFIX } from './corrections.js';
import { correctionsAfterLearn, type CorrectionsOutcome } from './learn-corrections.js';
import { checkDefaultLabel } from './learn-default-label.js';
import type { DatasetContext } from './dataset-context.js';
import { pipelineEvaluator } from './learn-evaluator.js';
import { MatcherIssueLog } from './matcher-issue-log.js';
import { environmentJudge, llmJudge } from './llm-judge.js';
import { withLearnLock } from './learn-lock.js';
import { DEFAULT_SEED, planSplit, type SplitPlan } from './split.js';
import { phaseProgress, type Progress, type SplitCounts } from './types.js';

/** Share of examples put in dev when learning finds no dev split. */
export const LEARN_DEV_FRACTION = 0.2;
/**
 * Fewest dev examples per label (on average) a made dev split must give; below it a dev split
 * judges nothing reliably and costs learning a fifth of its examples, so none is made.
 */
export const MIN_DEV_PER_LABEL = 5;
export const DEFAULT_ROUNDS = 2;
export const MAX_ROUNDS = 20;

export interface LearnRequest {
  /** Refinement rounds after synthesis (default 2). */
  rounds?: number;
  /** Patch only what feedback and corrections target. */
  incremental?: boolean;
  /** Use the offline inducer even when an LLM is configured. */
  offline?: boolean;
  /** Seed of the dev split made when there is none, and of the inducer. */
  seed?: number;
  /** Builds the LLM client instead of the environment's (tests, embedding); it must record through `recorder`. */
  llm?: (recorder: CallRecorder) => LlmClient;
  /** The offline inducer to use instead of src/learn/induce (tests). */
  inducer?: Inducer;
  /** Offline learning: time budget (seconds), precision floor, rule caps (`learn --budget/--min-precision/--max-rules/--max-rules-per-label`). */
  budget?: number;
  minPrecision?: number;
  maxRules?: number;
  maxRulesPerLabel?: number;
  /** Offline classification: the label of a default rule, the last to run, labelling every text no other rule does (`learn --default-label`). */
  defaultLabel?: string;
  /** Progress of offline learning, for a progress bar. */
  onProgress?: (p: Progress) => void;
  /** Judge and embedder for `llm_rubric` / `semantic_similarity`; without a judge, the configured LLM judges. */
  context?: Omit<ScoreContext, 'registry' | 'verdicts'>;
  onEvent?: (e: LearnEvent) => void;
  /** Told once when another learn on the dataset runs: this one waits for it. */
  onWait?: (note: string) => void;
}

export interface LearnResult {
  dataset: string;
  run_id: number;
  proposer: 'llm' | 'offline';
  model: string | null;
  incremental: boolean;
  rounds: number;
  rounds_run: number;
  split: {
    /** Where changes were judged. */
    judged_on: 'dev' | 'train';
    train: number;
    dev: number;
    /** The dev split learning made because the dataset had none; null when it had one. */
    created: { dev: number; seed: number; splits: SplitCounts } | null;
  };
  /** The ablation table: rules and held-out P/R/F1 after each stage, with LLM usage. */
  stages: StageRow[];
  decisions: Decision[];
  rules: {
    active: number;
    added: string[];
    changed: string[];
    disabled: string[];
    proposed: string[];
    rejected: { id: string; name: string; reason: string }[];
  };
  /** Feedback behind a change this run accepted: now `applied`. */
  feedback_applied: string[];
  /** Feedback the run read whose change was not accepted (or that prompted none): still open, with why. */
  feedback_open: { id: string; reason: string }[];
  /** How many corrections hold under the rules the run ended with; each one that does not, with why. */
  corrections: CorrectionsOutcome;
  /** Rules made so corrections hold: kept, or not and why, with the other-label train texts each catches. */
  correction_rules: CorrectionRuleOutcome[];
  llm: LlmTotals;
  /** Active rules per label after the run: median, max and the labels with the most. */
  rules_per_label: RulesPerLabel;
  notes: string[];
  dataset_hash: string;
  ruleset_hash: string;
  elapsed_ms: number;
}

function checkRounds(rounds: number | undefined): number {
  const r = rounds ?? DEFAULT_ROUNDS;
  if (!Number.isInteger(r) || r < 0 || r > MAX_ROUNDS) throw new RulewrightError('USAGE', `--rounds must be a whole number from 0 to ${MAX_ROUNDS}, got ${rounds}`);
  return r;
}

/** Corrections first: they are the strongest signal, and prompts sample in this order. */
function correctionsFirst(examples: Example[]): Example[] {
  return [...examples.filter((e) => e.source === 'correction'), ...examples.filter((e) => e.source !== 'correction')];
}

interface Chosen {
  proposer: Proposer;
  /** The LLM that proposes rules, when one does (it judges `llm_rubric` too). */
  llm?: LlmClient;
  recorder: StoreCallRecorder;
  config: LearnRunConfig['llm'];
  notes: string[];
}

/** `env` is what the LLM configuration is read from. */
async function chooseProposer(store: Store, datasetId: number, env: NodeJS.ProcessEnv, req: LearnRequest): Promise<Chosen> {
  const recorder = new StoreCallRecorder(store.llmCalls, datasetId);
  const notes: string[] = [];
  if (!req.offline && (req.llm || isLlmConfigured(env))) {
    if (req.llm) {
      const llm = req.llm(recorder);
      return { proposer: new LlmProposer(llm), llm, recorder, config: { model: llm.model }, notes };
    }
    const cfg = loadLlmConfig(env);
    const llm = new OpenAiLlm(cfg, { recorder });
    return { proposer: new LlmProposer(llm), llm, recorder, config: { ...describeLlmConfig(cfg) }, notes };
  }
  if (!req.offline) notes.push('no LLM is configured (OPENAI_API_KEY or OPENAI_BASE_URL): the offline inducer learned the rules');
  const settings = {
    ...(req.budget !== undefined ? { budgetMs: req.budget * 1000 } : {}),
    ...(req.minPrecision !== undefined ? { minPrecision: req.minPrecision } : {}),
    ...(req.maxRules !== undefined ? { maxRules: req.maxRules } : {}),
    ...(req.maxRulesPerLabel !== undefined ? { maxRulesPerLabel: req.maxRulesPerLabel } : {}),
    ...(req.defaultLabel !== undefined ? { defaultLabel: req.defaultLabel } : {}),
  };
  const learnProgress = phaseProgress(req.onProgress, 'learn');
  return {
    proposer: new InducerProposer(req.inducer ?? (await loadOfflineInducer()), { ...settings, ...(learnProgress ? { onProgress: learnProgress } : {}) }),
    recorder,
    config: settings,
    notes,
  };
}

/** The final state of every rule a run touched, read off its ordered changes. */
function summarizeChanges(changes: readonly RuleChange[], active: number): LearnResult['rules'] {
  const inserted = new Set(changes.filter((c) => c.op === 'insert').map((c) => c.rule.id));
  const last = new Map<string, Rule>();
  for (const c of changes) last.set(c.rule.id, c.rule);
  const out: LearnResult['rules'] = { active, added: [], changed: [], disabled: [], proposed: [], rejected: [] };
  for (const [id, r] of last) {
    if (r.status === 'active') (inserted.has(id) ? out.added : out.changed).push(id);
    else if (r.status === 'disabled') out.disabled.push(id);
    else if (r.status === 'proposed') out.proposed.push(id);
    else out.rejected.push({ id, name: r.name, reason: r.rejection ?? 'rejected' });
  }
  return out;
}

/**
 * `learn`: splits first when there is no dev split (seeded, stratified; learning then sees only
 * train, corrections included), synthesizes rules (LLM when configured, else the offline
 * inducer), refines them in rounds judged on dev, prunes what this run added that hurts, and
 * records everything: rule changes (new versions; rejected and not-accepted rules stay visible
 * with reasons), the learn run with its ablation table and decision log, every LLM call, the
 * feedback behind an accepted change (marked applied with the run id; feedback whose change was
 * not accepted stays open with the run and the reason), and each correction that still does not
 * hold, with why.
 */
export function learn(ctx: DatasetContext, req: LearnRequest = {}): Promise<LearnResult> {
  return withLearnLock(ctx.store, ctx.dataset, req.onWait, () => learnLocked(ctx, req));
}

async function learnLocked(ctx: DatasetContext, req: LearnRequest): Promise<LearnResult> {
  const t0 = performance.now();
  const rounds = checkRounds(req.rounds);
  const seed = req.seed ?? DEFAULT_SEED;
  const { store, dataset: d, matchers: loaded, env } = ctx;
  const task = d.task;
  const notes: string[] = [];
  const defaultLabel = checkDefaultLabel(task, req.defaultLabel === undefined ? [] : store.examples.list(d.id), req.defaultLabel);
  const chosen = await chooseProposer(store, d.id, env, { ...req, defaultLabel });
  if (defaultLabel !== undefined && chosen.proposer.kind !== 'offline') notes.push('--default-label applies to the offline inducer (learn --offline): the LLM proposed rules with no default');
  const replaced = chosen.proposer.kind === 'offline' ? offlineScoringTask(task).replaced : [];
  if (replaced.length)
    chosen.notes.push(
      `the offline inducer searched with the default comparison for ${replaced.join(', ')} (their matchers need a module or an LLM judge); ` +
        "every change was still judged with the task's own matchers",
    );
  // An `llm_rubric` field is graded by the learning LLM (else the environment's), its calls
  // counted with the run's; one verdict cache for the run asks about each pair once.
  const grader =
    req.context?.judge ??
    (chosen.llm ? llmJudge(chosen.llm) : environmentJudge(store, d.id, env, chosen.recorder)?.judge);
  const scoring: ScoreContext = {
    ...(req.context ?? {}),
    ...(grader ? { judge: grader } : {}),
    ...(loaded ? { registry: loaded.registry } : {}),
    verdicts: new VerdictCache(),
    // The ReDoS screen's verdicts on matcher patterns, for every scoring of the run: each pattern screened once.
    patterns: req.context?.patterns ?? new PatternScreen(),
  };
  const matcherLog = new MatcherIssueLog();
  compileScorer(task, scoring);

  let created: LearnResult['split']['created'] = null;
  // A dev split made here is stored in the run's final transaction: a learn that fails or is killed leaves the dataset unsplit.
  let plan: SplitPlan | null = null;
  const trainCount = store.examples.count(d.id, { split: 'train' });
  const labelCount = Math.max(1, task.labels?.length ?? 1);
  if (store.examples.count(d.id, { split: 'dev' }) === 0 && trainCount > 0 && trainCount * LEARN_DEV_FRACTION < MIN_DEV_PER_LABEL * labelCount) {
    notes.push(
      `too few examples for a dev split (${trainCount} train examples, ${labelCount} label${labelCount === 1 ? '' : 's'}): none was made, so nothing is taken away from learning ` +
        '(the offline inducer judges its rules by cross-validation on train)',
    );
  } else if (store.examples.count(d.id, { split: 'dev' }) === 0) {
    if (trainCount === 0)
      throw new RulewrightError('BAD_INPUT', `dataset "${d.name}" has no training examples: import some (\`rulewright import FILE\`) or re-split with \`rulewright split --dev F --test F\``);
    plan = planSplit(ctx, { dev: LEARN_DEV_FRACTION, seed });
    created = { dev: LEARN_DEV_FRACTION, seed, splits: plan.splits };
    notes.push(`the dataset had no dev split: made a seeded, stratified one first (dev ${LEARN_DEV_FRACTION}, seed ${seed}; test kept as it was)`);
  }
  const planned = plan;
  const splitOf = <E extends Example | undefined>(e: E): E => (e && planned?.assigned.has(e.id) ? { ...e, split: planned.assigned.get(e.id)! } : e);
  const all = planned && store.examples.list(d.id).map(splitOf);
  const inSplit = (split: 'train' | 'dev') => (all ? all.filter((e) => e.split === split) : store.examples.list(d.id, { split }));
  const train = correctionsFirst(inSplit('train'));
  if (!train.length) throw new RulewrightError('BAD_INPUT', `dataset "${d.name}" has no training examples: move some to train with \`rulewright split --dev F\``);
  let judge = inSplit('dev');
  let judgeSplit: 'dev' | 'train' = 'dev';
  if (!judge.length) {
    judge = train;
    judgeSplit = 'train';
    notes.push('the dev split is empty (too few examples): changes were judged on train');
  }

  const corrections = store.corrections.list(d.id);
  const correctionViews: CorrectionView[] = corrections.map((c) => ({
    id: c.id,
    text: textOf(task, { text: c.text, input: c.input }),
    produced: c.produced,
    expected: c.expected,
    note: c.note,
  }));
  const open = store.feedback.list(d.id, { status: 'open' });
  const feedbackViews: FeedbackView[] = open.map((f) => {
    const e = splitOf(f.level === 'example' && f.target_id ? store.examples.get(d.id, f.target_id) : undefined);
    // A held-out example's text stays out of prompts: the feedback is shown, the example is not.
    const shown = e && e.split === 'train' ? e : undefined;
    return { id: f.id, level: f.level, target_id: f.target_id, text: f.text, ...(shown ? { example_text: textOf(task, shown) } : {}) };
  });
  const active = store.rules.list(d.id, { status: 'active' });

  const annotated = (c: { id: string }) => store.examples.get(d.id, `${CORRECTION_EXAMPLE_PREFIX}${c.id}`)?.annotated;
  let targets = null;
  if (req.incremental) {
    // Every open correction: one the current rules do not make hold, however old it is.
    const { checks } = await checkCorrections(task, active, corrections, { ctx: scoring, annotated, log: matcherLog });
    const fresh = corrections.filter((_, i) => !checks[i]!.holds);
    targets = computeTargets(
      task,
      active,
      open.filter((f) => f.level !== 'task'),
      fresh.map((c) => ({
        id: c.id,
        example_ids: [`${CORRECTION_EXAMPLE_PREFIX}${c.id}`, ...(c.example_id ? [c.example_id] : [])],
        ...(c.text !== undefined ? { text: c.text } : {}),
        ...(c.input !== undefined ? { input: c.input } : {}),
        produced: c.produced,
        expected: c.expected,
      })),
      (id) => splitOf(store.examples.get(d.id, id)),
    );
  }


  notes.push(...chosen.notes);
  const config: LearnRunConfig = {
    rounds,
    incremental: !!req.incremental,
    offline: chosen.proposer.kind === 'offline',
    proposer: chosen.proposer.kind,
    seed,
    judged_on: judgeSplit,
    llm: chosen.config,
    matchers_module: loaded?.module ?? null,
  };
  const recordRun = (result: LearnRunResult, rules: readonly Rule[]) => {
    const run = store.runs.insert(d.id, {
      kind: 'learn',
      dataset_hash: store.examples.hash(d.id),
      ruleset_hash: rulesetHash(rules),
      config,
      result,
      elapsed_ms: performance.now() - t0,
    });
    store.llmCalls.assignRun(chosen.recorder.ids, run.id);
    return run;
  };

  let loop;
  try {
    loop = await runLearning({
      task,
      labels: labelsToLearn(task, train),
      train,
      judge,
      judgeSplit,
      active,
      corrections: correctionViews,
      feedback: feedbackViews,
      proposer: chosen.proposer,
      rounds,
      targets,
      ids: new IdAllocator(store.rules.list(d.id).map((r) => r.id)),
      seed,
      meter: () => chosen.recorder.totals(),
      evaluate: pipelineEvaluator(task, scoring, matcherLog),
      scoring,
      ...(req.onEvent ? { onEvent: req.onEvent } : {}),
    });
  } catch (e) {
    // The failed run is recorded too, with its LLM calls, so the failure can be inspected.
    const message = e instanceof Error ? e.message : String(e);
    store.transaction(() => recordRun({ status: 'failed' as const, error: message, llm: chosen.recorder.totals(), notes }, active));
    throw e;
  }

  const rulesSummary = summarizeChanges(loop.changes, loop.active.length);
  const llm = chosen.recorder.totals();
  const correctionsOutcome = await correctionsAfterLearn(task, active, loop.active, corrections, loop.decisions, { ctx: scoring, annotated, log: matcherLog }, loop.correctionRules);
  const correctionNotes = correctionsOutcome.open.map((c) => `correction ${c.id} does not hold: ${c.reason}`);
  const feedbackNotes = loop.feedbackNotApplied.map((f) => `feedback ${f.id} stays open: ${f.reason}`);
  // What the loop did: recorded with the run and returned, in the same order in both.
  const outcome = {
    rounds_run: loop.roundsRun,
    split: { judged_on: judgeSplit, train: train.length, dev: judgeSplit === 'dev' ? judge.length : 0, created },
    stages: loop.stages,
    decisions: loop.decisions,
    rules: rulesSummary,
    feedback_applied: loop.feedbackApplied,
    feedback_open: loop.feedbackNotApplied,
    corrections: correctionsOutcome,
    correction_rules: loop.correctionRules,
    llm,
    notes: [...notes, ...loop.notes, ...matcherLog.notes(), ...correctionNotes, ...feedbackNotes],
  };
  const result = { status: 'ok' as const, proposer: chosen.proposer.kind, model: chosen.proposer.model, ...outcome };
  const run = store.transaction(() => {
    if (planned) store.examples.setSplits(d.id, planned.assigned);
    const run = recordRun(result, loop.active);
    for (const c of loop.changes) {
      const note = `learn run ${run.id}: ${c.note}`;
      if (c.op === 'insert') store.rules.insert(d.id, c.rule, note);
      else store.rules.update(d.id, c.rule, note);
    }
    for (const id of loop.feedbackApplied) if (store.feedback.get(d.id, id)?.status === 'open') store.feedback.setStatus(d.id, id, 'applied', run.id);
    // Not applied: it stays open for the next run, which reads it again; the run and the reason are kept on it.
    for (const f of loop.feedbackNotApplied) if (store.feedback.get(d.id, f.id)?.status === 'open') store.feedback.recordNotApplied(d.id, f.id, run.id, f.reason);
    return run;
  });
  return {
    dataset: d.name,
    run_id: run.id,
    proposer: chosen.proposer.kind,
    model: chosen.proposer.model,
    incremental: !!req.incremental,
    rounds,
    ...outcome,
    rules_per_label: rulesPerLabel(task.labels ?? [], loop.active.map((r) => r.output.label)),
    dataset_hash: run.dataset_hash,
    ruleset_hash: run.ruleset_hash,
    elapsed_ms: Math.round(performance.now() - t0),
  };
}
