import { domId, escapeHtml } from './escape.js';
import { count, plural } from './format.js';
import type { ReportUncovered, UncoveredItem, UncoveredLabel } from './uncovered-data.js';

const KIND_TEXT: Record<string, string> = { missed: 'missed', wrong_label: 'wrong label', wrong_boundary: 'wrong boundary', wrong_value: 'wrong value' };

/** A label's coverage bar: the share of its gold the rules got right, got wrong, and missed. */
function coverageBar(l: UncoveredLabel): string {
  const gold = l.tp + l.fn;
  const share = (x: number) => (gold > 0 ? (100 * x) / gold : 0);
  const wrong = Math.max(0, l.fn - l.missed);
  const pct = (x: number) => `${share(x).toFixed(1)}%`;
  const title = `${l.label}: ${count(l.tp)} of ${count(gold)} gold right (${pct(l.tp)}), ${count(wrong)} wrong, ${count(l.missed)} missed`;
  return (
    `<div class="cov-bar" role="img" aria-label="${escapeHtml(title)}" title="${escapeHtml(title)}">` +
    `<span class="cov-ok" style="width:${share(l.tp).toFixed(2)}%"></span><span class="cov-wrong" style="width:${share(wrong).toFixed(2)}%"></span>` +
    `<span class="cov-missed" style="width:${share(l.missed).toFixed(2)}%"></span></div>`
  );
}

function itemHtml(it: UncoveredItem): string {
  const instead = it.predicted !== null ? ` <span class="why">rules gave ${escapeHtml(it.predicted)}</span>` : '';
  return (
    `<li class="sample" data-kind="fn" data-outcome="${escapeHtml(it.kind)}"><span class="ex-id">${escapeHtml(it.example_id)}</span> ` +
    `<span class="badge kind-${escapeHtml(it.kind)}">${escapeHtml(KIND_TEXT[it.kind] ?? it.kind)}</span> ` +
    `<span class="ctx">${escapeHtml(it.before)}<mark class="hl fn">${escapeHtml(it.text)}</mark>${escapeHtml(it.after)}</span>${instead}</li>`
  );
}

const chips = (title: string, xs: [string, number][]) =>
  xs.length ? `<p class="chips"><span class="chips-title">${escapeHtml(title)}</span> ${xs.map(([w, n]) => `<span class="chip">${escapeHtml(w)} <b>${count(n)}</b></span>`).join(' ')}</p>` : '';

function labelBlock(l: UncoveredLabel, index: number): string {
  const more = l.fn > l.items.length ? ` <span class="muted">(first ${l.items.length})</span>` : '';
  return (
    `<details class="uncovered-label"${index === 0 ? ' open' : ''} id="${domId('uncovered', l.label)}" data-label="${escapeHtml(l.label)}" data-fn="${l.fn}" data-missed="${l.missed}">` +
    `<summary><b class="u-label">${escapeHtml(l.label)}</b> <span class="u-fn">${count(l.fn)}</span> FN · ${count(l.missed)} missed outright${coverageBar(l)}</summary>` +
    chips('frequent words', l.words) +
    chips('shapes', l.shapes) +
    `<h4>Items${more}</h4><ol>${l.items.map(itemHtml).join('')}</ol></details>`
  );
}

/**
 * What no rule covers: per label, the gold the evaluation counts as FN (its counts are `eval`'s),
 * a bar of how much of the label's gold is right, wrong or missed, the words and shapes the
 * uncovered items share, and the items in context: where the next rule comes from.
 */
export function uncoveredSection(u: ReportUncovered | null | undefined): string {
  const head = '<section id="uncovered"><h2>What no rule covers</h2>';
  if (!u) return `${head}<p class="empty">not gathered for this report</p></section>`;
  if (!u.labels.length) return `${head}<p class="empty" data-empty="uncovered">every gold item on ${escapeHtml(u.split)} is covered: no false negatives</p></section>`;
  return (
    `${head}<p class="scope">Gold items on <b>${escapeHtml(u.split)}</b> the rules did not get right: ${plural(u.fn, 'false negative')} (as <code>rulewright eval</code> counts them), by label, most first. ` +
    'Bars: <span class="cov-key cov-ok"></span> right <span class="cov-key cov-wrong"></span> produced wrong <span class="cov-key cov-missed"></span> missed.</p>' +
    `<div class="uncovered-list">${u.labels.map(labelBlock).join('')}</div></section>`
  );
}
