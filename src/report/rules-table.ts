import { escapeHtml } from './escape.js';
import { count, ratio, signed } from './format.js';
import { patternText } from './pattern-text.js';
import type { ReportRule } from './types.js';
import { wilsonInterval } from './wilson.js';

/** One row of the rules table (and of its CSV): what a person decides from, per rule. */
export interface RulesTableRow {
  id: string;
  name: string;
  label: string;
  status: string;
  pattern: string;
  /** Share of the measured examples the rule fires on (null: not measured, or no examples). */
  coverage: number | null;
  tp: number | null;
  fp: number | null;
  precision: number | null;
  wilson_lower: number | null;
  wilson_upper: number | null;
  label_recall: number | null;
  solo_f1: number | null;
  marginal_f1: number | null;
  overlaps: number | null;
  conflicts: number | null;
  dead: boolean;
  harmful: boolean;
}

/** The CSV header: the table's columns, snake_case, in table order. */
export const RULES_TABLE_COLUMNS = [
  'id', 'name', 'label', 'status', 'pattern', 'coverage', 'tp', 'fp', 'precision', 'wilson_lower', 'wilson_upper',
  'label_recall', 'solo_f1', 'marginal_f1', 'overlaps', 'conflicts', 'dead', 'harmful',
] as const satisfies readonly (keyof RulesTableRow)[];

/** The table row of one rule; `n` is the number of examples the rules were measured on. */
export function rulesTableRow(r: ReportRule, n: number, z: number): RulesTableRow {
  const m = r.metrics;
  const w = m ? wilsonInterval(m.precision, m.support, z) : null;
  return {
    id: r.rule.id,
    name: r.rule.name,
    label: r.rule.output.label,
    status: r.rule.status,
    pattern: patternText(r.rule),
    coverage: m && n > 0 ? m.fired_docs / n : null,
    tp: m ? m.tp : null,
    fp: m ? m.fp : null,
    precision: m ? m.precision : null,
    wilson_lower: w ? w.lower : null,
    wilson_upper: w ? w.upper : null,
    label_recall: m ? m.label_recall : null,
    solo_f1: m ? m.f1 : null,
    marginal_f1: m ? m.marginal_f1 : null,
    overlaps: m ? m.overlap.examples : null,
    conflicts: m ? m.conflict.examples : null,
    dead: m?.dead ?? false,
    harmful: m?.harmful ?? false,
  };
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; null is empty. */
export function csvField(v: string | number | boolean | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The rows as CSV with a header line, CRLF line ends (what spreadsheets expect). */
export function rulesTableCsv(rows: readonly RulesTableRow[]): string {
  const lines = [RULES_TABLE_COLUMNS.join(','), ...rows.map((r) => RULES_TABLE_COLUMNS.map((c) => csvField(r[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** A sortable header cell; `type` tells the client script to compare numbers or text. */
const th = (key: string, title: string, type: 'num' | 'text', tip: string) =>
  `<th scope="col" data-key="${key}" data-type="${type}" aria-sort="none"><button type="button" title="${escapeHtml(tip)}">${escapeHtml(title)}</button></th>`;

const HEAD = [
  th('name', 'rule', 'text', 'rule name'),
  th('label', 'label', 'text', "the rule's output label"),
  th('status', 'status', 'text', 'active, proposed, disabled or rejected'),
  th('pattern', 'pattern', 'text', 'the regex, or the terms of a lexicon rule'),
  th('coverage', 'coverage', 'num', 'share of the measured examples the rule fires on'),
  th('tp', 'TP', 'num', 'true positives of the rule alone'),
  th('fp', 'FP', 'num', 'false positives of the rule alone'),
  th('precision', 'precision', 'num', 'TP / (TP + FP), with its Wilson interval'),
  th('label_recall', 'label recall', 'num', "TP / gold of the rule's own label"),
  th('solo_f1', 'solo F1', 'num', 'F1 of the rule alone, recall against all gold'),
  th('marginal_f1', 'marginal F1', 'num', 'ensemble F1 minus ensemble F1 without the rule'),
  th('overlaps', 'overlaps', 'num', 'examples where another rule fired too'),
  th('conflicts', 'conflicts', 'num', "examples where another rule's output competed with this one"),
  th('flags', 'flags', 'text', 'dead (never fires), harmful (negative marginal F1)'),
].join('');

/** A cell with its sort value (`data-v`: a number, empty for null, or the text). */
const td = (v: number | string | null, text: string, cls = '') =>
  `<td${cls ? ` class="${cls}"` : ''} data-v="${v === null ? '' : escapeHtml(v)}">${text}</td>`;

function rowHtml(row: RulesTableRow, href: string, fn: number): string {
  const interval = row.wilson_lower !== null && row.wilson_upper !== null ? ` <span class="ci">${ratio(row.wilson_lower)}–${ratio(row.wilson_upper)}</span>` : '';
  const flags = [row.dead ? '<span class="badge dead">dead</span>' : '', row.harmful ? '<span class="badge harmful">harmful</span>' : ''].join('');
  const num = (v: number | null, f: (x: number) => string) => td(v, v === null ? ratio(null) : f(v));
  return (
    `<tr data-id="${escapeHtml(row.id)}" data-label="${escapeHtml(row.label)}" data-status="${escapeHtml(row.status)}" data-dead="${row.dead ? 1 : 0}" ` +
    `data-harmful="${row.harmful ? 1 : 0}" data-tp="${row.tp ?? 0}" data-fp="${row.fp ?? 0}" data-fn="${fn}" data-measured="${row.tp === null ? 0 : 1}">` +
    `<th scope="row" data-v="${escapeHtml(row.name)}"><a href="${href}" class="rule-link">${escapeHtml(row.name)}</a></th>` +
    td(row.label, escapeHtml(row.label)) +
    td(row.status, `<span class="badge status status-${escapeHtml(row.status)}">${escapeHtml(row.status)}</span>`) +
    td(row.pattern, `<code>${escapeHtml(row.pattern)}</code>`, 'pattern-cell') +
    num(row.coverage, (x) => `${(100 * x).toFixed(1)}%`) +
    num(row.tp, count) +
    num(row.fp, count) +
    td(row.precision, `${ratio(row.precision)}${interval}`) +
    num(row.label_recall, ratio) +
    num(row.solo_f1, ratio) +
    td(row.marginal_f1, signed(row.marginal_f1), row.marginal_f1 !== null && row.marginal_f1 < 0 ? 'negative' : '') +
    num(row.overlaps, count) +
    num(row.conflicts, count) +
    td(`${row.dead ? 'dead ' : ''}${row.harmful ? 'harmful' : ''}`, flags) +
    '</tr>'
  );
}

/**
 * Rows laid out with the first screen; the rest wait in a hidden body the script shows right
 * after, so a table of thousands of rules does not hold up the first paint (its layout is most
 * of a large report's load time).
 */
export const FIRST_ROWS = 100;

/**
 * The compact rules table, one row per rule in report order: every column sorts (the header
 * buttons) and the filter bar above it filters rows; a row's name opens the rule's card, which the
 * client script renders only then.
 */
export function rulesTableHtml(rows: readonly { row: RulesTableRow; href: string; fn: number }[]): string {
  const html = rows.map((r) => rowHtml(r.row, r.href, r.fn));
  const later = html.length > FIRST_ROWS ? `<tbody class="later" hidden>${html.slice(FIRST_ROWS).join('')}</tbody>` : '';
  return (
    '<div class="table-box"><table id="rules-table" class="rules-table">' +
    `<thead><tr>${HEAD}</tr></thead><tbody>${html.slice(0, FIRST_ROWS).join('')}</tbody>${later}</table></div>`
  );
}
