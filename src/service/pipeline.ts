/**
 * The shared evaluation pipeline: THE way to evaluate a ruleset on a dataset split. `eval` uses
 * it, and so do metrics, rank, prune and learn, so every command reports the same numbers for
 * the same rules, data and matching config. It loads what the core evaluator
 * (core/eval/evaluate-ruleset.ts) scores, and reports what it found.
 *
 * ```ts
 * const run = await runPipeline(store, { split: 'dev', purpose: 'measure' });
 * run.report;               // the `eval --json` report (the keys scripts read)
 * run.outputs;              // every rule's raw matches, computed once (RuleOutputs)
 * run.scores[i];            // example i's score; run.predictions[i] its resolved prediction
 * run.issues;               // timeouts, failures and rules that do not compile: never dropped
 * ```
 *
 * Stages, for callers that need only part (ranking re-resolves `outputs` per rule without
 * executing again): `loadInputs` (task, split, examples, rules, hashes) → `executeInputs` (one
 * engine run: prepareRules + executeRules, then resolveDocument per example) → the core's
 * `scorePredictions` (the scorer compiled once: task.matching mode and matchers, user matchers
 * from a registry).
 */
import { round } from './round.js';
import { performance } from 'node:perf_hooks';
import type { CompiledRule } from '../core/engine/compile-rule.js';
import { type ExecutionIssue, executeRules, type RuleOutputs } from '../core/engine/executor.js';
import { prepareRules, textOf } from '../core/engine/predict.js';
import { resolveDocument } from '../core/engine/resolve.js';
import { RulewrightError } from '../core/errors.js';
import { buildEvalReport } from '../core/eval/report.js';
import { ALL_STATUSES, evaluateRuleset, executeRuleset, type RunRulesetOptions } from '../core/eval/evaluate-ruleset.js';
import { compileScorer, type Scorer } from '../core/eval/scorer.js';
import type { ExampleScore, ScoreContext, ScorerOptions } from '../core/eval/types.js';
import { setHash } from '../core/hash.js';
import { PatternScreen } from '../core/matchers/pattern-screen.js';
import { VerdictCache } from '../core/matchers/verdict-cache.js';
import type { MatcherRegistry } from '../core/matchers/registry.js';
import type { VerdictIssue } from '../core/matchers/types.js';
import type { EvalReport } from '../core/schemas/eval-report.js';
import type { Example, Split } from '../core/schemas/example.js';
import type { MatchMode, Task } from '../core/schemas/task.js';
import type { Prediction } from '../core/schemas/prediction.js';
import type { Rule } from '../core/schemas/rule.js';
import type { DatasetRecord } from '../store/datasets.js';
import { ruleHash } from '../store/fingerprint.js';
import type { Store } from '../store/index.js';
import { resolveDataset } from './datasets.js';
import { useKeptTranslations } from './translations.js';
import { phaseProgress, type Progress } from './types.js';

/** A split to evaluate on, or every example. */
export type SplitChoice = Split | 'all';

/**
 * Which default split applies when none is asked for: `eval` uses test, else dev, else all;
 * `measure` (metrics, rank, prune) uses dev, else all.
 */
export type SplitPurpose = 'eval' | 'measure';

export interface SplitResolution {
  /** The split to filter on; null = every example. */
  split: Split | null;
  /** As reports name it: the split, or `all`. */
  label: SplitChoice;
  /** Set when a default fell back (e.g. "no test split: evaluated on dev"). */
  note: string | null;
}

/**
 * The split a command works on: the one asked for (an explicit split with no examples is a
 * BAD_INPUT error), else the default for its purpose, falling back as the team's decisions say.
 */
export function resolveSplit(store: Store, dataset: DatasetRecord, requested: SplitChoice | undefined, purpose: SplitPurpose = 'eval'): SplitResolution {
  if (requested === 'all') return { split: null, label: 'all', note: null };
  const count = (s: Split) => store.examples.count(dataset.id, { split: s });
  if (requested !== undefined) {
    if (count(requested) === 0)
      throw new RulewrightError(
        'BAD_INPUT',
        `dataset "${dataset.name}" has no ${requested} examples: choose --split all, or make one with \`rulewright split --dev F --test F\``,
      );
    return { split: requested, label: requested, note: null };
  }
  const order: Split[] = purpose === 'eval' ? ['test', 'dev'] : ['dev'];
  for (const s of order)
    if (count(s) > 0) return { split: s, label: s, note: s === order[0] ? null : `no ${order[0]} split: evaluated on ${s}` };
  const verb = purpose === 'eval' ? 'evaluated' : 'measured';
  return { split: null, label: 'all', note: `no ${order.join(' or ')} split: ${verb} on all examples` };
}

export interface PipelineRequest {
  dataset?: string;
  /** Default: by `purpose` (see resolveSplit). */
  split?: SplitChoice;
  purpose?: SplitPurpose;
  /** Overrides `task.matching.mode` (`eval --mode`). */
  mode?: MatchMode;
  /**
   * The rules to run, all of them whatever their status (a candidate set, a ruleset without one
   * rule, …). Default: the dataset's active rules.
   */
  rules?: readonly Rule[];
  /** Matchers to resolve names with (built-ins plus a user module; see matchers-module.ts). */
  registry?: MatcherRegistry;
  /** Judge and embedder for `llm_rubric` and `semantic_similarity`. */
  context?: Omit<ScoreContext, 'registry'>;
  /** Keep drill-down outcomes in the scores (default true; loops that only need counts turn it off). */
  outcomes?: boolean;
  /** Per-rule, per-document budget; default the task's `rule_budget_ms`. */
  budgetMs?: number;
  /** Sentences to add to the report's notes. */
  notes?: readonly string[];
  /** Told how far the rules have run (phase `execute`), for a progress bar. */
  onProgress?: (p: Progress) => void;
}

/** What the pipeline loads before running anything. */
export interface PipelineInputs {
  dataset: DatasetRecord;
  task: Task;
  split: SplitResolution;
  examples: Example[];
  /** The rules as given or loaded (in store order, not execution order). */
  rules: Rule[];
  /** Whether `rules` run whatever their status (true when the caller gave them). */
  allStatuses: boolean;
  dataset_hash: string;
  ruleset_hash: string;
}

/** One engine run over the inputs. */
export interface Execution {
  /** Raw per-rule matches (sparse): re-resolve with `resolveDocument(outputs, d, excluded)`. */
  outputs: RuleOutputs;
  /** The resolved prediction of every example, in `examples` order. */
  predictions: Prediction[];
  /** Rules that do not compile (`invalid`), timeouts and failures with their documents. */
  issues: ExecutionIssue[];
  execute_ms: number;
}

export interface PipelineResult extends PipelineInputs, Execution {
  scorer: Scorer;
  scores: ExampleScore[];
  /** Pairs a matcher could not judge (a pattern that timed out, was refused, does not compile). */
  matcher_issues: MatcherIssueRecord[];
  report: EvalReport;
  timings: { load_ms: number; execute_ms: number; score_ms: number };
  /** The pipeline's own compute time (load, execute, score, report). */
  elapsed_ms: number;
}

/**
 * The hash of a set of rules as they would run: order-independent, volatile fields left out
 * (see ruleHash). For the dataset's active rules it equals the workspace's ruleset hash.
 */
export function rulesHash(rules: readonly Rule[]): string {
  return setHash(rules.map(ruleHash));
}

/** What the pipeline loads before running anything, but the examples themselves. */
export type PipelineSetup = Omit<PipelineInputs, 'examples'>;

/** Loads the task, the split and the rules, with their hashes; the examples are left to the caller. */
export function loadSetup(store: Store, req: PipelineRequest = {}): PipelineSetup {
  const dataset = resolveDataset(store, req.dataset);
  const split = resolveSplit(store, dataset, req.split, req.purpose);
  const rules = req.rules ? [...req.rules] : store.rules.list(dataset.id, { status: 'active' });
  // Only the stored rules: candidate sets (learning) would fill the workspace with one-offs.
  if (!req.rules) useKeptTranslations(store, rules);
  return {
    dataset,
    task: dataset.task,
    split,
    rules,
    allStatuses: !!req.rules,
    dataset_hash: store.examples.hash(dataset.id, split.split ?? undefined),
    ruleset_hash: rulesHash(req.rules ? rules : rules.filter((r) => r.status === 'active')),
  };
}

/** Loads the task, the split's examples and the rules, with their hashes. */
export function loadInputs(store: Store, req: PipelineRequest = {}): PipelineInputs {
  const setup = loadSetup(store, req);
  const examples = store.examples.list(setup.dataset.id, setup.split.split ? { split: setup.split.split } : {});
  return { ...setup, examples };
}

/** Rules compiled once for execution, and the ones that did not compile (as `invalid` issues). */
export interface PreparedRules {
  compiled: CompiledRule[];
  invalid: ExecutionIssue[];
}

export function prepareInputs(task: Task, rules: readonly Rule[], options: { allStatuses?: boolean } = {}): PreparedRules {
  const { compiled, issues } = prepareRules(task, rules, options.allStatuses ? { statuses: ALL_STATUSES } : {});
  return { compiled, invalid: issues };
}

/**
 * Runs compiled rules over some examples and resolves each one's prediction. `docOffset` is the
 * index of `examples[0]` among all the examples run (batches), so issues name the right document.
 * The issues are this run's only (no `invalid` ones).
 */
export function executeBatch(
  task: Task,
  compiled: PreparedRules['compiled'],
  examples: readonly Pick<Example, 'id' | 'text' | 'input' | 'meta'>[],
  options: { budgetMs?: number; docOffset?: number; onProgress?: (done: number, total: number) => void } = {},
): Execution {
  const t0 = performance.now();
  const texts = examples.map((e) => textOf(task, e));
  const outputs = executeRules(task, compiled, texts, {
    ids: examples.map((e) => e.id),
    meta: examples.map((e) => e.meta),
    ...(options.budgetMs !== undefined ? { budgetMs: options.budgetMs } : {}),
    ...(options.docOffset ? { docOffset: options.docOffset } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const predictions: Prediction[] = new Array(examples.length);
  for (let d = 0; d < examples.length; d++) predictions[d] = resolveDocument(outputs, d);
  return { outputs, predictions, issues: outputs.issues, execute_ms: round(performance.now() - t0) };
}

/**
 * Runs the rules once over the examples (compiled once, ordered, each rule under its
 * per-document budget) and resolves every example's prediction under the conflict policy.
 */
export function executeInputs(
  task: Task,
  rules: readonly Rule[],
  examples: readonly Pick<Example, 'id' | 'text' | 'input' | 'meta'>[],
  options: ExecuteRequest = {},
): Execution {
  const exec = executeRuleset(task, rules, examples, runOptions(options));
  return { ...exec, execute_ms: round(exec.execute_ms) };
}

type ExecuteRequest = { allStatuses?: boolean } & Pick<PipelineRequest, 'budgetMs' | 'onProgress'>;

/** The core evaluator's execution options for a request: which statuses run, the budget, progress as phase `execute`. */
const runOptions = (options: ExecuteRequest): RunRulesetOptions => ({
  statuses: options.allStatuses ? ALL_STATUSES : ['active'],
  ...(options.budgetMs !== undefined ? { budgetMs: options.budgetMs } : {}),
  ...(options.onProgress ? { onProgress: phaseProgress(options.onProgress, 'execute')! } : {}),
});

type ScoringRequest = Pick<PipelineRequest, 'mode' | 'registry' | 'context' | 'outcomes'>;

/** The core evaluator's scoring options for a request (outcomes kept unless turned off). */
const scorerOptions = (options: ScoringRequest): ScorerOptions => ({
  ...(options.context ?? {}),
  ...(options.registry ? { registry: options.registry } : {}),
  ...(options.mode ? { mode: options.mode } : {}),
  outcomes: options.outcomes ?? true,
});

/**
 * The scorer the core evaluator (`scorePredictions`) would score with, compiled without scoring
 * anything: for a caller that scores in batches and screens patterns (`patterns`) and prefetches
 * verdicts itself.
 */
export function pipelineScorer(task: Task, options: ScoringRequest = {}): { scorer: Scorer; patterns: PatternScreen } {
  const opts = scorerOptions(options);
  const patterns = options.context?.patterns ?? new PatternScreen();
  const scorer = compileScorer(task, { ...opts, patterns });
  if (!scorer.needsAsync) return { scorer, patterns };
  // As scoreAllAsync: asynchronous verdicts go into the context's cache, else one of the run's own.
  return { scorer: compileScorer(task, { ...opts, patterns, verdicts: opts.verdicts ?? new VerdictCache() }), patterns };
}

/** A pair a matcher could not judge (see `Verdict.issue`), with its example: what runs report. */
export interface MatcherIssueRecord {
  kind: `matcher_${VerdictIssue}`;
  /** The example's id and its index among the examples scored. */
  doc_id: string;
  doc_index: number;
  field: string;
  matcher: string;
  /** The matcher's verdict reason. */
  reason: string;
  /** The reason with the example and field, as issue lists print it. */
  message: string;
}

/** The pairs matchers could not judge, example by example; `docOffset` is the index of `scores[0]` (batches). */
export function matcherIssues(scores: readonly ExampleScore[], docOffset = 0): MatcherIssueRecord[] {
  const out: MatcherIssueRecord[] = [];
  scores.forEach((s, i) => {
    const d = docOffset + i;
    for (const i of s.matcher_issues ?? [])
      out.push({
        kind: `matcher_${i.issue}`,
        doc_id: s.id,
        doc_index: d,
        field: i.field,
        matcher: i.matcher,
        reason: i.reason,
        message: `${i.matcher} matcher on example ${s.id}, field ${i.field}: ${i.reason}`,
      });
  });
  return out;
}

const MATCHER_ISSUE_WHAT: Record<VerdictIssue, string> = {
  timeout: 'ran out of its time budget',
  refused: 'was refused by the ReDoS screen',
  invalid: 'had a pattern that does not compile',
};

/** Notes on pairs matchers could not judge: which matcher, how many, where (example and field). */
export function matcherIssueNotes(list: readonly MatcherIssueRecord[]): string[] {
  const groups = new Map<string, MatcherIssueRecord[]>();
  for (const i of list) {
    const k = `${i.matcher}\u0000${i.kind}`;
    const g = groups.get(k);
    if (g) g.push(i);
    else groups.set(k, [i]);
  }
  return [...groups.values()].map((g) => {
    const first = g[0]!;
    const what = MATCHER_ISSUE_WHAT[first.kind.slice('matcher_'.length) as VerdictIssue];
    const where = g.slice(0, 3).map((i) => `example ${i.doc_id}, field ${i.field}`).join('; ') + (g.length > 3 ? '; …' : '');
    return (
      `the ${first.matcher} matcher ${what} on ${g.length} value${g.length === 1 ? '' : 's'} (${where}); ` +
      `counted as not matching: ${first.reason}`
    );
  });
}

/** Notes on execution problems: what was dropped, so a number is never read without it. */
export function issueNotes(issues: readonly ExecutionIssue[]): string[] {
  const notes: string[] = [];
  const invalid = issues.filter((i) => i.kind === 'invalid');
  if (invalid.length)
    notes.push(`${invalid.length} rule${invalid.length === 1 ? '' : 's'} could not be compiled and did not run: ${invalid.map((i) => i.rule_id).join(', ')}`);
  for (const kind of ['timeout', 'error'] as const) {
    const list = issues.filter((i) => i.kind === kind);
    if (!list.length) continue;
    const rules = new Set(list.map((i) => i.rule_id));
    // One issue per (rule, document) pair: the documents are counted once however many rules hit them.
    const docs = new Set(list.map((i) => i.doc_index)).size;
    const what = kind === 'timeout' ? `ran out of ${rules.size === 1 ? 'its' : 'their'} time budget` : 'failed';
    const pairs = list.length === docs ? '' : ` (${list.length} rule-document pairs)`;
    notes.push(
      `${rules.size} rule${rules.size === 1 ? '' : 's'} ${what} on ${docs} document${docs === 1 ? '' : 's'}${pairs} ` +
        `(${[...rules].slice(0, 5).join(', ')}${rules.size > 5 ? ', …' : ''}); their matches there were dropped, so recall may be understated`,
    );
  }
  return notes;
}

/**
 * Evaluates a ruleset on a dataset split: load, execute once, resolve, score, report. Execution
 * issues are in `issues` and summarized in the report's notes.
 */
export async function runPipeline(store: Store, req: PipelineRequest = {}): Promise<PipelineResult> {
  const t0 = performance.now();
  const inputs = loadInputs(store, req);
  const t1 = performance.now();
  const ev = await evaluateRuleset(inputs.task, inputs.rules, inputs.examples, {
    ...runOptions({ ...req, allStatuses: inputs.allStatuses }),
    ...scorerOptions(req),
  });
  const exec: Execution = { outputs: ev.outputs, predictions: ev.predictions, issues: ev.issues, execute_ms: round(ev.execute_ms) };
  const { scorer, scores } = ev;
  const matcher_issues = matcherIssues(scores);
  const notes = [
    ...(inputs.split.note ? [inputs.split.note] : []),
    ...issueNotes(exec.issues),
    ...matcherIssueNotes(matcher_issues),
    ...(req.notes ?? []),
  ];
  if (!inputs.rules.length) notes.push('the ruleset is empty: add rules with `rulewright rules add` or `rulewright rules import FILE`');
  const report = buildEvalReport(inputs.task, inputs.examples, ev.totals, {
    split: inputs.split.label,
    mode: scorer.mode,
    dataset_hash: inputs.dataset_hash,
    ruleset_hash: inputs.ruleset_hash,
    notes,
  });
  const t3 = performance.now();
  return {
    ...inputs,
    ...exec,
    scorer,
    scores,
    matcher_issues,
    report,
    timings: { load_ms: round(t1 - t0), execute_ms: exec.execute_ms, score_ms: round(t3 - t1 - ev.execute_ms) },
    elapsed_ms: round(t3 - t0),
  };
}

// In a module of its own so that extract (which needs no pipeline) can use it alone.
export { round };
