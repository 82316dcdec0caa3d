import { useCallback, useState } from 'react';
import { type CursorMove, type ListCursor, moveCursor, settle, START } from '../model/list-cursor.js';

/** Ink's key flags that list navigation reads. */
export interface NavKey {
  readonly upArrow?: boolean;
  readonly downArrow?: boolean;
  readonly pageUp?: boolean;
  readonly pageDown?: boolean;
  readonly home?: boolean;
  readonly end?: boolean;
  readonly ctrl?: boolean;
}

/** The list move a key means: j/k and arrows, g/G and home/end, PgUp/PgDn and ctrl-u/ctrl-d. */
function moveForKey(input: string, key: NavKey): CursorMove | null {
  if (key.upArrow || (input === 'k' && !key.ctrl)) return 'up';
  if (key.downArrow || (input === 'j' && !key.ctrl)) return 'down';
  if (key.pageUp || (key.ctrl && input === 'b')) return 'pageUp';
  if (key.pageDown || (key.ctrl && input === 'f')) return 'pageDown';
  if (key.ctrl && input === 'u') return 'halfUp';
  if (key.ctrl && input === 'd') return 'halfDown';
  if (key.home || input === 'g') return 'first';
  if (key.end || input === 'G') return 'last';
  return null;
}

export interface ListNav {
  readonly cursor: ListCursor;
  /** Applies a navigation key; true when the key was one. */
  onKey(input: string, key: NavKey): boolean;
  set(index: number): void;
}

/** A cursor over `count` rows seen through `height` rows, kept valid as either changes. */
export function useListCursor(count: number, height: number, initial: ListCursor = START): ListNav {
  const [cursor, setCursor] = useState<ListCursor>(() => settle(initial, count, height));
  // A new size re-clamps the stored cursor in this render (not in an effect a frame later), so a
  // list that shrinks and grows again does not bring back an index it no longer had.
  const [size, setSize] = useState({ count, height });
  if (size.count !== count || size.height !== height) {
    setSize({ count, height });
    setCursor((c) => settle(c, count, height));
  }
  const onKey = useCallback(
    (input: string, key: NavKey) => {
      const move = moveForKey(input, key);
      if (!move) return false;
      setCursor((c) => moveCursor(c, move, count, height));
      return true;
    },
    [count, height],
  );
  const set = useCallback((index: number) => setCursor((c) => settle({ index, top: c.top }, count, height)), [count, height]);
  return { cursor: settle(cursor, count, height), onKey, set };
}
