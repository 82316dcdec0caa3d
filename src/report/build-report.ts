import { createHash } from 'node:crypto';
import { cardId, ruleCard, sortRules } from './cards.js';
import { escapeHtml, jsonForMarkupScript, jsonForScript } from './escape.js';
import { count, plural, ratio, signed } from './format.js';
import { type Bar, barChart } from './plots/bars.js';
import { type PrecisionPoint, precisionSupportPlot } from './plots/precision-support.js';
import { REPORT_JS } from './client-script.js';
import { rulesTableCsv, rulesTableHtml, rulesTableRow } from './rules-table.js';
import { filterBar, learningSection, perClassSection, rulesCurveSection, summarySection } from './sections.js';
import { diffSection } from './diff-section.js';
import { REPORT_CSS } from './styles.js';
import { uncoveredSection } from './uncovered-section.js';
import type { ReportData, ReportRule } from './types.js';
import { wilsonInterval } from './wilson.js';

/** At most this many rules get a marginal-F1 bar: the best and the worst half each. */
export const MAX_MARGINAL_BARS = 60;

/** The points of the precision-against-support plot: every measured rule with output. */
export function precisionPoints(rules: readonly ReportRule[], z: number): PrecisionPoint[] {
  const out: PrecisionPoint[] = [];
  for (const r of rules) {
    const m = r.metrics;
    const w = m ? wilsonInterval(m.precision, m.support, z) : null;
    if (!m || !w || m.precision === null) continue;
    out.push({ href: `#${cardId(r.rule.id)}`, id: r.rule.id, name: r.rule.name, precision: m.precision, support: m.support, lower: w.lower, upper: w.upper, harmful: m.harmful });
  }
  return out;
}

/** The marginal-F1 bars, in card order; past MAX_MARGINAL_BARS only the best and worst are drawn. */
export function marginalBars(sorted: readonly ReportRule[]): { bars: Bar[]; omitted: number } {
  let measured = sorted.filter((r) => r.metrics);
  let omitted = 0;
  if (measured.length > MAX_MARGINAL_BARS) {
    omitted = measured.length - MAX_MARGINAL_BARS;
    measured = [...measured.slice(0, MAX_MARGINAL_BARS / 2), ...measured.slice(-MAX_MARGINAL_BARS / 2)];
  }
  const bars = measured.map((r): Bar => {
    const m = r.metrics!;
    return {
      key: r.rule.id,
      label: r.rule.name,
      value: m.marginal_f1,
      text: signed(m.marginal_f1),
      title: `${r.rule.name}: marginal F1 ${signed(m.marginal_f1)} (solo F1 ${ratio(m.f1)}, precision ${ratio(m.precision)}, support ${m.support})`,
      href: `#${cardId(r.rule.id)}`,
      ...(m.marginal_f1 !== null && m.marginal_f1 < 0 ? { className: 'negative' } : {}),
    };
  });
  return { bars, omitted };
}

/** A dataset name as a file-name part: letters, digits, dot, dash and underscore only. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'dataset';

/**
 * The data for the page's script without the per-rule samples: those are in the cards' markup
 * already, and carrying them twice would double a large report.
 */
export function withoutSamples(d: ReportData): ReportData {
  return { ...d, rules: d.rules.map((r) => (r.metrics ? { ...r, metrics: { ...r.metrics, samples: { tp: [], fp: [], fn: [] } } } : r)) };
}

/** How the numbers are computed, in short (the README has the full formulas). */
const HOW: [string, string][] = [
  ['precision, recall, F1', 'P = TP / (TP + FP), R = TP / (TP + FN), F1 = 2PR / (P + R); a ratio with an empty denominator is shown as – (null), never 0.'],
  ['micro and macro', 'Micro sums TP, FP and FN over all classes first; macro F1 averages the F1 of every class seen in gold or predictions.'],
  ['exact match, coverage', 'Exact match: share of examples whose whole output is right. Coverage: share of examples with any output.'],
  ['per rule', 'Each rule alone: its TP and FP; label recall and label F1 against the gold of its own label, recall and solo F1 against all gold of the examples scored (as RuleChef); support = TP + FP.'],
  ['Wilson interval', 'The Wilson score interval of a rule’s precision at z; its lower end orders rule execution and is what “validated” precision is ranked by.'],
  ['marginal F1', 'Ensemble F1 minus the ensemble F1 without the rule (exact leave-one-out under the task’s conflict policy and matching mode). Negative: the rule is harmful. Never fires: dead.'],
];

/**
 * The whole report as one self-contained HTML document: inline CSS, inline SVG plots, one inline
 * script (allowed by its hash in the page's Content-Security-Policy, which forbids every network
 * load), and the data as JSON in a `<script type="application/json">` block. Every string from
 * the workspace is escaped. Pure: no I/O.
 */
export function buildReportHtml(d: ReportData): string {
  const sorted = sortRules(d.rules);
  const z = d.wilson_z;
  const scriptHash = createHash('sha256').update(REPORT_JS, 'utf8').digest('base64');
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'; img-src data:; base-uri 'none'; form-action 'none'`;
  const { bars, omitted } = marginalBars(sorted);
  const points = precisionPoints(sorted, z);
  const noOutput = sorted.filter((r) => r.metrics && (r.metrics.support === 0 || r.metrics.precision === null)).length;
  const ds = d.dataset;
  let rank = 0;
  const cards: Record<string, string> = {};
  const ids: Record<string, string> = {};
  for (const r of sorted) {
    cards[r.rule.id] = ruleCard(r, r.metrics ? ++rank : null, z);
    ids[r.rule.id] = cardId(r.rule.id);
  }
  const rows = sorted.map((r) => ({ row: rulesTableRow(r, d.measurement.n, z), href: `#${cardId(r.rule.id)}`, fn: r.metrics?.fn ?? 0 }));
  const view = { cards, ids, csv: rulesTableCsv(rows.map((r) => r.row)), csv_name: `rulewright-rules-${safeName(ds.name)}.csv` };
  const splits = Object.entries(ds.splits)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${escapeHtml(s)} ${count(n)}`)
    .join(' · ');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<meta name="generator" content="rulewright ${escapeHtml(d.version)}">`,
    `<title>${escapeHtml(`rulewright report: ${ds.name}`)}</title>`,
    `<style>${REPORT_CSS}</style></head><body>`,
    '<header class="page">',
    `<h1>rulewright report: ${escapeHtml(ds.name)}</h1>`,
    `<p class="meta-line">${escapeHtml(ds.type)} · ${plural(ds.examples, 'example')} (${splits || 'no examples'}) · ${plural(ds.labels.length, 'label')} · generated ${escapeHtml(d.generated_at)} by rulewright ${escapeHtml(d.version)}</p>`,
    ds.description ? `<p class="meta-line">${escapeHtml(ds.description)}</p>` : '',
    `<p class="meta-line">dataset <code>${escapeHtml(d.evaluation.dataset_hash.slice(0, 12))}</code> · ruleset <code>${escapeHtml(d.ruleset_hash.slice(0, 12))}</code></p>`,
    `<nav class="toc"><a href="#summary">Summary</a>${d.diff ? '<a href="#ruleset-diff">What changed</a>' : ''}<a href="#rules">Rules</a><a href="#uncovered">Not covered</a><a href="#classes">Per class</a><a href="#plots">Rule plots</a><a href="#learning">Learning</a><a href="#rules-curve">F1 by rules</a><a href="#how">How numbers are computed</a></nav>`,
    '</header><main>',
    summarySection(d),
    diffSection(d.diff),
    `<section id="rules"><h2>Rules (${count(sorted.length)})</h2>`,
    `<p class="scope">Each rule alone on <b>${escapeHtml(d.measurement.split)}</b> (${plural(d.measurement.n, 'example')}); sorted by marginal F1: click a column to sort by it, a row to open its card. ` +
      '<button type="button" id="csv-download">Download CSV</button></p>',
    filterBar(sorted),
    rulesTableHtml(rows),
    '<p id="no-match" class="empty" hidden>no rule matches these filters</p>',
    '<h3>Rule cards</h3>',
    '<p class="scope">Highlights: <mark class="hl tp">true positive</mark> <mark class="hl fp">false positive</mark> <mark class="hl fn">missed</mark>.</p>',
    '<p id="no-card" class="empty">click a rule in the table or a plot to open its card here</p>',
    '<div id="cards" class="cards hide-fn"></div>',
    '</section>',
    uncoveredSection(d.uncovered),
    perClassSection(d.evaluation),
    '<section id="plots"><h2>Rule plots</h2>',
    `<p class="scope">Each rule alone on <b>${escapeHtml(d.measurement.split)}</b> (${plural(d.measurement.n, 'example')}, ${escapeHtml(d.measurement.mode)} matching). Click a point or a bar to open its card.</p>`,
    '<div class="plots">',
    `<figure>${precisionSupportPlot(points, z)}<figcaption>Precision against support; whiskers: Wilson interval (z = ${z})${noOutput ? `; ${noOutput} rule${noOutput === 1 ? '' : 's'} with no output not drawn` : ''}</figcaption></figure>`,
    `<figure>${barChart(bars, { name: 'marginal-f1', label: 'Marginal F1 of each rule', axisTitle: 'marginal F1 (ensemble F1 − F1 without the rule)', minExtent: 0.01 })}` +
      `<figcaption>Marginal F1 (leave-one-out), best first${omitted ? `; ${omitted} rules in the middle not drawn` : ''}</figcaption></figure>`,
    '</div></section>',
    learningSection(d.learning),
    rulesCurveSection(d.rule_curve),
    '</main>',
    `<footer class="page" id="how"><h2>How the numbers are computed</h2><dl>${HOW.map(([t, x]) => `<dt>${escapeHtml(t)}</dt><dd>${escapeHtml(x)}</dd>`).join('')}</dl></footer>`,
    `<script type="application/json" id="report-data">${jsonForScript(withoutSamples(d))}</script>`,
    `<script type="application/json" id="report-cards">${jsonForMarkupScript(view)}</script>`,
    `<script>${REPORT_JS}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}
