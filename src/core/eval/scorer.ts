import { MatcherRegistry } from '../matchers/registry.js';
import type { BoundMatcher, MatcherContext } from '../matchers/types.js';
import { type PatternScreen, type ScreenPattern, screenPattern } from '../matchers/pattern-screen.js';
import { VerdictCache, prefetchVerdicts } from '../matchers/verdict-cache.js';
import type { Example } from '../schemas/example.js';
import type { Prediction } from '../schemas/prediction.js';
import type { OutputSpan } from '../schemas/span.js';
import { type MatchMode, type Task, isSpanTask } from '../schemas/task.js';
import { type ClassConfig, foldLabel, scoreClassification } from './score-classification.js';
import { type SpanConfig, type SpanGold, type SpanKeys, inUniverse, scoreSpans, spanKeys } from './score-spans.js';
import { type FieldConfig, scoreTransformation } from './score-transformation.js';
import type { Counts, ExampleScore, ScoreContext, ScorerOptions } from './types.js';

/** A task's scoring, compiled once: matchers bound, options validated. Call `score` per example. */
export interface Scorer {
  readonly task: Task;
  readonly mode: MatchMode;
  /** Some matcher in use answers asynchronously: run `prefetch` (or `scoreAllAsync`) first. */
  readonly needsAsync: boolean;
  /** Some matcher in use runs patterns: screen them first (`screenScorerPatterns`) with a shared `patterns`. */
  readonly screensPatterns: boolean;
  readonly ctx: MatcherContext;
  score(example: Example, prediction: Prediction | null | undefined): ExampleScore;
  /**
   * `score(example, prediction).counts`, computed with less work: no scoring against `truth` for
   * observed examples and, for span tasks, no outcomes and no error kinds.
   */
  counts(example: Example, prediction: Prediction | null | undefined): Counts;
  /**
   * Counts-only keys of the example's gold (see `SpanKeys`) when the task is a span task and the
   * mode pairs spans by equal keys (`exact`, or `text` with plain equality); else null.
   */
  spanKeys(example: Example): SpanKeys | null;
}

let sharedRegistry: MatcherRegistry | undefined;
const defaultRegistry = (): MatcherRegistry => (sharedRegistry ??= new MatcherRegistry());

interface PreparedSpans extends SpanGold {
  annotated: ReadonlySet<string> | null;
}

// Examples are treated as immutable: their gold texts are derived once per example object.
const preparedSpans = new WeakMap<Example, PreparedSpans>();

function prepareSpans(example: Example): PreparedSpans {
  let p = preparedSpans.get(example);
  if (p) return p;
  const annotated = example.annotated ? new Set(example.annotated) : null;
  const text = example.text ?? '';
  // Gold spans carry their text from here on, so drill-down items show it without a copy per call.
  const spans = inUniverse(example.spans ?? [], annotated).map((s) => (s.text === undefined ? { ...s, text: text.slice(s.start, s.end) } : s));
  p = { spans, texts: spans.map((s) => s.text!), annotated };
  preparedSpans.set(example, p);
  return p;
}

const foldedAnnotated = new WeakMap<Example, ReadonlySet<string>>();

function annotatedFolded(example: Example): ReadonlySet<string> | null {
  if (!example.annotated) return null;
  let s = foldedAnnotated.get(example);
  if (!s) foldedAnnotated.set(example, (s = new Set(example.annotated.map(foldLabel))));
  return s;
}

/** The observed model's answer as a prediction, to score the model itself against `truth`. */
function modelAsPrediction(example: Example): Prediction {
  const text = example.text ?? '';
  const p: Prediction = {};
  if (example.spans)
    p.spans = example.spans.map((s): OutputSpan => ({ ...s, text: s.text ?? text.slice(s.start, s.end), rule_id: 'observed' }));
  if (example.label !== undefined) p.label = example.label;
  if (example.output !== undefined) p.output = example.output;
  return p;
}

/**
 * Compiles the scoring of a task: the matching mode (`options.mode` overrides the task's), the
 * matchers of every label or field (validated now, so a bad config fails before any scoring),
 * and the context matchers may use. Throws LLM_NOT_CONFIGURED when an `llm_rubric` is in use
 * without a judge.
 */
export function compileScorer(task: Task, options: ScorerOptions = {}): Scorer {
  const registry = options.registry ?? defaultRegistry();
  const ctx: MatcherContext = {};
  if (options.judge) ctx.judge = options.judge;
  if (options.embedder) ctx.embedder = options.embedder;
  if (options.verdicts) ctx.verdicts = options.verdicts;
  if (options.patterns) ctx.patterns = options.patterns;
  // Matchers' patterns run under the rules' per-call budget.
  ctx.budgetMs = task.matching.rule_budget_ms;
  const outcomes = options.outcomes ?? true;
  const mode = options.mode ?? task.matching.mode;
  const configured = task.matching.matchers;
  const bound = new Map<string, BoundMatcher>();
  const def = registry.resolve(task.matching.default_matcher, 'task.matching.default_matcher');
  const named = (name: string): BoundMatcher | undefined => {
    if (!Object.hasOwn(configured, name)) return undefined;
    let m = bound.get(name);
    if (!m) bound.set(name, (m = registry.resolve(configured[name], `task.matching.matchers.${name}`)));
    return m;
  };
  // Bound per field, so a user's default matcher that throws names the field it was comparing.
  const defaults = new Map<string, BoundMatcher>();
  const defaultFor = (field: string): BoundMatcher => {
    let m = defaults.get(field);
    if (!m) defaults.set(field, (m = registry.resolve(task.matching.default_matcher, `task.matching.default_matcher (for "${field}")`)));
    return m;
  };
  const usesMatchers = task.type === 'transformation' || (isSpanTask(task.type) && mode === 'text');
  let needsAsync = false;
  let screensPatterns = false;
  if (usesMatchers) {
    for (const m of [def, ...Object.keys(configured).map((k) => named(k)!)]) {
      m.check(ctx);
      needsAsync ||= m.needsAsync(ctx);
      screensPatterns ||= m.screensPatterns;
    }
  }
  const spanCfg: SpanConfig = {
    mode,
    iouThreshold: task.matching.iou_threshold,
    plainText: def.isPlainExact && Object.keys(configured).every((k) => named(k)!.isPlainExact),
    matcherFor: (label) => named(label) ?? defaultFor(label),
    ctx,
    outcomes,
  };
  const spanCountCfg: SpanConfig = { ...spanCfg, outcomes: false, errorKinds: false };
  const keyMode = isSpanTask(task.type) && (mode === 'exact' || (mode === 'text' && spanCfg.plainText)) ? mode : null;
  const classCfg: ClassConfig = { byFold: new Map((task.labels ?? []).map((l) => [foldLabel(l), l.trim()])), outcomes };
  const fieldCfg: FieldConfig = { matcherFor: (path, top) => named(path) ?? named(top) ?? defaultFor(path), ctx, outcomes };

  const scoreAnswer = (example: Example, prediction: Prediction | null | undefined, cfg = spanCfg): ExampleScore => {
    if (isSpanTask(task.type)) {
      const gold = prepareSpans(example);
      const all = prediction?.spans ?? [];
      const s = scoreSpans(cfg, example.id, gold, inUniverse(all, gold.annotated));
      s.covered = all.length > 0;
      return s;
    }
    if (task.type === 'classification')
      return scoreClassification(classCfg, example.id, example.label, prediction?.label, prediction?.rule_id, annotatedFolded(example));
    return scoreTransformation(
      fieldCfg,
      example.id,
      example.output,
      prediction?.output,
      prediction?.output_rules,
      example.annotated ? new Set(example.annotated) : null,
    );
  };

  return {
    task,
    mode,
    needsAsync,
    screensPatterns,
    ctx,
    score(example, prediction) {
      const s = scoreAnswer(example, prediction);
      if (example.source !== 'observed') return s;
      const observed: NonNullable<ExampleScore['observed']> = { agreement_exact: s.exact };
      const truth = example.truth;
      if (truth) {
        const asGold: Example = { id: example.id, split: example.split, source: 'gold' };
        if (example.text !== undefined) asGold.text = example.text;
        if (example.input !== undefined) asGold.input = example.input;
        if (example.annotated !== undefined) asGold.annotated = example.annotated;
        if (truth.spans !== undefined) asGold.spans = truth.spans;
        if (truth.label !== undefined) asGold.label = truth.label;
        if (truth.output !== undefined) asGold.output = truth.output;
        const rules = scoreAnswer(asGold, prediction);
        const model = scoreAnswer(asGold, modelAsPrediction(example));
        observed.truth = { counts: rules.counts, exact: rules.exact };
        observed.model_truth = { counts: model.counts, exact: model.exact };
      }
      s.observed = observed;
      return s;
    },
    counts(example, prediction) {
      return scoreAnswer(example, prediction, spanCountCfg).counts;
    },
    spanKeys(example) {
      if (keyMode === null) return null;
      const gold = prepareSpans(example);
      return spanKeys(gold, gold.annotated, keyMode);
    },
  };
}

const compiled = new WeakMap<Task, WeakMap<object, Scorer>>();
const NO_CONTEXT = {};

/**
 * Scores one prediction against one example under the task's matching mode and matchers.
 * Compiles (and caches, per task and context object) a scorer; loops that score many examples
 * may call `compileScorer` once themselves.
 */
export function scoreExample(task: Task, example: Example, prediction: Prediction | null | undefined, ctx?: ScoreContext): ExampleScore {
  let byCtx = compiled.get(task);
  if (!byCtx) compiled.set(task, (byCtx = new WeakMap()));
  const key = ctx ?? NO_CONTEXT;
  let scorer = byCtx.get(key);
  if (!scorer) byCtx.set(key, (scorer = compileScorer(task, ctx)));
  return scorer.score(example, prediction);
}

/** Scores every example against the prediction at the same index (a missing prediction is no output). */
export function scoreAll(scorer: Scorer, examples: readonly Example[], predictions: readonly (Prediction | null | undefined)[]): ExampleScore[] {
  return examples.map((e, i) => scorer.score(e, predictions[i]));
}

/**
 * The ReDoS screen's pass over the patterns scoring would run (a `regex` matcher's own pattern,
 * gold values used as patterns): a collecting pass over every example records them without running
 * any, `screen` screens each once, and `options.patterns` then holds the verdicts for every scorer
 * compiled with it. Nothing to do (and no pass) when no matcher in use runs patterns.
 */
export async function screenScorerPatterns(
  task: Task,
  examples: readonly Example[],
  predictions: readonly (Prediction | null | undefined)[],
  options: ScorerOptions & { patterns: PatternScreen },
  screen: ScreenPattern = screenPattern,
): Promise<number> {
  // Asynchronous matchers' pairs are deferred into a cache of its own, never resolved here.
  const quiet = compileScorer(task, { ...options, verdicts: new VerdictCache(), outcomes: false });
  if (!quiet.screensPatterns) return 0;
  quiet.ctx.verdicts!.collecting = true;
  options.patterns.collecting = true;
  try {
    for (let i = 0; i < examples.length; i++) quiet.counts(examples[i]!, predictions[i]);
  } finally {
    options.patterns.collecting = false;
  }
  return options.patterns.resolve(screen);
}

/**
 * Like `scoreAll`, but first resolves the verdicts of asynchronous matchers (LLM rubric, remote
 * embedders) into the scorer's verdict cache, so the synchronous pass finds them.
 */
export async function scoreAllAsync(
  task: Task,
  examples: readonly Example[],
  predictions: readonly (Prediction | null | undefined)[],
  options: ScorerOptions & { concurrency?: number } = {},
): Promise<{ scores: ExampleScore[]; scorer: Scorer }> {
  const verdicts = options.verdicts ?? new VerdictCache();
  const scorer = compileScorer(task, { ...options, verdicts });
  if (scorer.needsAsync) {
    const quiet = compileScorer(task, { ...options, verdicts, outcomes: false });
    await prefetchVerdicts(verdicts, () => void scoreAll(quiet, examples, predictions), { concurrency: options.concurrency ?? 4 });
  }
  return { scores: scoreAll(scorer, examples, predictions), scorer };
}
