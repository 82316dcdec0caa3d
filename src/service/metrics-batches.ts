/**
 * `metrics` over a split of any size: the examples are read, run and scored in batches, and only
 * counts (and a bounded number of samples per rule) are kept between batches, so memory follows
 * the batch size, not the split. The figures equal those of one run over all the examples (see
 * RuleMetricsAccumulator): the batches are in example order and every figure is a sum or the
 * first samples in that order.
 */
import { compileScorer, scoreAll, type Scorer } from '../core/eval/scorer.js';
import { prefetchVerdicts, VerdictCache } from '../core/matchers/verdict-cache.js';
import { RuleMetricsAccumulator, type RuleMetricsResult } from '../core/metrics/rule-metrics.js';
import type { ExecutionIssue, RuleOutputs } from '../core/engine/executor.js';
import { textOf } from '../core/engine/predict.js';
import { resolveDocument } from '../core/engine/resolve.js';
import type { Example } from '../core/schemas/example.js';
import type { Prediction } from '../core/schemas/prediction.js';
import type { Rule } from '../core/schemas/rule.js';
import type { DatasetContext } from './dataset-context.js';
import {
  executeBatch,
  issueNotes,
  loadSetup,
  matcherIssueNotes,
  matcherIssues,
  type MatcherIssueRecord,
  type PipelineSetup,
  pipelineScorer,
  prepareInputs,
} from './pipeline.js';
import type { MeasureRequest } from './measure-request.js';
import { type ExecPart, ExecWorker } from './metrics-exec.js';

/**
 * Examples per batch, and stored characters (long documents make smaller batches): large enough
 * that per-batch set-up is noise, small enough that a batch holds a few tens of MB.
 */
export const METRICS_BATCH_SIZE = { rows: 20_000, chars: 8_000_000 };

export type BatchSize = {
  rows: number;
  chars?: number;
  /** Examples from which a worker thread runs part of every batch (default PARALLEL_MIN_EXAMPLES; see metrics-exec.ts). */
  parallelFrom?: number;
};

/** One `metrics` measurement: what was measured, what went wrong, and the figures. */
export interface BatchedMetrics {
  setup: PipelineSetup;
  /** Examples measured. */
  n: number;
  /** The quiet scorer the figures were counted with (its mode is the matching mode). */
  scorer: Scorer;
  /** Rules that do not compile, then timeouts and failures in document order (global indices). */
  issues: ExecutionIssue[];
  matcher_issues: MatcherIssueRecord[];
  notes: string[];
  result: RuleMetricsResult;
}

/**
 * Measures the active rules (or `rules`, all active) on the split (default: dev, else all) batch by batch. Matchers that
 * run patterns have them screened first, in a pass over every batch's ensemble output (so the same
 * patterns are screened as when everything is scored at once); asynchronous matchers have their
 * verdicts fetched batch by batch, before the batch is counted.
 */
export async function measureMetrics(ctx: DatasetContext, req: MeasureRequest & { rules?: readonly Rule[] }, batchSize: BatchSize = METRICS_BATCH_SIZE): Promise<BatchedMetrics> {
  const { store } = ctx;
  const registry = ctx.matchers?.registry;
  const setup = loadSetup(store, { dataset: ctx.dataset.name, split: req.split, purpose: 'measure', ...(req.rules ? { rules: req.rules } : {}) });
  const { task } = setup;
  const filter = setup.split.split ? { split: setup.split.split } : {};
  const total = store.examples.count(setup.dataset.id, filter);
  const { scorer, patterns } = pipelineScorer(task, { outcomes: false, registry, context: req.context });
  const sampleScorer = compileScorer(task, {
    ...req.context,
    registry,
    ...(scorer.ctx.verdicts ? { verdicts: scorer.ctx.verdicts } : {}),
    patterns,
    mode: scorer.mode,
    outcomes: true,
  });
  const { compiled, invalid } = prepareInputs(task, setup.rules);
  const acc = new RuleMetricsAccumulator(compiled, { sampleScorer, z: task.matching.wilson_z });
  const batches = (): Generator<Example[]> => store.examples.batches(setup.dataset.id, filter, batchSize);
  const run = (examples: readonly Example[], offset: number, onProgress?: (done: number, total: number) => void) =>
    executeBatch(task, compiled, examples, { docOffset: offset, ...(onProgress ? { onProgress } : {}) });

  // The screen's collecting pass, as `screenScorerPatterns` makes it over all examples at once: the
  // rules run twice then, but the same patterns are screened (and refused) as without batches.
  const collector = compileScorer(task, {
    ...req.context,
    registry,
    patterns,
    verdicts: new VerdictCache(),
    outcomes: false,
  });
  if (collector.screensPatterns) {
    collector.ctx.verdicts!.collecting = true;
    patterns.collecting = true;
    try {
      let offset = 0;
      for (const examples of batches()) {
        const { predictions } = run(examples, offset);
        for (let i = 0; i < examples.length; i++) collector.counts(examples[i]!, predictions[i]);
        offset += examples.length;
      }
    } finally {
      patterns.collecting = false;
    }
    await patterns.resolve();
  }

  const tell = req.onProgress;
  const classification = task.type === 'classification';
  const issues: ExecutionIssue[] = [...invalid];
  const matcher_issues: MatcherIssueRecord[] = [];
  const count = (examples: readonly Example[], outputs: RuleOutputs, predictions: () => readonly (Prediction | null)[], base: number) => {
    issues.push(...outputs.issues);
    // Class labels are compared without matchers, so classification scores carry no matcher issues.
    if (!classification) matcher_issues.push(...matcherIssues(scoreAll(scorer, examples, predictions()), base));
    acc.add({ outputs, examples, scorer });
  };
  let offset = 0;
  const worker = scorer.needsAsync ? null : ExecWorker.open(task, compiled, total, batchSize.parallelFrom);
  if (worker) {
    try {
      offset = await countInParallel(worker, batches(), {
        own: (examples, base) => run(examples, base),
        send: (examples, base) => worker.run(examples.map((e) => textOf(task, e)), examples.map((e) => e.id), examples.map((e) => e.meta), base),
        count,
        ...(tell ? { onCounted: (done: number) => tell({ phase: 'execute', done, total }) } : {}),
      });
    } finally {
      await worker.close();
    }
  } else
    for (const examples of batches()) {
      const base = offset;
      const exec = run(examples, base, tell && ((done) => tell({ phase: 'execute', done: Math.min(total, base + done), total })));
      const batch = { outputs: exec.outputs, examples, scorer };
      const verdicts = scorer.ctx.verdicts;
      if (scorer.needsAsync && verdicts) {
        await prefetchVerdicts(verdicts, () => void scoreAll(scorer, examples, exec.predictions), { concurrency: 4 });
        await prefetchVerdicts(verdicts, () => acc.dryRun(batch));
      }
      count(examples, exec.outputs, () => exec.predictions, base);
      offset += examples.length;
    }
  // Scoring and comparing happen batch by batch with execution: they end with it.
  if (tell) for (const phase of ['execute', 'score', 'compare'] as const) tell({ phase, done: offset, total: offset });

  const notes = [...(setup.split.note ? [setup.split.note] : []), ...issueNotes(issues), ...matcherIssueNotes(matcher_issues)];
  if (setup.split.label === 'train') notes.push('measured on train, the data rules are learned from: these figures flatter the rules; use dev to judge them');
  if (!setup.rules.length) notes.push('the ruleset is empty: add rules with `rulewright rules add` or `rulewright rules import FILE`');
  return { setup, n: offset, scorer, issues, matcher_issues, notes, result: acc.finish() };
}

interface ParallelSteps {
  /** Runs documents on this thread. */
  own(examples: readonly Example[], base: number): { outputs: RuleOutputs; predictions: readonly (Prediction | null)[]; execute_ms: number };
  /** Sends documents to the worker. */
  send(examples: readonly Example[], base: number): ExecPart;
  count(examples: readonly Example[], outputs: RuleOutputs, predictions: () => readonly (Prediction | null)[], base: number): void;
  onCounted?: (done: number) => void;
}

/**
 * Every batch split in two: the worker runs the first part while this thread runs the second,
 * then counts the previous batch and reads the next one, so both cores stay busy. The parts are
 * counted in document order. The share sent to the worker follows the last batch's timings, so
 * both threads take about as long (this one also reads and counts). Returns the documents counted.
 */
async function countInParallel(worker: ExecWorker, batches: Iterable<Example[]>, steps: ParallelSteps): Promise<number> {
  let share = 0.6;
  let offset = 0;
  let pending: { examples: Example[]; base: number; sent: number; part: ExecPart | null; own: ReturnType<ParallelSteps['own']> } | null = null;
  let cycleStart = performance.now();
  let waited = 0;
  // A worker that stopped (crashed, or ran out of memory) costs only the second core: its part is
  // run again here, and nothing more is sent to it. An error in the rules themselves recurs here.
  let failed = false;
  const settle = async (p: NonNullable<typeof pending>) => {
    const t = performance.now();
    const first = p.examples.slice(0, p.sent);
    let outputs: RuleOutputs | null = null;
    if (p.part && !failed) outputs = await p.part.outputs.catch(() => ((failed = true), null));
    waited = performance.now() - t;
    if (p.sent > 0 && outputs) {
      const o = outputs;
      steps.count(first, o, () => first.map((_, d) => resolveDocument(o, d)), p.base);
    } else if (p.sent > 0) {
      const again = steps.own(first, p.base);
      steps.count(first, again.outputs, () => again.predictions, p.base);
    }
    if (p.sent < p.examples.length) steps.count(p.examples.slice(p.sent), p.own.outputs, () => p.own.predictions, p.base + p.sent);
    steps.onCounted?.(p.base + p.examples.length);
    // Per document: the worker's time and this thread's; besides running rules this thread spent the rest of the cycle.
    const n = p.examples.length;
    const mine = n - p.sent;
    if (outputs && p.sent > 0 && mine > 0) {
      const rw = outputs.elapsedMs / p.sent;
      const rm = p.own.execute_ms / mine;
      const other = Math.max(0, performance.now() - cycleStart - waited - p.own.execute_ms);
      share = Math.min(0.95, Math.max(0.05, (other + rm * n) / ((rw + rm) * n)));
    }
  };
  for (const examples of batches) {
    const base = offset;
    const sent = examples.length > 1 && !failed ? Math.round(examples.length * share) : 0;
    const part = sent > 0 ? steps.send(examples.slice(0, sent), base) : null;
    if (pending) await settle(pending);
    cycleStart = performance.now();
    pending = { examples, base, sent, part, own: steps.own(examples.slice(sent), base + sent) };
    offset += examples.length;
  }
  if (pending) await settle(pending);
  return offset;
}
