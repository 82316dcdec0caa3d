import { NONE, orNone } from '../../src/core/none.js';

/** Cell formatting shared by the screens. Empty ratios are shown as `NONE`, never as 0. */

/** A ratio as `.976` (three decimals, no leading zero), `1.00` for one, `NONE` for null. */
export function fmtRatio(v: number | null | undefined): string {
  return orNone(v, (x) => (x >= 1 ? '1.00' : x <= -1 ? '-1.0' : x.toFixed(3).replace(/^(-?)0\./, '$1.')));
}

/** A signed difference as `+.012` / `-.004` / `±0`, `NONE` for null. */
export function fmtDelta(v: number | null | undefined): string {
  return orNone(v, (x) => (Math.abs(x) < 5e-5 ? '±0' : `${x > 0 ? '+' : '-'}${fmtRatio(Math.abs(x))}`));
}

/** A count that fits a narrow cell: 1234 → `1234`, 12345 → `12k`, 1234567 → `1.2M`. */
export function fmtCount(n: number | null | undefined, width = 5): string {
  if (n === null || n === undefined) return NONE;
  const plain = Number.isInteger(n) ? String(n) : n.toFixed(1);
  if (plain.length <= width) return plain;
  if (n < 1e6) return `${Math.round(n / 1000)}k`;
  return `${(n / 1e6).toFixed(1)}M`;
}

/** `1 rule`, `2 rules`, `1,024 examples`: a count with its noun, plural when it is not 1. */
export function fmtNoun(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : nouns}`;
}

/** Milliseconds as `850 ms` or `2.4 s`. */
export function fmtMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** How long ago an ISO timestamp was, coarsely: `just now`, `5 min ago`, `3 h ago`, `2 d ago`. */
export function fmtAgo(iso: string, now = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const s = Math.max(0, (now - t) / 1000);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86400)} d ago`;
}

/**
 * Fits text to exactly `width` columns: pads, or cuts with `…`. Text is treated as one column
 * per UTF-16 unit, which holds for the ASCII and Latin text of rule names and numbers.
 */
export function fit(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  if (width <= 0) return '';
  const flat = text.replace(/[\r\n\t]+/g, ' ');
  if (flat.length > width) return width === 1 ? '…' : `${flat.slice(0, width - 1)}…`;
  return align === 'right' ? flat.padStart(width) : flat.padEnd(width);
}

/**
 * Fits text to exactly `width` columns, cutting the middle (`abc…xyz`) so both ends stay: the
 * start and end of a pattern tell rules apart better than either alone.
 */
export function fitMiddle(text: string, width: number): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ');
  if (flat.length <= width || width < 5) return fit(flat, width);
  const head = Math.ceil((width - 1) / 2);
  return `${flat.slice(0, head)}…${flat.slice(flat.length - (width - 1 - head))}`;
}
