import type { RuleSample, SampleItem } from '../core/schemas/rule-metrics.js';
import { orNone } from '../core/none.js';
import { domId, escapeHtml } from './escape.js';
import { count, ratio, signed } from './format.js';
import { patternText } from './pattern-text.js';
import type { ReportRule } from './types.js';
import { wilsonInterval } from './wilson.js';

/** The id of a rule's card (what plots link to). */
export const cardId = (ruleId: string): string => domId('rule', ruleId);

const byNullableDesc = (a: number | null | undefined, b: number | null | undefined) => {
  const x = a ?? null;
  const y = b ?? null;
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  return y - x;
};

const STATUS_ORDER = ['active', 'proposed', 'disabled', 'rejected'];

/**
 * Cards in report order: measured rules by marginal F1 (best first; none last), then precision,
 * then support, then name; then rules that were not measured (not active), by status and name.
 */
export function sortRules(rules: readonly ReportRule[]): ReportRule[] {
  return [...rules].sort((a, b) => {
    const ma = a.metrics;
    const mb = b.metrics;
    if (!ma || !mb) {
      if (ma || mb) return ma ? -1 : 1;
      const s = STATUS_ORDER.indexOf(a.rule.status) - STATUS_ORDER.indexOf(b.rule.status);
      return s || a.rule.name.localeCompare(b.rule.name) || (a.rule.id < b.rule.id ? -1 : 1);
    }
    return (
      byNullableDesc(ma.marginal_f1, mb.marginal_f1) ||
      byNullableDesc(ma.precision, mb.precision) ||
      mb.support - ma.support ||
      a.rule.name.localeCompare(b.rule.name) ||
      (a.rule.id < b.rule.id ? -1 : a.rule.id > b.rule.id ? 1 : 0)
    );
  });
}

function item(label: string, it: SampleItem | null): string {
  if (!it) return '';
  return `${label} <b>${escapeHtml(it.label)}</b>${it.text !== null && it.text !== '' ? ` “${escapeHtml(it.text)}”` : ''}`;
}

/** Why a sample counts as it does, in words. */
function explain(s: RuleSample): string {
  switch (s.outcome) {
    case 'match':
      return item('matches gold', s.gold);
    case 'spurious':
      return 'no gold item here';
    case 'wrong_label':
      return `${item('predicted', s.predicted)}; ${item('gold is', s.gold)}`;
    case 'wrong_boundary':
      return `wrong boundary; ${item('gold is', s.gold)}`;
    case 'wrong_value':
      return `${item('predicted', s.predicted)}; ${item('expected', s.gold)}`;
    case 'missed':
      return item('missed', s.gold);
    default:
      return escapeHtml(s.outcome);
  }
}

/** The matcher's reason for the verdict, flagged when it is a lexical stand-in for a semantic one. */
function verdictHtml(s: RuleSample): string {
  if (!s.reason) return '';
  const flag = s.lexical_fallback ? '<span class="lexical" title="no embedder is configured: lexical similarity, not semantic">lexical</span> ' : '';
  return ` <span class="reason">— ${flag}${escapeHtml(s.reason)}</span>`;
}

/**
 * A wrong boundary on the characters, when the highlighted text is the union of the gold and the
 * predicted span: the characters both cover, those only the rule took (extra) and those only gold
 * has (missing). Null when the sample is not such a union.
 */
export function boundaryHtml(s: RuleSample): string | null {
  const g = s.gold;
  const q = s.predicted;
  if (s.outcome !== 'wrong_boundary' || !g || !q || g.start === null || g.end === null || q.start === null || q.end === null) return null;
  const from = Math.min(g.start, q.start);
  if (s.context.text.length !== Math.max(g.end, q.end) - from) return null;
  const cuts = [...new Set([g.start, g.end, q.start, q.end])].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [a, b] = [cuts[i]!, cuts[i + 1]!];
    const inGold = a >= g.start && b <= g.end;
    const inPred = a >= q.start && b <= q.end;
    const piece = escapeHtml(s.context.text.slice(a - from, b - from));
    if (inGold && inPred) parts.push(`<mark class="hl both" title="in gold and in the rule's span">${piece}</mark>`);
    else if (inPred) parts.push(`<mark class="hl fp extra" title="the rule took these characters; gold does not">${piece}</mark>`);
    else if (inGold) parts.push(`<mark class="hl fn short" title="gold has these characters; the rule left them out">${piece}</mark>`);
    else parts.push(piece);
  }
  return parts.join('');
}

/**
 * One sample: the text around the item, the item highlighted as a TP, FP or FN (for
 * classification, the words the rule matched; a wrong boundary, on the characters).
 */
export function sampleHtml(s: RuleSample): string {
  const { before, text, after } = s.context;
  const tip = s.kind === 'fn' ? `missed ${s.gold?.label ?? ''}` : `${s.kind.toUpperCase()}: ${s.predicted?.label ?? ''}`;
  const focus = boundaryHtml(s) ?? (text === '' ? '' : `<mark class="hl ${s.kind}" title="${escapeHtml(tip)}">${escapeHtml(text)}</mark>`);
  return (
    `<li class="sample" data-kind="${s.kind}" data-example="${escapeHtml(s.example_id)}">` +
    `<span class="ex-id">${escapeHtml(s.example_id)}</span> ` +
    `<span class="ctx">${escapeHtml(before)}${focus}${escapeHtml(after)}</span>` +
    `<span class="why">${explain(s)}${verdictHtml(s)}</span></li>`
  );
}

const KIND_TITLE = { tp: 'True positives', fp: 'False positives', fn: 'Missed (gold of its label it did not find)' } as const;

function samplesHtml(r: ReportRule): string {
  const m = r.metrics;
  if (!m) return '';
  const totals = { tp: m.tp, fp: m.fp, fn: m.fn };
  return (['tp', 'fp', 'fn'] as const)
    .map((k) => {
      const list = m.samples[k];
      const of = list.length < totals[k] ? ` (${list.length} of ${count(totals[k])})` : '';
      const body = list.length ? `<ol>${list.map(sampleHtml).join('')}</ol>` : '<p class="none">none</p>';
      return `<section class="samples samples-${k}" data-kind="${k}"><h4>${KIND_TITLE[k]}${of}</h4>${body}</section>`;
    })
    .join('');
}

function figure(name: string, value: string, title = ''): string {
  return `<div class="fig"${title ? ` title="${escapeHtml(title)}"` : ''}><dt>${escapeHtml(name)}</dt><dd>${value}</dd></div>`;
}

/** A rule card: name, label, status and flags; its pattern; its figures; its samples in context. */
export function ruleCard(r: ReportRule, rank: number | null, z: number): string {
  const rule = r.rule;
  const m = r.metrics;
  const interval = m ? wilsonInterval(m.precision, m.support, z) : null;
  const badges = [
    `<span class="badge label-badge">${escapeHtml(rule.output.label)}</span>`,
    `<span class="badge status status-${escapeHtml(rule.status)}">${escapeHtml(rule.status)}</span>`,
    m?.dead ? '<span class="badge dead">dead</span>' : '',
    m?.harmful ? '<span class="badge harmful">harmful</span>' : '',
    rule.flagged.length ? `<span class="badge flagged" title="${escapeHtml(rule.flagged.map((f) => `${f.code}: ${f.message}`).join('\n'))}">flagged</span>` : '',
  ].join('');
  const meta = [
    `${escapeHtml(rule.format)}${rule.format === 'regex' ? ` (${escapeHtml(rule.dialect)})` : ''}`,
    `group ${escapeHtml(rule.output.group)}`,
    `priority ${escapeHtml(Number(rule.priority.toFixed(3)))}`,
    `confidence ${escapeHtml(Number(rule.confidence.toFixed(3)))}`,
    escapeHtml(rule.provenance),
    `v${escapeHtml(rule.version)}`,
    `<span class="rule-id">${escapeHtml(rule.id)}</span>`,
  ].join(' · ');
  const figures = m
    ? [
        figure('precision', ratio(m.precision), 'TP / (TP + FP) of the rule alone'),
        figure(`Wilson (z=${z})`, orNone(interval, (i) => `${ratio(i.lower)}–${ratio(i.upper)}`), 'Wilson score interval of the precision; the lower end orders execution'),
        figure('support', count(m.support), 'TP + FP'),
        figure('marginal F1', signed(m.marginal_f1), 'ensemble F1 minus ensemble F1 without this rule'),
        figure('label recall', ratio(m.label_recall), `TP / gold of ${rule.output.label}, the rule's own label`),
        figure('label F1', ratio(m.label_f1), `F1 of the rule alone against the gold of ${rule.output.label}`),
        figure('solo F1', ratio(m.f1), 'F1 of the rule alone, recall against all gold'),
        figure('recall', ratio(m.recall), 'TP / (TP + FN) of the rule alone, against all gold'),
        figure('TP / FP / FN', `${count(m.tp)} / ${count(m.fp)} / ${count(m.fn)}`),
        figure('fired', `${count(m.fired)} on ${count(m.fired_docs)} examples`),
        figure('conflicts', count(m.conflict.examples), `examples where another rule's output competed with this one (${m.conflict.suppressed} outputs suppressed)`),
      ].join('')
    : figure('not measured', escapeHtml(rule.status === 'active' ? 'no metrics' : `${rule.status} rules do not run`));
  const rejection = rule.rejection ? `<p class="rejection">rejected: ${escapeHtml(rule.rejection)}</p>` : '';
  return (
    `<article class="card" id="${cardId(rule.id)}" data-id="${escapeHtml(rule.id)}" data-label="${escapeHtml(rule.output.label)}" ` +
    `data-status="${escapeHtml(rule.status)}" data-dead="${m?.dead ? 1 : 0}" data-harmful="${m?.harmful ? 1 : 0}" ` +
    `data-tp="${m?.tp ?? 0}" data-fp="${m?.fp ?? 0}" data-fn="${m?.fn ?? 0}" data-measured="${m ? 1 : 0}">` +
    `<header><span class="rank">${rank === null ? '' : `#${rank}`}</span><h3>${escapeHtml(rule.name)}</h3>${badges}</header>` +
    `<pre class="pattern"><code>${escapeHtml(patternText(rule))}</code></pre>` +
    `<p class="meta">${meta}</p>` +
    (rule.description ? `<p class="desc">${escapeHtml(rule.description)}</p>` : '') +
    rejection +
    `<dl class="figures">${figures}</dl>` +
    samplesHtml(r) +
    '</article>'
  );
}
