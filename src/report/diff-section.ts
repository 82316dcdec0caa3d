import { escapeHtml } from './escape.js';
import { count, ratio, signed } from './format.js';
import { type DiffRule, type EditedRule, type FlippedExample, patternDiff, type ReportDiff } from './diff-data.js';

function patternDiffHtml(before: string, after: string): string {
  const pieces = patternDiff(before, after).map((p) =>
    p.op === '=' ? escapeHtml(p.text) : p.op === '-' ? `<del class="diff-del">${escapeHtml(p.text)}</del>` : `<ins class="diff-ins">${escapeHtml(p.text)}</ins>`,
  );
  return `<code class="pattern-diff" title="${escapeHtml(`before: ${before}\nnow: ${after}`)}">${pieces.join('')}</code>`;
}

const ruleRow = (r: DiffRule) =>
  `<tr data-id="${escapeHtml(r.id)}"><th scope="row">${escapeHtml(r.name)}</th><td>${escapeHtml(r.label)}</td><td><code>${escapeHtml(r.pattern)}</code></td></tr>`;

const editedRow = (r: EditedRule) =>
  `<tr data-id="${escapeHtml(r.id)}"><th scope="row">${escapeHtml(r.name)}</th><td>${escapeHtml(r.label)}</td>` +
  `<td>${r.changes.includes('pattern') ? patternDiffHtml(r.before, r.pattern) : `<code>${escapeHtml(r.pattern)}</code>`}</td><td>${escapeHtml(r.changes.join(', '))}</td></tr>`;

function rulesBlock(kind: 'added' | 'removed' | 'edited', rows: string[]): string {
  const head = kind === 'edited' ? '<th>rule</th><th>label</th><th>pattern (before → now)</th><th>changed</th>' : '<th>rule</th><th>label</th><th>pattern</th>';
  return (
    `<div class="diff-block" data-diff="${kind}"><h3>Rules ${kind} (<span class="n">${rows.length}</span>)</h3>` +
    (rows.length ? `<table class="diff-rules"><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>` : '<p class="none">none</p>') +
    '</div>'
  );
}

const counts = (c: FlippedExample['before']) => (c ? `TP ${count(c.tp)} · FP ${count(c.fp)} · FN ${count(c.fn)}` : 'not scored');

function flipsBlock(kind: 'fixed' | 'broken', xs: FlippedExample[], n: number): string {
  const items = xs
    .map((x) => `<li data-example="${escapeHtml(x.id)}"><span class="ex-id">${escapeHtml(x.id)}</span> <span class="ctx">${escapeHtml(x.text)}</span><span class="why">${counts(x.before)} → ${counts(x.now)}</span></li>`)
    .join('');
  return `<div class="diff-block" data-diff="${kind}"><h3>Examples ${kind} (<span class="n">${n}</span>${n > xs.length ? `, first ${xs.length}` : ''})</h3>${xs.length ? `<ol>${items}</ol>` : '<p class="none">none</p>'}</div>`;
}

/**
 * What changed since an earlier eval run (`report --compare RUN|last`): the F1 change, the rules
 * added, removed and edited (the pattern edit marked on the characters), and the examples whose
 * outcome flipped: fixed (fewer errors now) and broken (more).
 */
export function diffSection(d: ReportDiff | null | undefined): string {
  if (!d) return '';
  const delta = d.f1_before !== null && d.f1_now !== null ? d.f1_now - d.f1_before : null;
  const note = d.rules_exact ? '' : '<p class="notes">the rules as of that run were rebuilt from the rule history and do not hash the same: the rule lists below may be incomplete</p>';
  return (
    `<section id="ruleset-diff"><h2>What changed since eval run ${d.run_id}</h2>` +
    `<p class="scope">Run ${d.run_id} (${escapeHtml(d.run_created_at)}) against now, on <b>${escapeHtml(d.split)}</b>: ${escapeHtml(d.summary)}.</p>` +
    `<div class="tiles"><div class="tile"><div class="tile-value" id="diff-f1">${signed(delta)}</div><div class="tile-name">F1 change</div>` +
    `<div class="tile-note">${ratio(d.f1_before)} → ${ratio(d.f1_now)} · macro ${ratio(d.macro_f1_before)} → ${ratio(d.macro_f1_now)}</div></div>` +
    `<div class="tile"><div class="tile-value">${count(d.fixed_n)} / ${count(d.broken_n)}</div><div class="tile-name">fixed / broken</div>` +
    `<div class="tile-note">${count(d.changed)} changed with as many errors</div></div></div>` +
    note +
    rulesBlock('added', d.added.map(ruleRow)) +
    rulesBlock('removed', d.removed.map(ruleRow)) +
    rulesBlock('edited', d.edited.map(editedRow)) +
    flipsBlock('fixed', d.fixed, d.fixed_n) +
    flipsBlock('broken', d.broken, d.broken_n) +
    '</section>'
  );
}
