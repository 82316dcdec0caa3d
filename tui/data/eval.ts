import { EvalReport } from '../../src/core/schemas/index.js';
import type { Workspace } from '../../src/service/index.js';
import type { EvalComparison, EvalResult } from '../../src/service/evaluate.js';
import type { RunSummary } from '../../src/service/runs.js';

/** An evaluation to show: its report, which run it is, and a comparison when one was asked for. */
export interface EvalView {
  readonly report: EvalReport;
  readonly run_id: number;
  readonly elapsed_ms: number;
  readonly compare: EvalComparison | null;
  /** True when read back from the store rather than just computed. */
  readonly stored: boolean;
}

/** A fresh evaluation (the eval job's result) as a view. */
export function fromResult(r: EvalResult): EvalView {
  const { dataset: _d, elapsed_ms, run_id, issues: _i, compare, ...report } = r;
  return { report, run_id, elapsed_ms, compare: compare ?? null, stored: false };
}

/** The newest recorded eval run, read from the store (no rule runs), or null when there is none. */
export function latestEval(ws: Workspace, dataset: string | undefined): EvalView | null {
  const runs = ws.listRuns({ ...(dataset ? { dataset } : {}), kind: 'eval', limit: 1 }).runs;
  const last = runs[0];
  if (!last) return null;
  const run = ws.showRun(last.id, { ...(dataset ? { dataset } : {}) });
  const parsed = EvalReport.safeParse(run.result.report);
  if (!parsed.success) return null;
  return { report: parsed.data, run_id: run.id, elapsed_ms: run.elapsed_ms, compare: null, stored: true };
}

/** Recorded eval runs, newest first (baselines to compare with). */
export function evalRuns(ws: Workspace, dataset: string | undefined): RunSummary[] {
  return ws.listRuns({ ...(dataset ? { dataset } : {}), kind: 'eval' }).runs;
}
