/**
 * A cursor over a long list shown through a window of `height` rows: the selected index and the
 * first visible row. Moves keep the cursor inside the window with the least scrolling, so paging
 * through thousands of rows only ever draws one window of them.
 */
export interface ListCursor {
  readonly index: number;
  readonly top: number;
}

export type CursorMove = 'up' | 'down' | 'pageUp' | 'pageDown' | 'halfUp' | 'halfDown' | 'first' | 'last';

export const START: ListCursor = { index: 0, top: 0 };

/** The cursor after a move, clamped to `count` rows and scrolled to stay visible. */
export function moveCursor(c: ListCursor, move: CursorMove, count: number, height: number): ListCursor {
  const h = Math.max(1, height);
  const page = Math.max(1, h - 1);
  const half = Math.max(1, Math.floor(h / 2));
  const step: Record<CursorMove, number> = {
    up: -1,
    down: 1,
    pageUp: -page,
    pageDown: page,
    halfUp: -half,
    halfDown: half,
    first: -Infinity,
    last: Infinity,
  };
  const index = clampIndex(c.index + step[move], count);
  // Paging moves the window with the cursor so the view turns a page, not a line at a time.
  const paged = move === 'pageUp' || move === 'pageDown' || move === 'halfUp' || move === 'halfDown';
  const top = paged ? c.top + (index - c.index) : c.top;
  return settle({ index, top }, count, h);
}

/** Re-clamps a cursor after the list or the window changed size (e.g. a filter). */
export function settle(c: ListCursor, count: number, height: number): ListCursor {
  const h = Math.max(1, height);
  const index = clampIndex(c.index, count);
  let top = Math.min(c.top, index);
  if (index >= top + h) top = index - h + 1;
  top = Math.max(0, Math.min(top, Math.max(0, count - h)));
  return index === c.index && top === c.top ? c : { index, top };
}

function clampIndex(i: number, count: number): number {
  if (count <= 0) return 0;
  if (i < 0) return 0;
  if (i >= count) return count - 1;
  return i;
}
