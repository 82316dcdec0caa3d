import { escapeHtml } from '../escape.js';
import { count, px, ratio } from '../format.js';
import { niceTicks } from './bars.js';
import { axisTitle, clip, type Frame, linear, svgOpen, xTick, yTick } from './frame.js';

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

/** Past this largest support the x axis is logarithmic; up to it, linear from 0. */
const LOG_SUPPORT_FROM = 50;

/** Points labelled with their rule's name: the harmful ones, then those with the most false positives. */
const LABELLED_OUTLIERS = 5;

/** Rules drawn at the same place (same support and precision) as one point with a count. */
export interface PointGroup {
  points: PrecisionPoint[];
  support: number;
  precision: number;
}

/** Groups rules that would be drawn on top of each other: same support, same precision to 3 decimals. */
export function groupPoints(points: readonly PrecisionPoint[]): PointGroup[] {
  const m = new Map<string, PointGroup>();
  for (const p of points) {
    const k = `${p.support}|${p.precision.toFixed(3)}`;
    const g = m.get(k);
    if (g) g.points.push(p);
    else m.set(k, { points: [p], support: p.support, precision: p.precision });
  }
  return [...m.values()];
}

/** The x axis fitted to the supports: linear from 0 to a round maximum, or log from 1 past LOG_SUPPORT_FROM. */
export function supportAxis(maxSupport: number, r0: number, r1: number): { x: (v: number) => number; ticks: number[]; log: boolean; max: number } {
  if (maxSupport <= LOG_SUPPORT_FROM) {
    const ticks = niceTicks(0, Math.max(1, maxSupport)).filter((t) => Number.isInteger(t));
    const max = Math.max(1, maxSupport, ticks[ticks.length - 1] ?? 1);
    return { x: linear(0, max, r0, r1), ticks: ticks.length ? ticks : [0, 1], log: false, max };
  }
  const top = Math.log10(maxSupport);
  const steps = [1, 2, 5];
  const ticks: number[] = [];
  const decades = Math.ceil(top);
  for (let k = 0; k <= decades; k++) for (const s of decades <= 3 ? steps : [1]) if (s * 10 ** k <= maxSupport * 1.0001) ticks.push(s * 10 ** k);
  const max = Math.max(maxSupport, ticks[ticks.length - 1]!);
  const lx = linear(0, Math.log10(max), r0, r1);
  return { x: (v) => lx(Math.log10(Math.max(1, v))), ticks, log: true, max };
}

/**
 * Precision (y) against support (x) for every rule that produced output, each with its Wilson
 * interval drawn as a whisker: a rule high on the plot with a short whisker is precise and well
 * attested; a long whisker says "too few outputs to tell". Both axes are fitted to the data.
 * Rules at the same place are one point with a count (all their names in its tooltip); the
 * harmful rules and those with the most false positives are labelled. Each point links to a card.
 */
export function precisionSupportPlot(points: readonly PrecisionPoint[], z: number): string {
  const f = FRAME;
  const maxSupport = Math.max(1, ...points.map((p) => p.support));
  const ax = supportAxis(maxSupport, f.left + 8, f.width - f.right - 8);
  const lowest = Math.min(1, ...points.map((p) => p.lower));
  // A tenth below the lowest whisker, so no whisker sits on the axis.
  const y0 = Math.max(0, Math.floor((lowest - 0.05) * 10) / 10);
  const y = linear(y0, 1, f.height - f.bottom, f.top);
  const parts: string[] = [svgOpen('precision-support', f, `Precision against support with Wilson intervals (z = ${z})`)];
  for (const t of niceTicks(y0, 1)) parts.push(yTick(f, y(t), t.toFixed(2)));
  for (const t of ax.ticks) parts.push(xTick(f, ax.x(t), count(t)));
  parts.push(axisTitle(f, 'x', `support (TP + FP${ax.log ? ', log scale' : ''})`), axisTitle(f, 'y', 'precision'));
  if (!points.length)
    parts.push(`<text class="empty-note" x="${px(f.width / 2)}" y="${px(f.height / 2)}" text-anchor="middle">no rule produced output on this split</text>`);
  const groups = groupPoints(points);
  const fps = (g: PointGroup) => g.support * (1 - g.precision);
  const labelled = new Set(
    [...groups]
      .sort((a, b) => Number(b.points.some((p) => p.harmful)) - Number(a.points.some((p) => p.harmful)) || fps(b) - fps(a))
      .filter((g) => fps(g) > 0 || g.points.some((p) => p.harmful))
      .slice(0, LABELLED_OUTLIERS),
  );
  for (const g of groups) {
    const p = g.points[0]!;
    const n = g.points.length;
    const cx = ax.x(g.support);
    const cy = y(g.precision);
    const names = g.points.slice(0, 12).map((q) => q.name);
    const title =
      `${n > 1 ? `${n} rules: ${names.join('; ')}${n > names.length ? `; and ${n - names.length} more` : ''}` : p.name}: ` +
      `precision ${ratio(p.precision)}, support ${count(p.support)}, Wilson [${ratio(p.lower)}, ${ratio(p.upper)}]`;
    const harmful = g.points.some((q) => q.harmful);
    const w = (v: number) => px(Math.max(f.top, Math.min(f.height - f.bottom, y(v))));
    parts.push(
      `<a href="${escapeHtml(p.href)}" class="point${harmful ? ' harmful' : ''}" data-rule-id="${escapeHtml(p.id)}" data-count="${n}" ` +
        `data-precision="${p.precision}" data-support="${p.support}" data-lower="${p.lower}" data-upper="${p.upper}">` +
        `<title>${escapeHtml(title)}</title>` +
        `<line class="whisker" x1="${px(cx)}" x2="${px(cx)}" y1="${w(p.lower)}" y2="${w(p.upper)}"/>` +
        `<line class="whisker" x1="${px(cx - 3)}" x2="${px(cx + 3)}" y1="${w(p.lower)}" y2="${w(p.lower)}"/>` +
        `<line class="whisker" x1="${px(cx - 3)}" x2="${px(cx + 3)}" y1="${w(p.upper)}" y2="${w(p.upper)}"/>` +
        `<circle class="dot" cx="${px(cx)}" cy="${px(cy)}" r="${n > 1 ? 6 : 4}"/>` +
        (n > 1 ? `<text class="count small" x="${px(cx)}" y="${px(cy + 3)}" text-anchor="middle">${n}</text>` : '') +
        (labelled.has(g)
          ? `<text class="point-label small" x="${px(cx + (cx > f.width * 0.7 ? -9 : 9))}" y="${px(cy - 6)}" text-anchor="${cx > f.width * 0.7 ? 'end' : 'start'}">${escapeHtml(clip(n > 1 ? `${p.name} +${n - 1}` : p.name, 40))}</text>`
          : '') +
        '</a>',
    );
  }
  parts.push('</svg>');
  return parts.join('');
}
