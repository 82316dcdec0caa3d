import type { LearnRunResult } from '../core/schemas/learn-run.js';
import type { Rule } from '../core/schemas/rule.js';
import type { RunOf } from '../core/schemas/run.js';
import type { LearnLoopResult, RuleChange } from '../learn/loop/types.js';
import { activeRulesHash } from '../store/fingerprint.js';
import type { DatasetContext } from './dataset-context.js';
import type { LearnResult } from './learn-request.js';
import type { LearnSetup } from './learn-setup.js';

/** Records a learn run (failed or not) with the hashes of the data and of `rules`, and assigns it the run's LLM calls. */
export function insertLearnRun(ctx: DatasetContext, setup: LearnSetup, result: LearnRunResult, rules: readonly Rule[], t0: number): RunOf<'learn'> {
  const { store, dataset: d } = ctx;
  const run = store.runs.insert(d.id, {
    kind: 'learn',
    dataset_hash: store.examples.hash(d.id),
    ruleset_hash: activeRulesHash(rules),
    config: setup.config,
    result,
    elapsed_ms: performance.now() - t0,
  });
  store.llmCalls.assignRun(setup.chosen.recorder.ids, run.id);
  return run;
}

/**
 * Stores what a finished run did, in one transaction: the dev split it made, the run, every rule
 * change as a new version, and the feedback behind an accepted change as applied. Feedback whose
 * change was not accepted stays open for the next run, which reads it again; the run and the
 * reason are kept on it.
 */
export function recordLearnRun(ctx: DatasetContext, setup: LearnSetup, loop: LearnLoopResult, result: LearnRunResult, t0: number): RunOf<'learn'> {
  const { store, dataset: d } = ctx;
  return store.transaction(() => {
    if (setup.splits.planned) store.examples.setSplits(d.id, setup.splits.planned.assigned);
    const run = insertLearnRun(ctx, setup, result, loop.active, t0);
    for (const c of loop.changes) {
      const note = `learn run ${run.id}: ${c.note}`;
      if (c.op === 'insert') store.rules.insert(d.id, c.rule, note);
      else store.rules.update(d.id, c.rule, note);
    }
    for (const id of loop.feedbackApplied) if (store.feedback.get(d.id, id)?.status === 'open') store.feedback.setStatus(d.id, id, 'applied', run.id);
    for (const f of loop.feedbackNotApplied) if (store.feedback.get(d.id, f.id)?.status === 'open') store.feedback.recordNotApplied(d.id, f.id, run.id, f.reason);
    return run;
  });
}

/** The final state of every rule a run touched, read off its ordered changes. */
export function summarizeChanges(changes: readonly RuleChange[], active: number): LearnResult['rules'] {
  const inserted = new Set(changes.filter((c) => c.op === 'insert').map((c) => c.rule.id));
  const last = new Map<string, Rule>();
  for (const c of changes) last.set(c.rule.id, c.rule);
  const out: LearnResult['rules'] = { active, added: [], changed: [], disabled: [], proposed: [], rejected: [] };
  for (const [id, r] of last) {
    if (r.status === 'active') (inserted.has(id) ? out.added : out.changed).push(id);
    else if (r.status === 'disabled') out.disabled.push(id);
    else if (r.status === 'proposed') out.proposed.push(id);
    else out.rejected.push({ id, name: r.name, reason: r.rejection ?? 'rejected' });
  }
  return out;
}
