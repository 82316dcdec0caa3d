import { escapeHtml } from '../escape.js';
import { px } from '../format.js';
import { clip, type Frame, linear, svgOpen, xTick } from './frame.js';

/** One bar: a labelled value (null: no bar, an en dash). */
export interface Bar {
  key: string;
  label: string;
  value: number | null;
  /** Text printed after the bar. */
  text: string;
  /** Hover text. */
  title: string;
  /** Where the bar links to (a rule card), if anywhere. */
  href?: string;
  /** Extra class (e.g. `negative`). */
  className?: string;
}

export interface BarChartOptions {
  name: string;
  label: string;
  /** The value axis: fixed, or (default) from the data, always including 0. */
  domain?: [number, number];
  /** Smallest half-width of a data-driven domain, so all-zero values still draw an axis. */
  minExtent?: number;
  axisTitle: string;
}

const ROW = 20;
/** A row tall enough for a label on two lines. */
const ROW2 = 32;
/** Characters of a label line (what the left margin holds). */
const LABEL_LINE = 32;

/** A label on at most two lines of LABEL_LINE characters, broken at spaces where it can be; the rest is cut (the tooltip has it whole). */
export function wrapLabel(label: string, width = LABEL_LINE): string[] {
  const chars = [...label.replace(/\s+/g, ' ').trim()];
  if (chars.length <= width) return [chars.join('')];
  let cut = chars.lastIndexOf(' ', width);
  if (cut < width / 2) cut = width;
  const first = chars.slice(0, cut).join('').trimEnd();
  return [first, clip(chars.slice(cut).join('').trimStart(), width)];
}

/**
 * A horizontal bar chart, one row per item, bars growing from zero (left for negative values).
 * Used for the marginal F1 of each rule and the F1 of each class.
 */
export function barChart(bars: readonly Bar[], o: BarChartOptions): string {
  const lines = bars.map((b) => wrapLabel(b.label));
  const row = lines.some((l) => l.length > 1) ? ROW2 : ROW;
  const f: Frame = { width: 640, height: 48 + Math.max(1, bars.length) * row, left: 200, right: 70, top: 8, bottom: 40 };
  const values = bars.map((b) => b.value).filter((v): v is number => v !== null && Number.isFinite(v));
  const ext = o.minExtent ?? 0.01;
  const [d0, d1] = o.domain ?? [Math.min(0, ...values, values.some((v) => v < 0) ? -ext : 0), Math.max(0, ...values, ext)];
  const x = linear(d0, d1, f.left, f.width - f.right);
  const parts: string[] = [svgOpen(o.name, f, o.label)];
  const ticks = niceTicks(d0, d1);
  for (const t of ticks) parts.push(xTick(f, x(t), t.toFixed(Math.abs(d1 - d0) < 0.2 ? 3 : 2)));
  parts.push(`<line class="zero" x1="${px(x(0))}" x2="${px(x(0))}" y1="${f.top}" y2="${f.height - f.bottom}"/>`);
  parts.push(`<text class="axis-title" x="${px(f.left + (f.width - f.left - f.right) / 2)}" y="${f.height - 4}" text-anchor="middle">${escapeHtml(o.axisTitle)}</text>`);
  if (!bars.length) parts.push(`<text class="empty-note" x="${px(f.width / 2)}" y="${f.top + 14}" text-anchor="middle">nothing to show</text>`);
  bars.forEach((b, i) => {
    const top = f.top + i * row + (row - ROW) / 2 + 3;
    const l = lines[i]!;
    const label =
      l.length === 1
        ? `<text class="bar-label" x="${f.left - 8}" y="${px(top + 11)}" text-anchor="end">${escapeHtml(l[0])}</text>`
        : `<text class="bar-label" x="${f.left - 8}" y="${px(top + 4)}" text-anchor="end"><tspan x="${f.left - 8}">${escapeHtml(l[0])}</tspan><tspan x="${f.left - 8}" dy="12">${escapeHtml(l[1])}</tspan></text>`;
    const v = b.value;
    const a = x(0);
    const e = v === null || !Number.isFinite(v) ? a : x(v);
    const open = b.href ? `<a href="${escapeHtml(b.href)}">` : '';
    const close = b.href ? '</a>' : '';
    parts.push(
      `<g class="bar-row${b.className ? ` ${escapeHtml(b.className)}` : ''}" data-key="${escapeHtml(b.key)}" data-value="${v === null ? '' : v}">` +
        `<title>${escapeHtml(b.title)}</title>${open}` +
        label +
        (v === null ? '' : `<rect class="bar" x="${px(Math.min(a, e))}" y="${px(top)}" width="${px(Math.max(1, Math.abs(e - a)))}" height="${ROW - 6}"/>`) +
        `<text class="bar-value" x="${px(Math.max(a, e) + 4)}" y="${px(top + 11)}">${escapeHtml(b.text)}</text>${close}</g>`,
    );
  });
  parts.push('</svg>');
  return parts.join('');
}

/** About five round tick values covering [d0, d1], zero included when inside. */
export function niceTicks(d0: number, d1: number): number[] {
  const span = d1 - d0;
  if (!(span > 0)) return [d0];
  const raw = span / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let t = Math.ceil(d0 / step) * step; t <= d1 + step * 1e-9; t += step) out.push(Math.abs(t) < step * 1e-9 ? 0 : Number(t.toPrecision(12)));
  return out;
}
