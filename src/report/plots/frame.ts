import { escapeHtml } from '../escape.js';
import { px } from '../format.js';

/** The plot area inside an SVG: its size and margins. */
export interface Frame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Maps a domain linearly onto a range. */
export function linear(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  const span = d1 - d0 || 1;
  return (v) => r0 + ((v - d0) / span) * (r1 - r0);
}

/** Opens an inline SVG plot (HTML needs no xmlns): sized by its viewBox, labelled for screen readers, named by `data-plot`. */
export function svgOpen(name: string, f: Frame, label: string): string {
  return (
    `<svg class="plot" data-plot="${escapeHtml(name)}" viewBox="0 0 ${f.width} ${f.height}" width="${f.width}" height="${f.height}" ` +
    `role="img" aria-label="${escapeHtml(label)}">`
  );
}

/** A horizontal grid line with its tick label on the left. */
export function yTick(f: Frame, y: number, text: string): string {
  return (
    `<line class="grid" x1="${f.left}" x2="${f.width - f.right}" y1="${px(y)}" y2="${px(y)}"/>` +
    `<text class="tick" x="${f.left - 6}" y="${px(y + 4)}" text-anchor="end">${escapeHtml(text)}</text>`
  );
}

/** A vertical grid line with its tick label below the plot. */
export function xTick(f: Frame, x: number, text: string): string {
  return (
    `<line class="grid" x1="${px(x)}" x2="${px(x)}" y1="${f.top}" y2="${f.height - f.bottom}"/>` +
    `<text class="tick" x="${px(x)}" y="${f.height - f.bottom + 16}" text-anchor="middle">${escapeHtml(text)}</text>`
  );
}

/** An axis title: `x` under the plot, `y` rotated on the left. */
export function axisTitle(f: Frame, axis: 'x' | 'y', text: string): string {
  if (axis === 'x')
    return `<text class="axis-title" x="${px(f.left + (f.width - f.left - f.right) / 2)}" y="${f.height - 4}" text-anchor="middle">${escapeHtml(text)}</text>`;
  const cy = f.top + (f.height - f.top - f.bottom) / 2;
  return `<text class="axis-title" x="12" y="${px(cy)}" text-anchor="middle" transform="rotate(-90 12 ${px(cy)})">${escapeHtml(text)}</text>`;
}

/** A string cut to `max` characters with an ellipsis (for labels inside a plot; the full text goes in a title). */
export function clip(s: string, max: number): string {
  const chars = [...s.replace(/\s+/g, ' ')];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}
