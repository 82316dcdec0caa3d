import { escapeHtml } from '../escape.js';
import { count, px, ratio } from '../format.js';
import { axisTitle, type Frame, linear, svgOpen, xTick, yTick } from './frame.js';

/** One rule on the precision-against-support plot. */
export interface PrecisionPoint {
  /** The card to link to (`#…`). */
  href: string;
  id: string;
  name: string;
  precision: number;
  support: number;
  lower: number;
  upper: number;
  harmful: boolean;
}

const FRAME: Frame = { width: 640, height: 320, left: 56, right: 20, top: 16, bottom: 44 };

/**
 * Precision (y) against support (x, log scale) for every rule that produced output, each with its
 * Wilson interval drawn as a whisker: a rule high on the plot with a short whisker is precise and
 * well attested; a long whisker says "too few outputs to tell". Each point links to its card.
 */
export function precisionSupportPlot(points: readonly PrecisionPoint[], z: number): string {
  const f = FRAME;
  const maxSupport = Math.max(1, ...points.map((p) => p.support));
  const decades = Math.max(1, Math.ceil(Math.log10(maxSupport + 1)));
  const x = linear(0, decades, f.left, f.width - f.right);
  const xs = (support: number) => x(Math.log10(support));
  const y = linear(0, 1, f.height - f.bottom, f.top);
  const parts: string[] = [svgOpen('precision-support', f, `Precision against support with Wilson intervals (z = ${z})`)];
  for (const t of [0, 0.25, 0.5, 0.75, 1]) parts.push(yTick(f, y(t), t.toFixed(2)));
  // Decades, and 2× and 5× between them while there is room for the labels.
  for (let k = 0; k <= decades; k++)
    for (const m of k < decades && decades <= 3 ? [1, 2, 5] : [1]) parts.push(xTick(f, x(k + Math.log10(m)), count(m * 10 ** k)));
  parts.push(axisTitle(f, 'x', 'support (TP + FP, log scale)'), axisTitle(f, 'y', 'precision'));
  if (!points.length)
    parts.push(`<text class="empty-note" x="${px(f.width / 2)}" y="${px(f.height / 2)}" text-anchor="middle">no rule produced output on this split</text>`);
  for (const p of points) {
    const cx = px(xs(p.support));
    const title = `${p.name}: precision ${ratio(p.precision)}, support ${count(p.support)}, Wilson [${ratio(p.lower)}, ${ratio(p.upper)}]`;
    parts.push(
      `<a href="${escapeHtml(p.href)}" class="point${p.harmful ? ' harmful' : ''}" data-rule-id="${escapeHtml(p.id)}" ` +
        `data-precision="${p.precision}" data-support="${p.support}" data-lower="${p.lower}" data-upper="${p.upper}">` +
        `<title>${escapeHtml(title)}</title>` +
        `<line class="whisker" x1="${cx}" x2="${cx}" y1="${px(y(p.lower))}" y2="${px(y(p.upper))}"/>` +
        `<line class="whisker" x1="${px(xs(p.support) - 3)}" x2="${px(xs(p.support) + 3)}" y1="${px(y(p.lower))}" y2="${px(y(p.lower))}"/>` +
        `<line class="whisker" x1="${px(xs(p.support) - 3)}" x2="${px(xs(p.support) + 3)}" y1="${px(y(p.upper))}" y2="${px(y(p.upper))}"/>` +
        `<circle class="dot" cx="${cx}" cy="${px(y(p.precision))}" r="4"/></a>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}
