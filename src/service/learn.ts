import type { LearnRunResult } from '../core/schemas/learn-run.js';
import { rulesPerLabel } from '../core/metrics/rules-per-label.js';
import { IdAllocator } from '../learn/loop/ids.js';
import { runLearning } from '../learn/loop/run-learning.js';
import type { LearnLoopResult } from '../learn/loop/types.js';
import { labelsToLearn } from '../learn/prompts/evidence.js';
import type { DatasetContext } from './dataset-context.js';
import { correctionsAfterLearn } from './learn-corrections.js';
import { pipelineEvaluator } from './learn-evaluator.js';
import { withLearnLock } from './learn-lock.js';
import { insertLearnRun, recordLearnRun, summarizeChanges } from './learn-record.js';
import type { LearnRequest, LearnResult } from './learn-request.js';
import { type LearnSetup, prepareLearning } from './learn-setup.js';

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
  const setup = await prepareLearning(ctx, req);
  const loop = await runLearners(ctx, setup, req, t0);
  const result = await runResult(setup, loop);
  const run = recordLearnRun(ctx, setup, loop, result, t0);
  const { status: _status, proposer: _proposer, model: _model, ...outcome } = result;
  return {
    dataset: ctx.dataset.name,
    run_id: run.id,
    proposer: setup.chosen.proposer.kind,
    model: setup.chosen.proposer.model,
    incremental: !!req.incremental,
    rounds: setup.rounds,
    ...outcome,
    rules_per_label: rulesPerLabel(setup.task.labels ?? [], loop.active.map((r) => r.output.label)),
    dataset_hash: run.dataset_hash,
    ruleset_hash: run.ruleset_hash,
    elapsed_ms: Math.round(performance.now() - t0),
  };
}

/** Runs the learning loop; a run that fails is recorded too, with its LLM calls, so the failure can be inspected. */
async function runLearners(ctx: DatasetContext, setup: LearnSetup, req: LearnRequest, t0: number): Promise<LearnLoopResult> {
  const { store, dataset: d } = ctx;
  const { task, chosen, scoring } = setup;
  try {
    return await runLearning({
      task,
      labels: labelsToLearn(task, setup.train),
      train: setup.train,
      judge: setup.judge,
      judgeSplit: setup.judgeSplit,
      prune: setup.prune,
      active: setup.active,
      corrections: setup.correctionViews,
      feedback: setup.feedbackViews,
      proposer: chosen.proposer,
      rounds: setup.rounds,
      targets: setup.targets,
      ids: new IdAllocator(store.rules.list(d.id).map((r) => r.id)),
      seed: setup.seed,
      meter: () => chosen.recorder.totals(),
      evaluate: pipelineEvaluator(task, scoring, setup.matcherLog),
      scoring,
      ...(req.onEvent ? { onEvent: req.onEvent } : {}),
    });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    store.transaction(() => insertLearnRun(ctx, setup, { status: 'failed' as const, error: message, llm: chosen.recorder.totals(), notes: setup.notes }, setup.active, t0));
    throw e;
  }
}

/** What the loop did, with whether each correction holds now: recorded with the run and returned, in the same order in both. */
async function runResult(setup: LearnSetup, loop: LearnLoopResult): Promise<Extract<LearnRunResult, { status: 'ok' }>> {
  const { task, chosen, scoring, matcherLog, annotated } = setup;
  const rulesSummary = summarizeChanges(loop.changes, loop.active.length);
  const llm = chosen.recorder.totals();
  const correctionsOutcome = await correctionsAfterLearn(task, setup.active, loop.active, setup.corrections, loop.decisions, { ctx: scoring, annotated, log: matcherLog }, loop.correctionRules);
  const correctionNotes = correctionsOutcome.open.map((c) => `correction ${c.id} does not hold: ${c.reason}`);
  const feedbackNotes = loop.feedbackNotApplied.map((f) => `feedback ${f.id} stays open: ${f.reason}`);
  return {
    status: 'ok' as const,
    proposer: chosen.proposer.kind,
    model: chosen.proposer.model,
    rounds_run: loop.roundsRun,
    split: {
      judged_on: setup.judgeSplit,
      train: setup.train.length,
      dev: setup.judgeSplit === 'dev' ? setup.judge.length : 0,
      created: setup.splits.created,
      ...(setup.devTooFew ? { too_few: setup.devTooFew } : {}),
    },
    stages: loop.stages,
    decisions: loop.decisions,
    rules: rulesSummary,
    feedback_applied: loop.feedbackApplied,
    feedback_open: loop.feedbackNotApplied,
    corrections: correctionsOutcome,
    correction_rules: loop.correctionRules,
    llm,
    notes: [...setup.notes, ...loop.notes, ...matcherLog.notes(), ...correctionNotes, ...feedbackNotes],
  };
}
