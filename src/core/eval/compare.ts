import { canonicalJson } from '../hash.js';
import type { ClassMetrics, EvalReport } from '../schemas/eval-report.js';
import { orNone } from '../none.js';
import { alignRows, fmtCount, fmtRatio } from './render-table.js';
import type { ExampleScore } from './types.js';

/** A value in run A, in run B, and B − A (null when either side is null). */
export interface Delta {
  a: number | null;
  b: number | null;
  delta: number | null;
}

export interface ClassDelta {
  precision: Delta;
  recall: Delta;
  f1: Delta;
  tp: Delta;
  fp: Delta;
  fn: Delta;
}

export interface ReportComparison {
  /** What moved between the runs, from the hashes and configs. */
  changed: { data: boolean; rules: boolean; config: boolean };
  /** One sentence: which of data, rules and config changed. */
  summary: string;
  micro: ClassDelta;
  macro_f1: Delta;
  exact_match: Delta;
  coverage: Delta;
  /** Every class in either run, in code-point order. */
  per_class: Record<string, ClassDelta>;
  /** Examples whose outcome changed (null when per-example scores were not given for both runs). */
  examples: {
    improved: string[];
    regressed: string[];
    /** Same number of errors, different items. */
    changed: string[];
    only_a: string[];
    only_b: string[];
  } | null;
}

const d = (a: number | null | undefined, b: number | null | undefined): Delta => {
  const x = a ?? null;
  const y = b ?? null;
  return { a: x, b: y, delta: x === null || y === null ? null : y - x };
};

function classDelta(a: ClassMetrics | undefined, b: ClassMetrics | undefined): ClassDelta {
  return {
    precision: d(a?.precision, b?.precision),
    recall: d(a?.recall, b?.recall),
    f1: d(a?.f1, b?.f1),
    tp: d(a?.tp ?? 0, b?.tp ?? 0),
    fp: d(a?.fp ?? 0, b?.fp ?? 0),
    fn: d(a?.fn ?? 0, b?.fn ?? 0),
  };
}

/** What identifies an example's outcome: its counts and, when kept, its outcome items. */
function signature(s: ExampleScore): string {
  const items = s.outcomes
    ? s.outcomes
        .map((o) => `${o.kind}|${o.field ?? ''}|${o.gold?.label ?? ''}|${o.gold?.start ?? ''}|${o.pred?.label ?? ''}|${o.pred?.start ?? ''}|${o.pred?.end ?? ''}`)
        .sort()
        .join(';')
    : '';
  return `${s.counts.tp}/${s.counts.fp}/${s.counts.fn}/${s.exact}/${items}`;
}

function exampleChanges(a: readonly ExampleScore[], b: readonly ExampleScore[]): NonNullable<ReportComparison['examples']> {
  const byId = new Map(a.map((s) => [s.id, s]));
  const out: NonNullable<ReportComparison['examples']> = { improved: [], regressed: [], changed: [], only_a: [], only_b: [] };
  const seen = new Set<string>();
  for (const sb of b) {
    seen.add(sb.id);
    const sa = byId.get(sb.id);
    if (!sa) {
      out.only_b.push(sb.id);
      continue;
    }
    if (signature(sa) === signature(sb)) continue;
    const ea = sa.counts.fp + sa.counts.fn;
    const eb = sb.counts.fp + sb.counts.fn;
    if (eb < ea || (eb === ea && sb.counts.tp > sa.counts.tp)) out.improved.push(sb.id);
    else if (eb > ea || (eb === ea && sb.counts.tp < sa.counts.tp)) out.regressed.push(sb.id);
    else out.changed.push(sb.id);
  }
  for (const sa of a) if (!seen.has(sa.id)) out.only_a.push(sa.id);
  return out;
}

function summarize(c: ReportComparison['changed']): string {
  const moved = (['data', 'rules', 'config'] as const).filter((k) => c[k]);
  const still = (['data', 'rules', 'config'] as const).filter((k) => !c[k]);
  if (moved.length === 0) return 'nothing changed: same data, rules and config';
  const list = (xs: readonly string[]) => (xs.length === 1 ? xs[0]! : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);
  return `the ${list(moved)} changed${still.length ? `; the ${list(still)} did not` : ''}`;
}

/**
 * What moved from run A to run B: metric deltas (overall and per class), which examples'
 * outcomes changed (when both runs' per-example scores are given), and whether the data, the
 * rules or the config changed (dataset and ruleset hashes; mode, split and the given configs).
 */
export function compareReports(
  a: EvalReport,
  b: EvalReport,
  aScores?: readonly ExampleScore[] | null,
  bScores?: readonly ExampleScore[] | null,
  configs: { a?: unknown; b?: unknown } = {},
): ReportComparison {
  const changed = {
    data: a.dataset_hash !== b.dataset_hash || a.split !== b.split,
    rules: a.ruleset_hash !== b.ruleset_hash,
    config: a.mode !== b.mode || canonicalJson(configs.a ?? null) !== canonicalJson(configs.b ?? null),
  };
  const classes = [...new Set([...Object.keys(a.per_class), ...Object.keys(b.per_class)])].sort((x, y) =>
    x < y ? -1 : x > y ? 1 : 0,
  );
  const per_class: Record<string, ClassDelta> = {};
  for (const c of classes) per_class[c] = classDelta(a.per_class[c], b.per_class[c]);
  return {
    changed,
    summary: summarize(changed),
    micro: classDelta(a.micro, b.micro),
    macro_f1: d(a.macro_f1, b.macro_f1),
    exact_match: d(a.exact_match, b.exact_match),
    coverage: d(a.coverage, b.coverage),
    per_class,
    examples: aScores && bScores ? exampleChanges(aScores, bScores) : null,
  };
}

const signed = (v: number | null, f: (x: number) => string): string => orNone(v, (x) => (x > 0 ? `+${f(x)}` : x === 0 ? '0' : f(x)));

/** The comparison as aligned text: overall deltas, the classes that moved, and the changed examples. */
export function renderComparison(c: ReportComparison, maxIds = 10): string {
  const out: string[] = [c.summary, ''];
  const row = (name: string, x: ClassDelta) => [
    name,
    fmtRatio(x.f1.a),
    fmtRatio(x.f1.b),
    signed(x.f1.delta, (v) => v.toFixed(3)),
    signed(x.tp.delta, fmtCount),
    signed(x.fp.delta, fmtCount),
    signed(x.fn.delta, fmtCount),
  ];
  const rows = [['class', 'F1 a', 'F1 b', 'ΔF1', 'ΔTP', 'ΔFP', 'ΔFN']];
  for (const [k, x] of Object.entries(c.per_class))
    if (x.tp.delta || x.fp.delta || x.fn.delta) rows.push(row(k, x));
  rows.push(row('micro', c.micro));
  out.push(...alignRows(rows));
  out.push(
    '',
    `macro F1 ${fmtRatio(c.macro_f1.a)} → ${fmtRatio(c.macro_f1.b)}   exact match ${fmtRatio(c.exact_match.a)} → ${fmtRatio(c.exact_match.b)}   coverage ${fmtRatio(c.coverage.a)} → ${fmtRatio(c.coverage.b)}`,
  );
  if (c.examples) {
    const list = (ids: string[]) => `${ids.length}${ids.length ? `: ${ids.slice(0, maxIds).join(', ')}${ids.length > maxIds ? ', …' : ''}` : ''}`;
    out.push(`improved ${list(c.examples.improved)}`, `regressed ${list(c.examples.regressed)}`, `changed ${list(c.examples.changed)}`);
    if (c.examples.only_a.length || c.examples.only_b.length)
      out.push(`only in a ${list(c.examples.only_a)}`, `only in b ${list(c.examples.only_b)}`);
  }
  return `${out.join('\n')}\n`;
}
