import { isReadable } from '../core/schemas/run.js';
import type { ReportLearning } from '../report/types.js';
import type { DatasetRecord } from '../store/datasets.js';
import type { Store } from '../store/index.js';

/**
 * The newest learn run of a dataset as the report shows it (its stages' held-out P/R/F1), or
 * null when the dataset was never learned. A run recorded by another version that cannot be read
 * shows as having no stages rather than failing the report.
 */
export function latestLearning(store: Store, d: DatasetRecord): ReportLearning | null {
  const run = store.runs.latest(d.id, 'learn');
  if (!run) return null;
  const head = { run_id: run.id, created_at: run.created_at };
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
