import type { ClassMetrics, EvalReport } from '../schemas/eval-report.js';
import { orNone } from '../none.js';

/** A ratio to 3 decimals, `NONE` for null. */
export function fmtRatio(v: number | null | undefined): string {
  return orNone(v, (x) => x.toFixed(3));
}

/** A count, with one decimal only when it is fractional (semeval:partial). */
export function fmtCount(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}

/** Left-aligns the first column and right-aligns the rest. */
export function alignRows(rows: readonly (readonly string[])[], gap = '  '): string[] {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map((r) =>
    r
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join(gap)
      .trimEnd(),
  );
}

const metricRow = (name: string, m: ClassMetrics): string[] => [
  name,
  fmtRatio(m.precision),
  fmtRatio(m.recall),
  fmtRatio(m.f1),
  fmtCount(m.tp),
  fmtCount(m.fp),
  fmtCount(m.fn),
];

/** The report as an aligned text table for the terminal (no colour). */
export function renderEvalTable(report: EvalReport): string {
  const out: string[] = [];
  out.push(`eval  split ${report.split ?? 'all'}  mode ${report.mode}  n ${report.n}`);
  out.push('');
  const rows: string[][] = [['class', 'P', 'R', 'F1', 'TP', 'FP', 'FN']];
  for (const [name, m] of Object.entries(report.per_class)) rows.push(metricRow(name, m));
  rows.push(metricRow('micro', report.micro));
  const lines = alignRows(rows);
  const rule = '-'.repeat(Math.max(...lines.map((l) => l.length)));
  out.push(lines[0]!, rule, ...lines.slice(1, -1), rule, lines[lines.length - 1]!);
  out.push('');
  out.push(
    `macro F1 ${fmtRatio(report.macro_f1)}   exact match ${fmtRatio(report.exact_match)}   coverage ${fmtRatio(report.coverage)}`,
  );
  const e = report.errors;
  const errs = [
    `wrong label ${e.wrong_label}`,
    `wrong boundary ${e.wrong_boundary}`,
    ...(e.wrong_value === undefined ? [] : [`wrong value ${e.wrong_value}`]),
    `missing ${e.missing}`,
    `spurious ${e.spurious}`,
  ];
  out.push(`errors   ${errs.join(', ')}`);
  if (report.semeval) {
    const s = report.semeval;
    out.push(`semeval  COR ${s.cor}  INC ${s.inc}  PAR ${s.par}  MIS ${s.mis}  SPU ${s.spu}`);
  }
  if (report.confusion && report.confusion.columns.length <= 13) {
    const c = report.confusion;
    out.push('', 'confusion (rows gold, columns predicted)');
    const short = (s: string) => (s.length > 14 ? `${s.slice(0, 13)}…` : s);
    const crow = [['', ...c.columns.map(short)], ...c.labels.map((l, i) => [short(l), ...c.counts[i]!.map(String)])];
    out.push(...alignRows(crow));
  }
  if (report.observed) {
    const o = report.observed;
    out.push(
      '',
      `observed  n ${o.n}  coverage ${fmtRatio(o.coverage)}  agreement F1 ${fmtRatio(o.agreement.f1)}  exact ${fmtRatio(o.agreement.exact_match)}`,
    );
    if (o.truth)
      out.push(
        `          against truth (n ${o.truth.n}): rules F1 ${fmtRatio(o.truth.rules.f1)} exact ${fmtRatio(o.truth.rules.exact_match)}; ` +
          `model F1 ${fmtRatio(o.truth.model.f1)} exact ${fmtRatio(o.truth.model.exact_match)}`,
      );
  }
  if (report.notes.length) {
    out.push('', 'notes');
    for (const n of report.notes) out.push(`  - ${n}`);
  }
  return `${out.join('\n')}\n`;
}
