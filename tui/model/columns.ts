/** A table column before layout: a fixed width, or a share of what is left. */
export interface ColumnSpec {
  readonly key: string;
  readonly title: string;
  readonly width: number;
  /** Columns with `grow` share the remaining width in proportion (at least `width` each). */
  readonly grow?: number;
  readonly align?: 'left' | 'right';
  /** Dropped first when the table does not fit (higher drops earlier). */
  readonly dropOrder?: number;
}

export interface LaidColumn extends ColumnSpec {
  readonly width: number;
}

/**
 * Fits columns into `total` characters (one space between columns, `gutter` for the cursor
 * mark): drops the optional columns that do not fit, then gives the spare width to the growing
 * columns.
 */
export function layoutColumns(specs: readonly ColumnSpec[], total: number, gutter = 2): LaidColumn[] {
  let cols = [...specs];
  const need = (cs: readonly ColumnSpec[]) => gutter + cs.reduce((n, c) => n + c.width, 0) + Math.max(0, cs.length - 1);
  const droppable = cols.filter((c) => c.dropOrder !== undefined).sort((a, b) => (b.dropOrder ?? 0) - (a.dropOrder ?? 0));
  for (const d of droppable) {
    if (need(cols) <= total) break;
    cols = cols.filter((c) => c !== d);
  }
  const spare = Math.max(0, total - need(cols));
  const growers = cols.filter((c) => (c.grow ?? 0) > 0);
  const shares = growers.reduce((n, c) => n + (c.grow ?? 0), 0);
  let given = 0;
  return cols.map((c) => {
    if (!c.grow || !shares) return c;
    const last = c === growers[growers.length - 1];
    const extra = last ? spare - given : Math.floor((spare * c.grow) / shares);
    given += extra;
    return { ...c, width: c.width + extra };
  });
}
