import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { RulewrightError } from '../core/errors.js';
import type { ScoreContext } from '../core/eval/types.js';
import { computeRuleMetrics } from '../core/metrics/rule-metrics.js';
import { prefixCurve } from '../core/metrics/prefix-curve.js';
import { ratio } from '../core/ratio.js';
import type { Split } from '../core/schemas/example.js';
import { ruleCard } from '../core/schemas/rule-card.js';
import { textOf } from '../core/engine/predict.js';
import { buildReportHtml } from '../report/build-report.js';
import { uncoveredFrom } from '../report/uncovered-data.js';
import { thinCurve } from '../report/plots/rules-curve.js';
import type { ReportData, ReportRule, ReportRuleCurve } from '../report/types.js';
import { activeRulesHash } from '../store/fingerprint.js';
import type { DatasetContext } from './dataset-context.js';
import { type AnalysisRun, analysisRun } from './analysis-run.js';
import { checkOutputPath, writeOutput } from './output-path.js';
import { runPipeline } from './pipeline.js';
import type { SplitChoice } from './pipeline-setup.js';
import { round } from './round.js';
import { reportDiff } from './report-diff.js';
import { triggerSamples } from './report-samples.js';
import { latestLearning } from './report-learning.js';
import { rulesInRunOrder } from './rules.js';

export interface ReportRequest {
  /**
   * One split for everything. Default: the evaluation uses test, else dev, else all (as `eval`);
   * the per-rule figures use dev, else all (as `metrics` and `rank`).
   */
  split?: SplitChoice;
  /** True and false positives (and misses) shown per rule (default 8). */
  samples?: number;
  /** Judge and embedder for `llm_rubric` / `semantic_similarity`. */
  context?: Omit<ScoreContext, 'registry'>;
  /** The time printed as "generated" (default now; tests pin it). */
  now?: Date;
  /** An earlier eval run (its id, or `last`) to show what changed since (`report --compare`). */
  compare?: string | number;
}

/** `report --json`: where the file went and what is in it. */
export interface ReportResult {
  dataset: string;
  file: string;
  bytes: number;
  /** The evaluation's split (summary and per-class table). */
  split: SplitChoice;
  /** The split the rules were measured on (cards and rule plots). */
  rules_split: SplitChoice;
  n: number;
  f1: number | null;
  macro_f1: number | null;
  rules: number;
  measured: number;
  dead: number;
  harmful: number;
  /** The learn run whose stages are plotted, or null ("no learning run yet"). */
  learn_run_id: number | null;
  /** The eval run the "what changed" section compares with, or null (not asked). */
  compare_run_id: number | null;
  /** False negatives of the evaluation, shown in "what no rule covers". */
  uncovered_fn: number;
  plots: string[];
  notes: string[];
  dataset_hash: string;
  ruleset_hash: string;
  elapsed_ms: number;
}

/** Samples of each kind per rule in the report. */
const REPORT_SAMPLES = 8;

/** At most this many samples in a report unless `samples` is given: 2,000 rules get 2 of each kind. */
const REPORT_SAMPLE_BUDGET = 12_000;

/**
 * Samples of each kind per rule: `asked` when given, else REPORT_SAMPLES cut so that all
 * `rules` together stay within REPORT_SAMPLE_BUDGET (never below 2), so a large ruleset's report
 * stays small.
 */
export function samplesPerKind(asked: number | undefined, rules: number): number {
  if (asked !== undefined) return asked;
  return Math.min(REPORT_SAMPLES, Math.max(2, Math.floor(REPORT_SAMPLE_BUDGET / (3 * Math.max(1, rules)))));
}

let version: string | undefined;

/** rulewright's version, from the package.json above this file (src/ or dist/src/). */
function packageVersion(): string {
  if (version) return version;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++, dir = dirname(dir)) {
    const p = join(dir, 'package.json');
    if (!existsSync(p)) continue;
    const pkg = JSON.parse(readFileSync(p, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'rulewright') return (version = pkg.version ?? '0.0.0');
  }
  return (version = '0.0.0');
}

/** The measured rules' F1 as they are added in execution order, from the same engine run as their metrics. */
function ruleCurve(m: AnalysisRun): ReportRuleCurve | null {
  const points = prefixCurve(m.run).map(({ rules, rule_id, precision, recall, f1 }) => ({ rules, rule_id, precision, recall, f1 }));
  if (points.length < 2) return null;
  return { split: m.pipeline.split.label, rules: points.length - 1, points: thinCurve(points) };
}

/**
 * Everything the report shows, gathered through the shared pipeline: the task-level evaluation
 * (as `eval`), every active rule measured alone and in the ensemble with samples (as `metrics`,
 * without stamping or recording anything), every other rule, and the latest learn run.
 * Read-only: the workspace is not changed.
 */
export async function gatherReportData(ctx: DatasetContext, req: ReportRequest = {}): Promise<ReportData> {
  const { store, dataset: d } = ctx;
  if (req.samples !== undefined && (!Number.isInteger(req.samples) || req.samples < 0))
    throw new RulewrightError('USAGE', `samples must be a whole number ≥ 0, got ${req.samples}`);
  const samples = samplesPerKind(req.samples, store.rules.list(d.id, { status: 'active' }).length);
  const evaluation = await runPipeline(ctx, { purpose: 'eval', split: req.split, context: req.context });
  const texts = evaluation.examples.map((e) => textOf(d.task, e));
  const uncovered = uncoveredFrom(d.task.type, evaluation.report, evaluation.scores, texts);
  const diff =
    req.compare === undefined
      ? null
      : reportDiff(ctx, req.compare, evaluation, new Map(evaluation.examples.map((e, i) => [e.id, texts[i]!])));
  const z = d.task.matching.wilson_z;
  // The curve scores prefixes no other pass does: with an asynchronous matcher their verdicts are fetched first.
  const m = await analysisRun(ctx, { split: req.split, context: req.context }, (x) => prefixCurve(x.run));
  const metrics = computeRuleMetrics(m.run, { sampleScorer: m.sampleScorer, z, perKind: samples });
  const byId = new Map(triggerSamples(m.run.outputs, metrics.rules).map((r) => [r.id, r]));
  const rules: ReportRule[] = rulesInRunOrder(store, d).map((rule) => ({ rule: ruleCard(rule), metrics: byId.get(rule.id) ?? null }));
  const splits: Record<string, number> = {};
  for (const s of ['train', 'dev', 'test'] as Split[]) splits[s] = store.examples.count(d.id, { split: s });
  const c = metrics.counts;
  return {
    version: packageVersion(),
    generated_at: (req.now ?? new Date()).toISOString(),
    dataset: { name: d.name, type: d.task.type, description: d.task.description, labels: d.task.labels ?? [], examples: store.examples.count(d.id), splits },
    evaluation: evaluation.report,
    measurement: {
      split: m.pipeline.split.label,
      n: m.pipeline.examples.length,
      mode: m.run.scorer.mode,
      f1: metrics.f1,
      precision: ratio(c.tp, c.tp + c.fp),
      recall: ratio(c.tp, c.tp + c.fn),
      tp: c.tp,
      fp: c.fp,
      fn: c.fn,
      dataset_hash: m.pipeline.dataset_hash,
      notes: samples < REPORT_SAMPLES && req.samples === undefined
        ? [...m.notes, `${metrics.rules.length} rules: ${samples} samples of each kind per rule keep the report small; pass --samples ${REPORT_SAMPLES} for more`]
        : m.notes,
    },
    wilson_z: z,
    ruleset_hash: activeRulesHash(store.rules.list(d.id, { status: 'active' })),
    rules,
    learning: latestLearning(store, d),
    rule_curve: ruleCurve(m),
    uncovered,
    diff,
  };
}

/**
 * `report --out FILE.html`: gathers the data (see gatherReportData), builds the one
 * self-contained HTML file and writes it (its folder is created). Nothing is recorded.
 */
export async function writeReport(ctx: DatasetContext, req: ReportRequest & { out: string }): Promise<ReportResult> {
  const t0 = performance.now();
  if (!req.out.trim()) throw new RulewrightError('USAGE', 'report needs a file to write: pass --out FILE.html');
  // Refused before the rules run, not after.
  checkOutputPath(ctx, req.out);
  const data = await gatherReportData(ctx, req);
  const html = buildReportHtml(data);
  const file = writeOutput(ctx, req.out, html, { createFolder: true });
  const measured = data.rules.filter((r) => r.metrics);
  const e = data.evaluation;
  return {
    dataset: data.dataset.name,
    file,
    bytes: Buffer.byteLength(html, 'utf8'),
    split: (e.split ?? 'all') as SplitChoice,
    rules_split: data.measurement.split as SplitChoice,
    n: e.n,
    f1: e.micro.f1,
    macro_f1: e.macro_f1,
    rules: data.rules.length,
    measured: measured.length,
    dead: measured.filter((r) => r.metrics!.dead).length,
    harmful: measured.filter((r) => r.metrics!.harmful).length,
    learn_run_id: data.learning?.run_id ?? null,
    compare_run_id: data.diff?.run_id ?? null,
    uncovered_fn: data.uncovered?.fn ?? 0,
    plots: ['precision-support', 'marginal-f1', 'per-class-f1', ...(data.learning?.stages.length ? ['learning-curve'] : []), ...(data.rule_curve ? ['rules-curve'] : [])],
    notes: [...e.notes, ...data.measurement.notes.filter((n) => !e.notes.includes(n)), ...(data.learning ? [] : ['no learning run yet: the report has no learning curve'])],
    dataset_hash: e.dataset_hash,
    ruleset_hash: data.ruleset_hash,
    elapsed_ms: round(performance.now() - t0),
  };
}
