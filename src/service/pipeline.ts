/**
 * The shared evaluation pipeline: THE way to evaluate a ruleset on a dataset split. `eval` uses
 * it, and so do metrics, rank, prune, the report and the terminal UI's views, so every command
 * reports the same numbers for the same rules, data and matching config. It loads what the core
 * evaluator (core/eval/evaluate-ruleset.ts) scores, and reports what it found.
 *
 * ```ts
 * const run = await runPipeline(ctx, { split: 'dev', purpose: 'measure' });
 * run.report;               // the `eval --json` report (the keys scripts read)
 * run.outputs;              // every rule's raw matches, computed once (RuleOutputs)
 * run.scores[i];            // example i's score; run.predictions[i] its resolved prediction
 * run.issues;               // timeouts, failures and rules that do not compile: never dropped
 *
 * // A split of any size: batch by batch into a sink, a worker thread on large splits.
 * await runPipeline(ctx, { batches: { sink: ({ compiled }) => new RuleMetricsAccumulator(compiled) } });
 * ```
 *
 * Stages, for callers that need only part: `loadInputs` (task, split, examples, rules, hashes;
 * pipeline-setup.ts) → `executeInputs` (one engine run: prepareRules + executeRules, then
 * resolveDocument per example; pipeline-stages.ts) → the core's `scorePredictions` (the scorer
 * compiled once: task.matching mode and matchers, user matchers from a registry).
 */
import { performance } from 'node:perf_hooks';
import { buildEvalReport } from '../core/eval/report.js';
import { evaluateRuleset } from '../core/eval/evaluate-ruleset.js';
import type { Scorer } from '../core/eval/scorer.js';
import type { ExampleScore } from '../core/eval/types.js';
import type { EvalReport } from '../core/schemas/eval-report.js';
import type { DatasetContext } from './dataset-context.js';
import { type BatchedPipelineResult, runBatches } from './pipeline-batches.js';
import { issueNotes, matcherIssueNotes, matcherIssues, type MatcherIssueRecord } from './pipeline-issues.js';
import type { BatchOptions, PipelineRequest } from './pipeline-request.js';
import { loadInputs, type PipelineInputs } from './pipeline-setup.js';
import { type Execution, runOptions, scorerOptions } from './pipeline-stages.js';
import { round } from './round.js';

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
 * Evaluates a ruleset on a split of the context's dataset: load, execute once, resolve, score,
 * report. Execution issues are in `issues` and summarized in the report's notes. With `batches`,
 * the examples go batch by batch to the request's sink instead, and nothing is held (see
 * pipeline-batches.ts). The context's matchers score unless the request names a registry.
 */
export function runPipeline(ctx: DatasetContext, req: PipelineRequest & { batches: BatchOptions }): Promise<BatchedPipelineResult>;
export function runPipeline(ctx: DatasetContext, req?: PipelineRequest & { batches?: undefined }): Promise<PipelineResult>;
export function runPipeline(ctx: DatasetContext, req: PipelineRequest = {}): Promise<PipelineResult | BatchedPipelineResult> {
  const registry = req.registry ?? ctx.matchers?.registry;
  const scoring = registry ? { ...req, registry } : req;
  return scoring.batches ? runBatches(ctx, { ...scoring, batches: scoring.batches }) : runHeld(ctx, scoring);
}

/** The pipeline with every example, output and score held, for callers that read them all. */
async function runHeld(ctx: DatasetContext, req: PipelineRequest): Promise<PipelineResult> {
  const t0 = performance.now();
  const inputs = loadInputs(ctx, req);
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
