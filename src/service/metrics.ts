import { performance } from 'node:perf_hooks';
import { orderRules } from '../core/engine/order.js';
import { compileScorer, type Scorer } from '../core/eval/scorer.js';
import { prefetchVerdicts } from '../core/matchers/verdict-cache.js';
import type { ScoredRun } from '../core/metrics/scored-run.js';
import type { Counts } from '../core/ratio.js';
import type { Rule } from '../core/schemas/rule.js';
import type { RuleMetrics } from '../core/schemas/rule-metrics.js';
import type { MatchMode, Task } from '../core/schemas/task.js';
import type { MeasureRunConfig, RecordedExecutionIssue } from '../core/schemas/run.js';
import { ruleHash, rulesetHash } from '../store/fingerprint.js';
import type { DatasetContext } from './dataset-context.js';
import type { MatcherModuleInfo } from './matchers-module.js';
import type { MeasureRequest } from './measure-request.js';
import { type BatchSize, METRICS_BATCH_SIZE, measureMetrics } from './metrics-batches.js';
import { issueNotes, matcherIssueNotes, type PipelineResult, round, runPipeline, type SplitChoice } from './pipeline.js';
import { issueView, MAX_RECORDED_ISSUES } from './runs.js';

// Metrics, rank and prune callers name their request from here, beside measure.
export type { MeasureRequest } from './measure-request.js';

/**
 * What `metrics`, `rank` and `prune` results all say besides their own figures: what was measured
 * (dataset, split, size, matching mode), what to know about it, and the run that was recorded.
 */
export interface MeasuredRunView {
  dataset: string;
  split: SplitChoice;
  n: number;
  mode: string;
  notes: string[];
  issues: RecordedExecutionIssue[];
  dataset_hash: string;
  ruleset_hash: string;
  run_id: number;
  elapsed_ms: number;
}

/** One measured run: the pipeline's result and what the pure metrics core works from. */
export interface Measured {
  pipeline: PipelineResult;
  run: ScoredRun;
  /** A scorer that collects outcomes (for samples). */
  sampleScorer: Scorer;
  matchersModule: MatcherModuleInfo | null;
  notes: string[];
}

/**
 * Loads and runs the ruleset once through the shared pipeline (split default: dev, else all), with
 * a quiet scorer for the ranking loops. `compute` is what will score predictions beyond the
 * pipeline's own (solo, leave-one-out): with an asynchronous matcher (LLM judge, remote
 * embedder) it runs first in collecting mode, so every verdict it needs is fetched before the
 * synchronous pass.
 */
export async function measure(ctx: DatasetContext, req: MeasureRequest, compute?: (m: Measured) => unknown): Promise<Measured> {
  const loaded = ctx.matchers;
  const pipeline = await runPipeline(ctx.store, {
    dataset: ctx.dataset.name,
    split: req.split,
    purpose: 'measure',
    outcomes: false,
    registry: loaded?.registry,
    context: req.context,
    onProgress: req.onProgress,
  });
  const scorer = pipeline.scorer;
  const sampleScorer = compileScorer(pipeline.task, {
    ...req.context,
    registry: loaded?.registry,
    ...(scorer.ctx.verdicts ? { verdicts: scorer.ctx.verdicts } : {}),
    ...(scorer.ctx.patterns ? { patterns: scorer.ctx.patterns } : {}),
    mode: scorer.mode,
    outcomes: true,
  });
  const notes = [...(pipeline.split.note ? [pipeline.split.note] : []), ...issueNotes(pipeline.issues), ...matcherIssueNotes(pipeline.matcher_issues)];
  if (pipeline.split.label === 'train')
    notes.push('measured on train, the data rules are learned from: these figures flatter the rules; use dev to judge them');
  if (!pipeline.rules.length) notes.push('the ruleset is empty: add rules with `rulewright rules add` or `rulewright rules import FILE`');
  const m: Measured = {
    pipeline,
    run: { outputs: pipeline.outputs, examples: pipeline.examples, scorer },
    sampleScorer,
    matchersModule: loaded?.module ?? null,
    notes,
  };
  if (compute && scorer.needsAsync && scorer.ctx.verdicts) await prefetchVerdicts(scorer.ctx.verdicts, () => void compute(m));
  return m;
}

/** The config recorded with a metrics, rank or prune run (prune adds its options). */
export function measureConfig(m: Measured): MeasureRunConfig;
export function measureConfig<E extends object>(m: Measured, extra: E): MeasureRunConfig & E;
export function measureConfig(m: Measured, extra: object = {}): MeasureRunConfig {
  return configOf(m.pipeline, m.run.scorer.mode, m.matchersModule, extra);
}

const configOf = (p: { split: { label: SplitChoice }; task: Task }, mode: MatchMode, module: MatcherModuleInfo | null, extra: object = {}): MeasureRunConfig => ({
  split: p.split.label,
  mode,
  matching: { ...p.task.matching, mode },
  matchers_module: module,
  ...extra,
});

/** `metrics --json`: per-rule metrics (the keys scripts read per rule, plus samples and interactions). */
export interface MetricsResult extends MeasuredRunView {
  /** Ensemble counts and micro F1 on the split. */
  counts: Counts;
  f1: number | null;
  rules: RuleMetrics[];
  /** Rules whose validated precision and support were (re)stamped by this run. */
  stamped: number;
}

/** Said when there is no dev split to stamp from; the command it gives works when pasted. */
export const noDevNote = (dataset: string): string =>
  `no dev split: validated precision and support were not stamped (they come from dev only); make one with \`rulewright split --dev 0.2 --dataset ${shellWord(dataset)}\``;

const shellWord = (s: string): string => (/^[\w.@%+=:,/-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

const stampOf = (r: RuleMetrics) => ({ id: r.id, validated_precision: r.support > 0 ? r.precision : null, validated_support: r.support });

/** The stamps of the measured rules whose validated precision or support they change. */
function changedStamps(rules: readonly Rule[], measured: readonly RuleMetrics[]): ReturnType<typeof stampOf>[] {
  const byId = new Map(rules.map((r) => [r.id, r]));
  return measured.map(stampOf).filter((s) => {
    const r = byId.get(s.id);
    return r !== undefined && (r.validated_precision !== s.validated_precision || r.validated_support !== s.validated_support);
  });
}

/**
 * `metrics`: every active rule alone and in the ensemble, on dev when there is one (else all
 * examples). Measured on dev, and only then, the rules' validated precision and support are
 * stamped on them (a measurement, not a new version); when that changes
 * the execution order, the order-dependent figures (marginals, conflicts) are measured again
 * under the new order. The metrics are cached per rule with the dataset and ruleset hashes they
 * were computed for (see `getStoredMetrics`), and the run is recorded. The examples are measured
 * `batchSize` at a time (see metrics-batches.ts), so memory does not grow with the split.
 */
export async function computeMetrics(ctx: DatasetContext, req: MeasureRequest = {}, batchSize: BatchSize = METRICS_BATCH_SIZE): Promise<MetricsResult> {
  const t0 = performance.now();
  const { store, dataset: d, matchers: loaded } = ctx;
  let m = await measureMetrics(ctx, req, batchSize);
  let result = m.result;
  const notes = [...m.notes];

  const devCount = store.examples.count(d.id, { split: 'dev' });
  const label = m.setup.split.label;
  // Only dev: stamping from "all" (test included) would let test decide the execution order, and
  // eval would then move after a metrics run with no rule edited.
  const stampable = label === 'dev';
  // Stamped in the transaction that records the run, never before it: a metrics run killed
  // half-way leaves neither, so no stamped precision lacks the run that measured it.
  const stamps = stampable ? changedStamps(m.setup.rules, result.rules) : [];
  const stamped = stamps.length;
  if (stamped) {
    notes.push(`validated precision and support stamped on ${stamped} rule${stamped === 1 ? '' : 's'} from dev`);
    const byStamp = new Map(stamps.map((s) => [s.id, s]));
    const restamped = m.setup.rules.map((r) => ({ ...r, ...byStamp.get(r.id) }));
    const order = (rules: readonly Rule[]) => orderRules(rules, m.setup.task.matching.wilson_z).map((r) => r.id).join('\n');
    if (order(restamped) !== order(m.setup.rules)) {
      // The Wilson bounds move the execution order: conflicts and marginals depend on it.
      m = await measureMetrics(ctx, { ...req, split: label, rules: restamped }, batchSize);
      result = m.result;
      notes.push('the stamped precision changed the execution order: the ensemble figures are measured under the new order');
    }
  } else if (!stampable && devCount > 0) notes.push(`measured on ${label}, not dev: validated precision and support were not stamped`);
  else if (!stampable) notes.push(noDevNote(d.name));

  const datasetH = m.setup.dataset_hash;
  const elapsed = round(performance.now() - t0);
  const issues = m.issues.map(issueView);
  const { run, rulesetH } = store.transaction(() => {
    store.rules.stampValidated(d.id, stamps);
    const rules = store.rules.list(d.id, { status: 'active' });
    const byId = new Map(rules.map((r) => [r.id, r]));
    const rulesetH = rulesetHash(rules);
    store.ruleMetrics.clear(d.id, label);
    store.ruleMetrics.upsertMany(
      d.id,
      result.rules.map((r) => ({
        rule_id: r.id,
        split: label,
        rule_hash: ruleHash(byId.get(r.id) ?? m.setup.rules.find((x) => x.id === r.id)!),
        dataset_hash: datasetH,
        ruleset_hash: rulesetH,
        metrics: r as unknown as Record<string, unknown>,
      })),
    );
    const run = store.runs.insert(d.id, {
      kind: 'metrics',
      dataset_hash: datasetH,
      ruleset_hash: rulesetH,
      config: configOf(m.setup, m.scorer.mode, loaded?.module ?? null),
      result: {
        n: m.n,
        f1: result.f1,
        counts: result.counts,
        stamped,
        notes,
        rules: result.rules.map((r) => ({
          id: r.id,
          tp: r.tp,
          fp: r.fp,
          fn: r.fn,
          fired: r.fired,
          wilson_lower: r.wilson_lower,
          dead: r.dead,
          harmful: r.harmful,
          marginal_f1: r.marginal_f1,
        })),
        // Timeouts and failures, so the TUI can badge the rules that ran out of time.
        issues: issues.slice(0, MAX_RECORDED_ISSUES),
        issue_count: issues.length,
      },
      elapsed_ms: elapsed,
    });
    return { run, rulesetH };
  });
  return {
    dataset: d.name,
    split: label,
    n: m.n,
    mode: m.scorer.mode,
    counts: result.counts,
    f1: result.f1,
    rules: result.rules,
    stamped,
    notes,
    issues,
    dataset_hash: datasetH,
    ruleset_hash: rulesetH,
    run_id: run.id,
    elapsed_ms: elapsed,
  };
}
