/**
 * The pipeline over a split of any size (`runPipeline` with `batches`): the examples are read,
 * run and scored in batches, and each batch goes to the caller's sink, so memory follows the
 * batch size, not the split. A sink that sums (RuleMetricsAccumulator) gives the figures of one
 * run over all the examples: the batches are in example order.
 */
import { performance } from 'node:perf_hooks';
import type { ExecutionIssue, RuleOutputs } from '../core/engine/executor.js';
import { textOf } from '../core/engine/predict.js';
import { resolveDocument } from '../core/engine/resolve.js';
import { compileScorer, scoreAll, type Scorer } from '../core/eval/scorer.js';
import { prefetchVerdicts, VerdictCache } from '../core/matchers/verdict-cache.js';
import type { Example } from '../core/schemas/example.js';
import type { Prediction } from '../core/schemas/prediction.js';
import type { DatasetContext } from './dataset-context.js';
import { matcherIssues, type MatcherIssueRecord } from './pipeline-issues.js';
import { type BatchOptions, PIPELINE_BATCH_SIZE, type PipelineRequest } from './pipeline-request.js';
import { loadSetup, type PipelineSetup } from './pipeline-setup.js';
import { compileRuleset, executeBatch, pipelineScorer } from './pipeline-stages.js';
import { type ExecPart, ExecWorker } from './pipeline-worker.js';
import { round } from './round.js';

/** A batched run: what was run, on how many examples, with what scorer, and what went wrong. */
export interface BatchedPipelineResult extends PipelineSetup {
  /** Examples run. */
  n: number;
  /** The scorer every batch was scored with (its mode is the matching mode). */
  scorer: Scorer;
  /** Rules that do not compile, then timeouts and failures in document order (global indices). */
  issues: ExecutionIssue[];
  matcher_issues: MatcherIssueRecord[];
  elapsed_ms: number;
}

/**
 * Runs the rules on the split batch by batch, handing every batch to `req.batches.sink`. Matchers
 * that run patterns have them screened first, in a pass over every batch's ensemble output (so
 * the same patterns are screened as when everything is scored at once); asynchronous matchers have
 * their verdicts fetched batch by batch, before the batch is added. On a large split a worker
 * thread runs part of every batch (see pipeline-worker.ts).
 */
export async function runBatches(ctx: DatasetContext, req: PipelineRequest & { batches: BatchOptions }): Promise<BatchedPipelineResult> {
  const t0 = performance.now();
  const { store } = ctx;
  const size = req.batches.size ?? PIPELINE_BATCH_SIZE;
  const registry = req.registry ?? ctx.matchers?.registry;
  const setup = loadSetup(ctx, req);
  const { task } = setup;
  const filter = setup.split.split ? { split: setup.split.split } : {};
  const total = store.examples.count(setup.dataset.id, filter);
  const { scorer, patterns } = pipelineScorer(task, { outcomes: req.outcomes, registry, context: req.context, mode: req.mode });
  const { compiled, invalid } = compileRuleset(task, setup.rules, { allStatuses: setup.allStatuses });
  const sink = req.batches.sink({ setup, compiled, scorer, patterns });
  const batches = (): Generator<Example[]> => store.examples.batches(setup.dataset.id, filter, size);
  const budget = req.ruleBudgetMs !== undefined ? { ruleBudgetMs: req.ruleBudgetMs } : {};
  const run = (examples: readonly Example[], offset: number, onProgress?: (done: number, total: number) => void) =>
    executeBatch(task, compiled, examples, { ...budget, docOffset: offset, ...(onProgress ? { onProgress } : {}) });

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
  const add = (examples: readonly Example[], outputs: RuleOutputs, predictions: () => readonly (Prediction | null)[], base: number) => {
    issues.push(...outputs.issues);
    // Class labels are compared without matchers, so classification scores carry no matcher issues.
    if (!classification) matcher_issues.push(...matcherIssues(scoreAll(scorer, examples, predictions()), base));
    sink.add({ outputs, examples, scorer });
  };
  let offset = 0;
  // The worker runs under the budget the request sets, as this thread does.
  const workerTask = req.ruleBudgetMs === undefined ? task : { ...task, matching: { ...task.matching, rule_budget_ms: req.ruleBudgetMs } };
  const worker = scorer.needsAsync ? null : ExecWorker.open(workerTask, compiled, total, size.parallelFrom);
  if (worker) {
    try {
      offset = await addInParallel(worker, batches(), {
        own: (examples, base) => run(examples, base),
        send: (examples, base) => worker.run(examples.map((e) => textOf(task, e)), examples.map((e) => e.id), examples.map((e) => e.meta), base),
        add,
        ...(tell ? { onAdded: (done: number) => tell({ phase: 'execute', done, total }) } : {}),
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
        if (sink.dryRun) await prefetchVerdicts(verdicts, () => sink.dryRun!(batch));
      }
      add(examples, exec.outputs, () => exec.predictions, base);
      offset += examples.length;
    }
  // Scoring and comparing happen batch by batch with execution: they end with it.
  if (tell) for (const phase of ['execute', 'score', 'compare'] as const) tell({ phase, done: offset, total: offset });
  return { ...setup, n: offset, scorer, issues, matcher_issues, elapsed_ms: round(performance.now() - t0) };
}

interface ParallelSteps {
  /** Runs documents on this thread. */
  own(examples: readonly Example[], base: number): { outputs: RuleOutputs; predictions: readonly (Prediction | null)[]; execute_ms: number };
  /** Sends documents to the worker. */
  send(examples: readonly Example[], base: number): ExecPart;
  add(examples: readonly Example[], outputs: RuleOutputs, predictions: () => readonly (Prediction | null)[], base: number): void;
  onAdded?: (done: number) => void;
}

/**
 * Every batch split in two: the worker runs the first part while this thread runs the second,
 * then adds the previous batch to the sink and reads the next one, so both cores stay busy. The
 * parts are added in document order. The share sent to the worker follows the last batch's timings, so
 * both threads take about as long (this one also reads and counts). Returns the documents added.
 */
async function addInParallel(worker: ExecWorker, batches: Iterable<Example[]>, steps: ParallelSteps): Promise<number> {
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
      steps.add(first, o, () => first.map((_, d) => resolveDocument(o, d)), p.base);
    } else if (p.sent > 0) {
      const again = steps.own(first, p.base);
      steps.add(first, again.outputs, () => again.predictions, p.base);
    }
    if (p.sent < p.examples.length) steps.add(p.examples.slice(p.sent), p.own.outputs, () => p.own.predictions, p.base + p.sent);
    steps.onAdded?.(p.base + p.examples.length);
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
