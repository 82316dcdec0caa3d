import { performance } from 'node:perf_hooks';
import { RulewrightError } from '../core/errors.js';
import { activeRulesHash } from '../store/fingerprint.js';
import type { StatusChange } from '../store/prune-ops.js';
import type { DatasetContext } from './dataset-context.js';
import { round } from './round.js';

/** `undo`: what was restored. */
export interface UndoResult {
  dataset: string;
  op_id: number;
  kind: string;
  restored: StatusChange[];
  /** Changes not reverted because the rule changed since (or is gone), with why. */
  skipped: { rule_id: string; reason: string }[];
  ruleset_hash: string;
  run_id: number;
}

/**
 * `undo`: reverses the last applied prune that is not undone yet (or the op given), in one
 * transaction: each rule goes back to the status it had, unless it changed since (then it is left
 * alone and listed in `skipped`). Recorded as a run.
 */
export function undo(ctx: DatasetContext, req: { op?: number } = {}): UndoResult {
  const t0 = performance.now();
  const { store, dataset: d } = ctx;
  return store.transaction(() => {
    const op = req.op !== undefined ? store.pruneOps.get(d.id, req.op) : store.pruneOps.lastOpen(d.id);
    // No op left is the workspace's state, not a mistake in the request (exit 1); a named op that does not exist is.
    if (!op)
      throw new RulewrightError(
        req.op !== undefined ? 'NOT_FOUND' : 'CONFLICT',
        req.op !== undefined ? `no prune op ${req.op} in dataset "${d.name}"` : `nothing to undo in dataset "${d.name}": no applied prune is left`,
      );
    if (op.undone_at) throw new RulewrightError('CONFLICT', `prune op ${op.id} was already undone at ${op.undone_at}`);
    const restored: StatusChange[] = [];
    const skipped: UndoResult['skipped'] = [];
    for (const c of op.changes) {
      const rule = store.rules.get(d.id, c.rule_id);
      if (!rule) skipped.push({ rule_id: c.rule_id, reason: 'the rule no longer exists' });
      else if (rule.status !== c.to) skipped.push({ rule_id: c.rule_id, reason: `its status changed since (now ${rule.status}); left as it is` });
      else {
        store.rules.setStatus(d.id, c.rule_id, c.from, `undo of prune op ${op.id}`);
        restored.push({ rule_id: c.rule_id, from: c.to, to: c.from });
      }
    }
    store.pruneOps.markUndone(op.id);
    const hash = activeRulesHash(store.rules.list(d.id, { status: 'active' }));
    const run = store.runs.insert(d.id, {
      kind: 'undo',
      dataset_hash: store.examples.hash(d.id),
      ruleset_hash: hash,
      config: { op_id: op.id },
      result: { op_id: op.id, restored, skipped },
      elapsed_ms: round(performance.now() - t0),
    });
    return { dataset: d.name, op_id: op.id, kind: op.kind, restored, skipped, ruleset_hash: hash, run_id: run.id };
  });
}
