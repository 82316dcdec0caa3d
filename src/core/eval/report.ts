import { prf, ratio, type Counts } from '../ratio.js';
import type { ClassMetrics, ConfusionBlock, EvalReport } from '../schemas/eval-report.js';
import type { Example } from '../schemas/example.js';
import { type Task, isSpanTask } from '../schemas/task.js';
import { buildNotes } from './notes.js';
import { ABSTAIN, EvalTotals, NO_GOLD, sumScores } from './totals.js';
import type { ExampleScore } from './types.js';

export interface ReportOptions {
  /** The split evaluated; null or absent = all examples. */
  split?: string | null;
  /** The matching mode used (defaults to the task's). */
  mode?: string;
  dataset_hash?: string;
  ruleset_hash?: string;
  /** Extra notes from the caller (e.g. "no embedder configured"). */
  notes?: readonly string[];
}

/** Precision, recall, F1 and counts of one class (or the micro total). */
function classMetrics(c: Counts): ClassMetrics {
  return { ...prf(c), tp: c.tp, fp: c.fp, fn: c.fn };
}

function confusionOf(t: EvalTotals): ConfusionBlock {
  const classes = new Set<string>();
  let noGold = false;
  for (const [row, cols] of t.confusion) {
    if (row === NO_GOLD) noGold = true;
    else classes.add(row);
    for (const col of cols.keys()) if (col !== ABSTAIN) classes.add(col);
  }
  const sorted = [...classes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const labels = noGold ? [...sorted, NO_GOLD] : sorted;
  const columns = [...sorted, ABSTAIN];
  const counts = labels.map((row) => columns.map((col) => t.confusion.get(row)?.get(col) ?? 0));
  return { labels, columns, counts };
}

function agreement(c: Counts, exact: number, n: number) {
  const m = prf(c);
  return { precision: m.precision, recall: m.recall, f1: m.f1, exact_match: ratio(exact, n) };
}

/**
 * The `eval --json` report from per-example scores (see `scoreExample`): micro and macro
 * metrics, per class, exact match, coverage, error kinds, notes, and the semeval, confusion and
 * observed blocks where they apply. Ratios with an empty denominator are null.
 */
export function buildEvalReport(
  task: Task,
  examples: readonly Example[],
  scores: readonly ExampleScore[] | EvalTotals,
  opts: ReportOptions = {},
): EvalReport {
  const t = scores instanceof EvalTotals ? scores : sumScores(scores);
  const mode = opts.mode ?? task.matching.mode;
  const per_class: Record<string, ClassMetrics> = {};
  for (const c of t.classes()) per_class[c] = classMetrics(t.per_class.get(c)!);
  const errors: EvalReport['errors'] = {
    wrong_label: t.errors.wrong_label,
    wrong_boundary: t.errors.wrong_boundary,
    missing: t.errors.missing,
    spurious: t.errors.spurious,
  };
  if (task.type === 'transformation') errors.wrong_value = t.errors.wrong_value;
  const report: EvalReport = {
    n: t.n,
    split: opts.split ?? null,
    mode,
    micro: classMetrics(t.counts),
    macro_f1: t.macroF1(),
    exact_match: ratio(t.exact, t.n),
    coverage: ratio(t.covered, t.n),
    per_class,
    errors,
    notes: [],
    dataset_hash: opts.dataset_hash ?? '',
    ruleset_hash: opts.ruleset_hash ?? '',
  };
  if (isSpanTask(task.type) && mode.startsWith('semeval:'))
    report.semeval = { ...(t.semeval ?? { cor: 0, inc: 0, par: 0, mis: 0, spu: 0 }) };
  if (task.type === 'classification') report.confusion = confusionOf(t);
  const o = t.observed;
  if (o.n > 0)
    report.observed = {
      n: o.n,
      coverage: ratio(o.covered, o.n),
      agreement: agreement(o.agreement, o.agreementExact, o.n),
      truth:
        o.truthN > 0
          ? { n: o.truthN, rules: agreement(o.truth, o.truthExact, o.truthN), model: agreement(o.model, o.modelExact, o.truthN) }
          : null,
    };
  report.notes = [...buildNotes(task, examples, report, t), ...(opts.notes ?? [])];
  return report;
}
