import type { EvalReport } from '../core/schemas/eval-report.js';
import { confusionTable } from './confusion.js';
import { escapeHtml } from './escape.js';
import { count, plural, ratio } from './format.js';
import { barChart } from './plots/bars.js';
import { learningCurvePlot } from './plots/learning-curve.js';
import { bestPoint, CURVE_TOLERANCE, reachedPoint, rulesCurvePlot } from './plots/rules-curve.js';
import type { ReportData, ReportLearning, ReportRule, ReportRuleCurve } from './types.js';

function tile(name: string, value: string, note = ''): string {
  return `<div class="tile"><div class="tile-value">${value}</div><div class="tile-name">${escapeHtml(name)}</div>${note ? `<div class="tile-note">${escapeHtml(note)}</div>` : ''}</div>`;
}

/** The headline figures of the task-level evaluation and of the ruleset, with the notes. */
export function summarySection(d: ReportData): string {
  const e = d.evaluation;
  const measured = d.rules.filter((r) => r.metrics);
  const active = d.rules.filter((r) => r.rule.status === 'active').length;
  const dead = measured.filter((r) => r.metrics!.dead).length;
  const harmful = measured.filter((r) => r.metrics!.harmful).length;
  const tiles = [
    tile('micro F1', ratio(e.micro.f1), `P ${ratio(e.micro.precision)} · R ${ratio(e.micro.recall)}`),
    tile('macro F1', ratio(e.macro_f1), `${Object.keys(e.per_class).length} classes`),
    tile('exact match', ratio(e.exact_match), 'examples wholly right'),
    tile('coverage', ratio(e.coverage), 'examples with any output'),
    tile('TP / FP / FN', `${count(e.micro.tp)} / ${count(e.micro.fp)} / ${count(e.micro.fn)}`),
    tile('active rules', count(active), `${dead} dead · ${harmful} harmful`),
  ].join('');
  const err = e.errors;
  const errors = `wrong label ${count(err.wrong_label)} · wrong boundary ${count(err.wrong_boundary)} · missing ${count(err.missing)} · spurious ${count(err.spurious)}${err.wrong_value !== undefined ? ` · wrong value ${count(err.wrong_value)}` : ''}`;
  const semeval = e.semeval
    ? `<p class="semeval">SemEval counts: COR ${count(e.semeval.cor)} · INC ${count(e.semeval.inc)} · PAR ${count(e.semeval.par)} · MIS ${count(e.semeval.mis)} · SPU ${count(e.semeval.spu)}</p>`
    : '';
  const notes = [...e.notes, ...d.measurement.notes.filter((n) => !e.notes.includes(n))];
  return (
    `<section id="summary"><h2>Summary</h2>` +
    `<p class="scope">Evaluated on <b>${escapeHtml(e.split ?? 'all')}</b> (${plural(e.n, 'example')}, <b>${escapeHtml(e.mode)}</b> matching). ` +
    `Rules measured on <b>${escapeHtml(d.measurement.split)}</b> (${plural(d.measurement.n, 'example')}): ensemble F1 ${ratio(d.measurement.f1)}.</p>` +
    `<div class="tiles">${tiles}</div>` +
    `<p class="errors">Errors: ${errors}</p>${semeval}` +
    (notes.length ? `<ul class="notes">${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : '') +
    '</section>'
  );
}

/** The per-class table (P, R, F1, TP, FP, FN; micro and macro below) and its F1 bars. */
export function perClassSection(e: EvalReport): string {
  const labels = Object.keys(e.per_class).sort((a, b) => a.localeCompare(b));
  const row = (name: string, c: EvalReport['micro'], cls = '') =>
    `<tr${cls ? ` class="${cls}"` : ''}><th scope="row">${escapeHtml(name)}</th><td>${ratio(c.precision)}</td><td>${ratio(c.recall)}</td><td>${ratio(c.f1)}</td>` +
    `<td>${count(c.tp)}</td><td>${count(c.fp)}</td><td>${count(c.fn)}</td></tr>`;
  const table =
    '<table class="per-class"><thead><tr><th>class</th><th>P</th><th>R</th><th>F1</th><th>TP</th><th>FP</th><th>FN</th></tr></thead><tbody>' +
    labels.map((l) => row(l, e.per_class[l]!)).join('') +
    `</tbody><tfoot>${row('micro', e.micro, 'micro')}<tr class="macro"><th scope="row">macro F1</th><td></td><td></td><td>${ratio(e.macro_f1)}</td><td colspan="3"></td></tr></tfoot></table>`;
  const plot = barChart(
    labels.map((l) => {
      const c = e.per_class[l]!;
      return { key: l, label: l, value: c.f1, text: ratio(c.f1), title: `${l}: F1 ${ratio(c.f1)} (P ${ratio(c.precision)}, R ${ratio(c.recall)}; TP ${c.tp}, FP ${c.fp}, FN ${c.fn})` };
    }),
    { name: 'per-class-f1', label: 'F1 of each class', domain: [0, 1], axisTitle: 'F1' },
  );
  const confusion = e.confusion ? confusionTable(e.confusion) : '';
  return `<section id="classes"><h2>Per class</h2><div class="split-view"><div>${table}</div><figure>${plot}<figcaption>F1 of each class on ${escapeHtml(e.split ?? 'all')}</figcaption></figure></div>${confusion}</section>`;
}

/** The latest learn run: F1 by stage as a plot and a table, or a line saying there is none. */
export function learningSection(l: ReportLearning | null): string {
  const head = '<section id="learning"><h2>Learning</h2>';
  if (!l) return `${head}<p class="empty" data-empty="learning">no learning run yet: run <code>rulewright learn</code></p></section>`;
  const who = l.proposer === 'llm' ? `an LLM${l.model ? ` (${escapeHtml(l.model)})` : ''}` : l.proposer === 'offline' ? 'the offline inducer' : escapeHtml(l.proposer ?? 'unknown');
  const later = l.later_unchanged ? ` The latest run that changed rules: ${plural(l.later_unchanged, 'later learn run')} changed none.` : '';
  const intro = `<p class="scope">Learn run ${l.run_id} (${escapeHtml(l.created_at)}) with ${who}; each stage scored on <b>${escapeHtml(l.judged_on ?? 'dev')}</b>.${later}</p>`;
  if (!l.stages.length)
    return `${head}${intro}<p class="empty" data-empty="learning">the run recorded no stages${l.status === 'failed' ? `: it failed (${escapeHtml(l.error ?? 'no reason given')})` : ''}</p></section>`;
  const table =
    '<table class="stages"><thead><tr><th>stage</th><th>rules</th><th>P</th><th>R</th><th>F1</th></tr></thead><tbody>' +
    l.stages.map((s) => `<tr><th scope="row">${escapeHtml(s.stage)}</th><td>${count(s.rules)}</td><td>${ratio(s.precision)}</td><td>${ratio(s.recall)}</td><td>${ratio(s.f1)}</td></tr>`).join('') +
    '</tbody></table>';
  return `${head}${intro}<div class="split-view"><figure>${learningCurvePlot(l.stages, l.judged_on)}<figcaption>F1 by learning round</figcaption></figure><div>${table}</div></div></section>`;
}

/** The F1-vs-rules curve: what the first k rules of the list achieve, and where more stop paying. */
export function rulesCurveSection(curve: ReportRuleCurve | null | undefined): string {
  const head = '<section id="rules-curve"><h2>F1 as rules are added</h2>';
  if (!curve) return `${head}<p class="empty" data-empty="rules-curve">no active rules to add up</p></section>`;
  const reached = reachedPoint(curve.points);
  const best = bestPoint(curve.points);
  const where = (p: { rules: number; f1: number | null } | undefined) => (p ? `F1 ${ratio(p.f1)} at ${plural(p.rules, 'rule')}` : 'no F1');
  const intro =
    `<p class="scope">The ${plural(curve.rules, 'active rule')} added one by one in execution order, scored on <b>${escapeHtml(curve.split)}</b>. ` +
    `Within ${CURVE_TOLERANCE} of the whole list's F1: ${where(reached)}; best: ${where(best)}. ` +
    'Rules past that point add little: <code>rulewright learn --max-rules-per-label N</code> keeps the first N of each label.</p>';
  return `${head}${intro}<figure>${rulesCurvePlot(curve)}<figcaption>Precision, recall and F1 of the first k rules</figcaption></figure></section>`;
}

/** The filter bar over the rule cards: label, status, dead/harmful, TP/FP, search, and which samples to show. */
export function filterBar(rules: readonly ReportRule[]): string {
  const labels = [...new Set(rules.map((r) => r.rule.output.label))].sort((a, b) => a.localeCompare(b));
  const statuses = [...new Set(rules.map((r) => r.rule.status))].sort();
  const opt = (v: string, text = v) => `<option value="${escapeHtml(v)}">${escapeHtml(text)}</option>`;
  return (
    '<form class="filters" id="filters">' +
    `<label>search <input type="search" id="f-search" placeholder="name, pattern, label, sample text…" autocomplete="off"></label>` +
    `<label>label <select id="f-label">${opt('', 'all')}${labels.map((l) => opt(l)).join('')}</select></label>` +
    `<label>status <select id="f-status">${opt('', 'all')}${statuses.map((s) => opt(s)).join('')}</select></label>` +
    `<label>health <select id="f-health">${opt('', 'all')}${opt('dead')}${opt('harmful')}${opt('dead-or-harmful', 'dead or harmful')}${opt('healthy')}</select></label>` +
    `<label>has <select id="f-has">${opt('', 'anything')}${opt('tp', 'true positives')}${opt('fp', 'false positives')}${opt('fn', 'misses')}</select></label>` +
    '<span class="toggles">show ' +
    '<label><input type="checkbox" id="show-tp" checked> TP</label>' +
    '<label><input type="checkbox" id="show-fp" checked> FP</label>' +
    '<label><input type="checkbox" id="show-fn"> missed</label></span>' +
    `<output id="shown" aria-live="polite"><span id="shown-count">${rules.length}</span> of ${rules.length} rules</output>` +
    '</form>'
  );
}
