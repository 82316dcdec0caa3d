import { z } from 'zod';
import type { ReportLearning } from '../report/types.js';
import type { DatasetRecord, Store } from '../store/index.js';

const Ratio = z.number().nullable().catch(null);

/** The part of a recorded learn run's result the report reads (other keys are left alone). */
const LearnRunView = z.object({
  status: z.string().catch('ok'),
  error: z.string().optional().catch(undefined),
  proposer: z.string().optional().catch(undefined),
  model: z.string().nullable().optional().catch(null),
  split: z.object({ judged_on: z.string().optional().catch(undefined) }).optional().catch(undefined),
  stages: z
    .array(z.object({ stage: z.string(), rules: z.number().int().min(0), precision: Ratio, recall: Ratio, f1: Ratio }))
    .catch([]),
});

/**
 * The newest learn run of a dataset as the report shows it (its stages' held-out P/R/F1), or
 * null when the dataset was never learned. A run recorded by another version that cannot be read
 * shows as having no stages rather than failing the report.
 */
export function latestLearning(store: Store, d: DatasetRecord): ReportLearning | null {
  const run = store.runs.latest(d.id, 'learn');
  if (!run) return null;
  const parsed = LearnRunView.safeParse(run.result);
  const r = parsed.success ? parsed.data : { status: 'unreadable', stages: [] as ReportLearning['stages'] };
  const config = run.config as Record<string, unknown>;
  return {
    run_id: run.id,
    created_at: run.created_at,
    proposer: ('proposer' in r && r.proposer) || (typeof config.proposer === 'string' ? config.proposer : null),
    model: ('model' in r && r.model) || null,
    judged_on: ('split' in r && r.split?.judged_on) || (typeof config.judged_on === 'string' ? config.judged_on : null),
    status: r.status,
    error: ('error' in r && r.error) || null,
    stages: r.stages,
  };
}
