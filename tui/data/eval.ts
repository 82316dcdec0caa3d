import type { EvalReport } from '../../src/core/schemas/eval-report.js';
import type { DatasetHandle, EvalComparison, EvalResult, RunSummary } from '../../src/service/index.js';

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
export function latestEval(d: DatasetHandle): EvalView | null {
  const runs = d.listRuns({ kind: 'eval', limit: 1 }).runs;
  const last = runs[0];
  if (!last) return null;
  const run = d.showRun(last.id);
  // A run recorded by another version has no report this version can show.
  if ('unreadable' in run || run.kind !== 'eval') return null;
  return { report: run.result.report, run_id: run.id, elapsed_ms: run.elapsed_ms, compare: null, stored: true };
}

/**
 * Recorded eval runs, newest first, one per distinct data, rules, split and mode (the newest of
 * equal runs): baselines to compare with. A run this version cannot read is none.
 */
export function evalRuns(d: DatasetHandle): RunSummary[] {
  const seen = new Set<string>();
  return d.listRuns({ kind: 'eval' }).runs.filter((r) => {
    const key = `${r.dataset_hash}|${r.ruleset_hash}|${r.split}|${r.mode}`;
    if (r.unreadable || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Why a shown evaluation is out of date: the active rules or the split's examples changed since
 * it ran (its recorded hashes against the workspace's now). Empty when it is current.
 */
export function evalStaleness(d: DatasetHandle, report: Pick<EvalReport, 'split' | 'dataset_hash' | 'ruleset_hash'>): string[] {
  const split = report.split === 'train' || report.split === 'dev' || report.split === 'test' ? report.split : undefined;
  const reasons: string[] = [];
  if (report.ruleset_hash && report.ruleset_hash !== d.rulesetHash()) reasons.push('rules changed');
  if (report.dataset_hash && report.dataset_hash !== d.datasetHash(split)) reasons.push('data changed');
  return reasons;
}
