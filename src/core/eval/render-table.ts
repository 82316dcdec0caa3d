import type { ClassMetrics, ConfusionBlock, EvalReport } from '../schemas/eval-report.js';
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

/**
 * The report as an aligned text table for the terminal (no colour); `width` (the terminal's,
 * when known) is what the confusion matrix must fit.
 */
export function renderEvalTable(report: EvalReport, width: number | null = null): string {
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
  if (report.confusion && report.confusion.columns.length <= 13) out.push('', ...renderConfusion(report.confusion, width));
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

const short = (s: string, max = 14) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * Gold down, predicted across. When the labels as headers make it wider than `width`, the
 * columns are numbered instead, the rows keep their labels (cut to fit) and a legend says which
 * number is which label.
 */
function renderConfusion(c: ConfusionBlock, width: number | null): string[] {
  const title = 'confusion (rows gold, columns predicted)';
  const named = alignRows([['', ...c.columns.map((l) => short(l))], ...c.labels.map((l, i) => [short(l), ...c.counts[i]!.map(String)])]);
  if (width === null || Math.max(...named.map((l) => l.length)) <= width) return [title, ...named];
  const keys = c.columns.map((_, j) => String(j + 1));
  // An empty first column, so every count is right-aligned and the cells start with the gap.
  const cells = alignRows([['', ...keys], ...c.counts.map((r) => ['', ...r.map(String)])]);
  const rowHead = Math.max(4, Math.min(26, width - 2 - Math.max(...cells.map((l) => l.length))));
  const key = (l: string) => {
    const j = c.columns.indexOf(l);
    return j < 0 ? '' : `${keys[j]} `;
  };
  const heads = ['', ...c.labels.map((l) => short(`${key(l)}${l}`, rowHead))];
  const lines = heads.map((h, i) => `${h.padEnd(rowHead)}${cells[i]}`.trimEnd());
  return [`${title}; columns numbered:`, ...lines, ...legend(c.columns.map((l, j) => `${keys[j]} ${l}`), width)];
}

/** `1 label · 2 label …` wrapped to `width`. */
function legend(items: readonly string[], width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line ? `${line} · ${item}` : item;
    if (line && next.length > width) {
      out.push(line);
      line = item;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}
