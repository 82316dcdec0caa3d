import type { ConfusionBlock } from '../core/schemas/eval-report.js';
import { escapeHtml } from './escape.js';
import { count } from './format.js';

/**
 * The matrix reordered by error mass: classes whose gold is most often predicted wrong, or that
 * are most often predicted wrongly, first (rows and the matching columns alike); columns that
 * are not a gold class (`(abstain)`) stay last. Ties keep the original order.
 */
export function sortConfusion(c: ConfusionBlock): ConfusionBlock {
  const mass = new Map<string, number>();
  c.labels.forEach((l, i) => {
    const row = c.counts[i] ?? [];
    row.forEach((n, j) => {
      const p = c.columns[j]!;
      if (p === l) return;
      mass.set(l, (mass.get(l) ?? 0) + n);
      mass.set(p, (mass.get(p) ?? 0) + n);
    });
  });
  const by = (a: string, b: string, ia: number, ib: number) => (mass.get(b) ?? 0) - (mass.get(a) ?? 0) || ia - ib;
  const rowOrder = c.labels.map((l, i) => ({ l, i })).sort((a, b) => by(a.l, b.l, a.i, b.i));
  const isLabel = new Set(c.labels);
  const colOrder = c.columns
    .map((x, j) => ({ x, j }))
    .sort((a, b) => Number(!isLabel.has(a.x)) - Number(!isLabel.has(b.x)) || (isLabel.has(a.x) ? by(a.x, b.x, a.j, b.j) : a.j - b.j));
  return {
    labels: rowOrder.map((r) => r.l),
    columns: colOrder.map((x) => x.x),
    counts: rowOrder.map((r) => colOrder.map((x) => c.counts[r.i]?.[x.j] ?? 0)),
  };
}

/**
 * The confusion matrix, sorted by error mass, in a box of its own that scrolls both ways with
 * its header row and first column held in place, so 77 classes do not widen the page.
 */
export function confusionTable(block: ConfusionBlock): string {
  const c = sortConfusion(block);
  const max = Math.max(1, ...c.counts.flat());
  const head = `<tr><th class="corner">gold \\ predicted</th>${c.columns.map((x) => `<th scope="col" title="${escapeHtml(x)}"><span>${escapeHtml(x)}</span></th>`).join('')}</tr>`;
  const rows = c.labels
    .map((l, i) => {
      const cells = (c.counts[i] ?? [])
        .map((n, j) => {
          const diag = c.columns[j] === l;
          const alpha = n ? (0.15 + 0.6 * (n / max)).toFixed(2) : '0';
          return `<td class="${diag ? 'diag' : 'off'}" style="--a:${alpha}" title="${escapeHtml(`${l} → ${c.columns[j]}: ${n}`)}">${n ? count(n) : ''}</td>`;
        })
        .join('');
      return `<tr><th scope="row">${escapeHtml(l)}</th>${cells}</tr>`;
    })
    .join('');
  return (
    `<h3>Confusion matrix</h3><p class="scope">Rows: gold; columns: predicted; sorted by error mass (most confused classes first).</p>` +
    `<div class="confusion-box"><table class="confusion"><thead>${head}</thead><tbody>${rows}</tbody></table></div>`
  );
}
