/** A hint's width on the footer: `keys does`, and two spaces before the next. */
const widthOf = (h: { keys: string; does: string }) => h.keys.length + 1 + h.does.length;

/**
 * The hints that fit in `width` columns (two spaces between), chosen shortest first so as many
 * as possible show, kept in the table's order; `more` is true when some were left out (the
 * help overlay has them all).
 */
export function fitHints<H extends { keys: string; does: string }>(hints: readonly H[], width: number): { shown: H[]; more: boolean } {
  const byLength = hints.map((h, i) => ({ h, i, w: widthOf(h) })).sort((a, b) => a.w - b.w || a.i - b.i);
  const keep = new Set<number>();
  let used = 0;
  for (const x of byLength) {
    const need = x.w + (keep.size ? 2 : 0);
    if (used + need > width) break;
    keep.add(x.i);
    used += need;
  }
  return { shown: hints.filter((_, i) => keep.has(i)), more: keep.size < hints.length };
}
