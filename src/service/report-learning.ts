import { isReadable, type RunOf, type UnreadableRun } from '../core/schemas/run.js';
import type { ReportLearning } from '../report/types.js';
import type { DatasetRecord } from '../store/datasets.js';
import type { Store } from '../store/index.js';

/**
 * The newest learn run of a dataset that changed its rules (else the newest learn run) as the
 * report shows it (its stages' held-out P/R/F1), or null when the dataset was never learned. A run recorded by another version that cannot be read
 * shows as having no stages rather than failing the report.
 */
export function latestLearning(store: Store, d: DatasetRecord): ReportLearning | null {
  const runs = store.runs.list(d.id, { kind: 'learn' }) as (RunOf<'learn'> | UnreadableRun)[];
  if (!runs.length) return null;
  // The newest run that changed the rules: a later run that changed none has a flat curve.
  const changed = (r: (typeof runs)[number]) =>
    isReadable(r) && r.result.status === 'ok' && r.result.rules.added.length + r.result.rules.changed.length + r.result.rules.disabled.length > 0;
  const at = Math.max(0, runs.findIndex(changed));
  const run = runs[at]!;
  const head = { run_id: run.id, created_at: run.created_at, ...(at > 0 ? { later_unchanged: at } : {}) };
  if (!isReadable(run)) return { ...head, proposer: null, model: null, judged_on: null, status: 'unreadable', error: null, stages: [] };
  const { config, result: r } = run;
  const ok = r.status === 'ok' ? r : null;
  return {
    ...head,
    proposer: ok?.proposer ?? config.proposer,
    model: ok?.model || null,
    judged_on: ok?.split.judged_on ?? config.judged_on,
    status: r.status,
    error: r.status === 'failed' ? r.error || null : null,
    stages: (ok?.stages ?? []).map(({ stage, rules, precision, recall, f1 }) => ({ stage, rules, precision, recall, f1 })),
  };
}
