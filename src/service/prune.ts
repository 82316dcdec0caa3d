import { performance } from 'node:perf_hooks';
import { RulewrightError } from '../core/errors.js';
import { DEFAULT_PRUNE_TOLERANCE, type PruneResult, pruneRules } from '../core/metrics/prune.js';
import type { StatusChange } from '../store/prune-ops.js';
import type { DatasetContext } from './dataset-context.js';
import { type MeasuredRunView, measure, measureConfig, type MeasureRequest } from './metrics.js';
import { round } from './pipeline.js';
import { issueView } from './runs.js';

export interface PruneRequest extends MeasureRequest {
  /** Disable the removed rules (default: a dry run that only shows the plan). */
  apply?: boolean;
  /** Also remove rules that never fire on the split. */
  dead?: boolean;
  /** Also remove exact duplicates (the first in execution order is kept). */
  duplicates?: boolean;
  /** Remove a rule only when F1 rises by more than this (default 0: strictly rises). */
  tolerance?: number;
}

/** `prune --json`: `{f1_before, f1_after, removed, steps}`, the keys scripts read, and more. */
export interface PruneResultView extends MeasuredRunView, PruneResult {
  /** Whether the rules were disabled; `op_id` is what `undo` reverses. */
  applied: boolean;
  op_id: number | null;
  /** The ruleset hash the plan was judged on (before applying). */
  ruleset_hash: string;
}

/**
 * `prune`: greedy, iterative removal of the rule whose removal raises micro F1 most, repeated while
 * the gain exceeds the tolerance, judged on dev when there is one (else all examples, as `notes`
 * says; never silently on train). Optionally dead rules and exact duplicates first. A dry run by
 * default; `apply` disables the removed rules in one transaction with the recorded run and a
 * prune op that `undo` reverses.
 */
export async function prune(ctx: DatasetContext, req: PruneRequest = {}): Promise<PruneResultView> {
  const t0 = performance.now();
  const tolerance = req.tolerance ?? DEFAULT_PRUNE_TOLERANCE;
  if (!Number.isFinite(tolerance) || tolerance < 0)
    throw new RulewrightError('BAD_INPUT', `the tolerance must be a number ≥ 0 (got ${req.tolerance}), e.g. 0.001`);
  const { store, dataset: d } = ctx;
  const options = { tolerance, dead: !!req.dead, duplicates: !!req.duplicates };
  const m = await measure(ctx, req, (x) => pruneRules(x.run, options));
  const tell = req.onProgress;
  const plan = pruneRules(m.run, {
    ...options,
    ...(tell ? { onProgress: (done: number, total: number, step: number) => tell(step ? { phase: 'prune', done, total, step } : { phase: 'score', done, total }) } : {}),
  });
  const p = m.pipeline;
  const notes = [...m.notes];
  if (!plan.removed.length) notes.push('nothing to prune: removing any rule would not raise F1' + (tolerance > 0 ? ` by more than ${tolerance}` : ''));
  // The command to apply it is the caller's to give: only it knows the options that produced the plan.
  else if (!req.apply) notes.push(`dry run: applying disables ${plan.removed.length} rule${plan.removed.length === 1 ? '' : 's'}; undo restores them`);
  const elapsed = round(performance.now() - t0);
  const config = measureConfig(m, { ...options, apply: !!req.apply });

  const result = store.transaction(() => {
    const run = store.runs.insert(d.id, {
      kind: 'prune',
      dataset_hash: p.dataset_hash,
      ruleset_hash: p.ruleset_hash,
      config,
      result: {
        n: p.examples.length,
        f1_before: plan.f1_before,
        f1_after: plan.f1_after,
        removed: plan.removed,
        steps: plan.steps,
        applied: !!req.apply && plan.removed.length > 0,
        notes,
      },
      elapsed_ms: elapsed,
    });
    let opId: number | null = null;
    if (req.apply && plan.removed.length) {
      const changes: StatusChange[] = [];
      for (const id of plan.removed) {
        const rule = store.rules.get(d.id, id);
        if (!rule || rule.status !== 'active')
          throw new RulewrightError('CONFLICT', `rule "${id}" changed while pruning (it is no longer active): run prune again`);
        changes.push({ rule_id: id, from: rule.status, to: 'disabled' });
      }
      const op = store.pruneOps.insert(d.id, { kind: 'prune', run_id: run.id, changes });
      for (const c of changes) store.rules.setStatus(d.id, c.rule_id, 'disabled', `pruned (prune op ${op.id}, run ${run.id})`);
      opId = op.id;
    }
    return { run, opId };
  });
  if (result.opId !== null) notes.push(`disabled ${plan.removed.length} rule${plan.removed.length === 1 ? '' : 's'} (prune op ${result.opId}); undo restores them`);
  return {
    dataset: d.name,
    split: p.split.label,
    n: p.examples.length,
    mode: m.run.scorer.mode,
    f1_before: plan.f1_before,
    f1_after: plan.f1_after,
    counts_before: plan.counts_before,
    counts_after: plan.counts_after,
    removed: plan.removed,
    steps: plan.steps,
    tolerance,
    applied: result.opId !== null,
    op_id: result.opId,
    notes,
    issues: p.issues.map(issueView),
    dataset_hash: p.dataset_hash,
    ruleset_hash: p.ruleset_hash,
    run_id: result.run.id,
    elapsed_ms: elapsed,
  };
}
