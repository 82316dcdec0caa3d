import { compareReports } from '../core/eval/compare.js';
import type { ExampleScore } from '../core/eval/types.js';
import type { EvalReport } from '../core/schemas/eval-report.js';
import { activeAsOf, diffRules, type FlippedExample, type ReportDiff } from '../report/diff-data.js';
import { activeRulesHash } from '../store/fingerprint.js';
import type { DatasetContext } from './dataset-context.js';
import { compactScores, expandOutcomes, getRun, readEvalRun } from './runs.js';

/** Fixed and broken examples listed each (the counts are always whole). */
const MAX_FLIPPED = 100;

/**
 * What changed since a recorded eval run (its id, or `last`): the rules active then (rebuilt from
 * each rule's version history at the run's time, checked against the run's ruleset hash) against
 * the active rules now, the examples whose recorded outcome flipped, and the F1 change. `now` is
 * the report's own evaluation with its per-example scores; `texts` maps example ids to their text.
 */
export function reportDiff(ctx: DatasetContext, ref: string | number, now: { report: EvalReport; scores: readonly ExampleScore[] }, texts: ReadonlyMap<string, string>): ReportDiff {
  const { store, dataset: d } = ctx;
  const run = readEvalRun(getRun(ctx, ref, 'eval'));
  const ids = [...store.rules.list(d.id).map((r) => r.id), ...store.rules.listDeleted(d.id).map((r) => r.rule.id)];
  const histories = ids.map((id) => store.rules.versions(d.id, id));
  // A rule written in the same millisecond as the run may have come before it or after: the
  // run's ruleset hash tells which.
  let before = activeAsOf(histories, run.created_at);
  if (activeRulesHash(before) !== run.ruleset_hash) {
    const strict = activeAsOf(histories, run.created_at, { strict: true });
    if (activeRulesHash(strict) === run.ruleset_hash) before = strict;
  }
  const current = store.rules.list(d.id, { status: 'active' });
  const c = compareReports(run.result.report, now.report, expandOutcomes(run.result.outcomes), expandOutcomes(compactScores(now.scores)));
  const a = new Map(run.result.outcomes.map((o) => [o[0], o]));
  const b = new Map(now.scores.map((s) => [s.id, s]));
  const flip = (id: string): FlippedExample => {
    const o = a.get(id);
    const s = b.get(id);
    const text = texts.get(id) ?? '';
    return {
      id,
      text: text.length > 200 ? `${text.slice(0, 199)}…` : text,
      before: o ? { tp: o[1], fp: o[2], fn: o[3] } : null,
      now: s ? { tp: s.counts.tp, fp: s.counts.fp, fn: s.counts.fn } : null,
    };
  };
  const improved = c.examples?.improved ?? [];
  const regressed = c.examples?.regressed ?? [];
  return {
    run_id: run.id,
    run_created_at: run.created_at,
    split: now.report.split ?? 'all',
    f1_before: run.result.report.micro.f1,
    f1_now: now.report.micro.f1,
    macro_f1_before: run.result.report.macro_f1,
    macro_f1_now: now.report.macro_f1,
    summary: c.summary,
    rules_exact: activeRulesHash(before) === run.ruleset_hash,
    ...diffRules(before, current),
    fixed: improved.slice(0, MAX_FLIPPED).map(flip),
    broken: regressed.slice(0, MAX_FLIPPED).map(flip),
    fixed_n: improved.length,
    broken_n: regressed.length,
    changed: c.examples?.changed.length ?? 0,
  };
}
