import { performance } from 'node:perf_hooks';
import { orderRules } from '../core/engine/order.js';
import { compileScorer } from '../core/eval/scorer.js';
import { RuleMetricsAccumulator, type RuleMetricsResult } from '../core/metrics/rule-metrics.js';
import type { Counts } from '../core/ratio.js';
import type { Rule } from '../core/schemas/rule.js';
import type { RecordedExecutionIssue, RunOf } from '../core/schemas/run.js';
import type { RuleMetrics } from '../core/schemas/rule-metrics.js';
import { activeRulesHash, ruleHash } from '../store/fingerprint.js';
import type { DatasetContext } from './dataset-context.js';
import { type MeasuredRunView, type MeasureRequest, measureNotes, measureRunConfig } from './measuring.js';
import { runPipeline } from './pipeline.js';
import type { BatchedPipelineResult } from './pipeline-batches.js';
import { type BatchSize, PIPELINE_BATCH_SIZE } from './pipeline-request.js';
import { round } from './round.js';
import { issueView, MAX_RECORDED_ISSUES } from './runs.js';
import { shellWord } from '../core/shell-word.js';

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
const noDevNote = (dataset: string): string =>
  `no dev split: validated precision and support were not stamped (they come from dev only); make one with \`rulewright split --dev 0.2 --dataset ${shellWord(dataset)}\``;

const stampOf = (r: RuleMetrics) => ({ id: r.id, validated_precision: r.support > 0 ? r.precision : null, validated_support: r.support });

/** The stamps of the measured rules whose validated precision or support they change. */
function changedStamps(rules: readonly Rule[], measured: readonly RuleMetrics[]): ReturnType<typeof stampOf>[] {
  const byId = new Map(rules.map((r) => [r.id, r]));
  return measured.map(stampOf).filter((s) => {
    const r = byId.get(s.id);
    return r !== undefined && (r.validated_precision !== s.validated_precision || r.validated_support !== s.validated_support);
  });
}

/** Per-rule metrics counted over a split: the batched run they were counted in, and what to know about it. */
export interface CountedRuleMetrics {
  run: BatchedPipelineResult;
  notes: string[];
  result: RuleMetricsResult;
}

/**
 * Every active rule (or each of `rules`) alone and in the ensemble, on the split (default: dev,
 * else all), counted batch by batch through the pipeline, so memory does not grow with the
 * split. Nothing is stamped or recorded.
 */
async function countRuleMetrics(ctx: DatasetContext, req: MeasureRequest & { rules?: readonly Rule[] }, size: BatchSize = PIPELINE_BATCH_SIZE): Promise<CountedRuleMetrics> {
  let counted: RuleMetricsAccumulator | undefined;
  const run = await runPipeline(ctx, {
    split: req.split,
    purpose: 'measure',
    rules: req.rules,
    outcomes: false,
    context: req.context,
    onProgress: req.onProgress,
    batches: {
      size,
      sink: ({ setup, compiled, scorer, patterns }) => {
        const sampleScorer = compileScorer(setup.task, {
          ...req.context,
          registry: ctx.matchers?.registry,
          ...(scorer.ctx.verdicts ? { verdicts: scorer.ctx.verdicts } : {}),
          patterns,
          mode: scorer.mode,
          outcomes: true,
        });
        return (counted = new RuleMetricsAccumulator(compiled, { sampleScorer, z: setup.task.matching.wilson_z }));
      },
    },
  });
  return { run, notes: measureNotes(run), result: counted!.finish() };
}

/**
 * `metrics`: every active rule alone and in the ensemble, on dev when there is one (else all
 * examples). Measured on dev, and only then, the rules' validated precision and support are
 * stamped on them (a measurement, not a new version); when that changes
 * the execution order, the order-dependent figures (marginals, conflicts) are measured again
 * under the new order. The metrics are cached per rule with the dataset and ruleset hashes they
 * were computed for (see `getStoredMetrics`), and the run is recorded. The examples are counted
 * `size` at a time (see countRuleMetrics).
 */
export async function recordRuleMetrics(ctx: DatasetContext, req: MeasureRequest = {}, size: BatchSize = PIPELINE_BATCH_SIZE): Promise<MetricsResult> {
  const t0 = performance.now();
  const { m, stamps, notes } = await countAndStamp(ctx, req, size);
  const elapsed = round(performance.now() - t0);
  const issues = m.run.issues.map(issueView);
  const { run, rulesetH } = storeMetricsRun(ctx, m, { stamps, notes, issues, elapsed });
  return {
    dataset: ctx.dataset.name,
    split: m.run.split.label,
    n: m.run.n,
    mode: m.run.scorer.mode,
    counts: m.result.counts,
    f1: m.result.f1,
    rules: m.result.rules,
    stamped: stamps.length,
    notes,
    issues,
    dataset_hash: m.run.dataset_hash,
    ruleset_hash: rulesetH,
    run_id: run.id,
    elapsed_ms: elapsed,
  };
}

type Stamp = ReturnType<typeof stampOf>;

/**
 * Counts the rules' metrics and, on dev only, the validated precision and support they change.
 * The stamps are not stored here: they go in the transaction that records the run.
 */
async function countAndStamp(ctx: DatasetContext, req: MeasureRequest, size: BatchSize): Promise<{ m: CountedRuleMetrics; stamps: Stamp[]; notes: string[] }> {
  const { store, dataset: d } = ctx;
  let m = await countRuleMetrics(ctx, req, size);
  const notes = [...m.notes];
  const devCount = store.examples.count(d.id, { split: 'dev' });
  const label = m.run.split.label;
  // Only dev: stamping from "all" (test included) would let test decide the execution order, and
  // eval would then move after a metrics run with no rule edited.
  const stampable = label === 'dev';
  const stamps = stampable ? changedStamps(m.run.rules, m.result.rules) : [];
  const stamped = stamps.length;
  if (stamped) {
    notes.push(`validated precision and support stamped on ${stamped} rule${stamped === 1 ? '' : 's'} from dev`);
    const byStamp = new Map(stamps.map((s) => [s.id, s]));
    const restamped = m.run.rules.map((r) => ({ ...r, ...byStamp.get(r.id) }));
    const order = (rules: readonly Rule[]) => orderRules(rules, m.run.task.matching.wilson_z).map((r) => r.id).join('\n');
    if (order(restamped) !== order(m.run.rules)) {
      // The Wilson bounds move the execution order: conflicts and marginals depend on it.
      m = await countRuleMetrics(ctx, { ...req, split: label, rules: restamped }, size);
      notes.push('the stamped precision changed the execution order: the ensemble figures are measured under the new order');
    }
  } else if (!stampable && devCount > 0) notes.push(`measured on ${label}, not dev: validated precision and support were not stamped`);
  else if (!stampable) notes.push(noDevNote(d.name));
  return { m, stamps, notes };
}

/**
 * Stamps the rules, caches their metrics and records the run, in one transaction: a metrics run
 * killed half-way leaves none of them, so no stamped precision lacks the run that measured it.
 */
function storeMetricsRun(
  ctx: DatasetContext,
  m: CountedRuleMetrics,
  said: { stamps: readonly Stamp[]; notes: string[]; issues: RecordedExecutionIssue[]; elapsed: number },
): { run: RunOf<'metrics'>; rulesetH: string } {
  const { store, dataset: d, matchers: loaded } = ctx;
  const { result } = m;
  const label = m.run.split.label;
  const datasetH = m.run.dataset_hash;
  return store.transaction(() => {
    store.rules.stampValidated(d.id, [...said.stamps]);
    const rules = store.rules.list(d.id, { status: 'active' });
    const byId = new Map(rules.map((r) => [r.id, r]));
    const rulesetH = activeRulesHash(rules);
    store.ruleMetrics.clear(d.id, label);
    store.ruleMetrics.upsertMany(
      d.id,
      result.rules.map((r) => ({
        rule_id: r.id,
        split: label,
        rule_hash: ruleHash(byId.get(r.id) ?? m.run.rules.find((x) => x.id === r.id)!),
        dataset_hash: datasetH,
        ruleset_hash: rulesetH,
        metrics: r as unknown as Record<string, unknown>,
      })),
    );
    const run = store.runs.insert(d.id, {
      kind: 'metrics',
      dataset_hash: datasetH,
      ruleset_hash: rulesetH,
      config: measureRunConfig(m.run, m.run.scorer.mode, loaded?.module ?? null),
      result: {
        n: m.run.n,
        f1: result.f1,
        counts: result.counts,
        stamped: said.stamps.length,
        notes: said.notes,
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
        issues: said.issues.slice(0, MAX_RECORDED_ISSUES),
        issue_count: said.issues.length,
      },
      elapsed_ms: said.elapsed,
    });
    return { run, rulesetH };
  });
}
