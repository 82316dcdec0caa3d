import { useMemo, useState } from 'react';
import { type EditKey, editLine, type LineState, lineOf } from '../model/line-edit.js';
import { useCapture } from './use-capture.js';

/** A list screen's `/` text filter, typed in a one-line field. */
export interface FilterLine<F extends { text: string }> {
  /** The line being typed, or null when the filter is not being edited. */
  readonly editing: LineState | null;
  /** Starts typing from the filter's current text. */
  start(text: string): void;
  /**
   * Handles a key while typing: enter keeps the text in the filter, esc clears it, other keys
   * edit it. False when not typing, so the screen handles the key itself.
   */
  onKey(input: string, key: EditKey): boolean;
  /**
   * The filter with what is typed so far, so the rows follow the typing before enter. The same
   * object until the filter or the typed text changes, so it can key a memo.
   */
  readonly live: F;
}

/**
 * The `/` filter shared by the list screens. While it is typed it takes every key (useCapture),
 * so q or ? are text, not quit or help.
 */
export function useFilterLine<F extends { text: string }>(active: boolean, filter: F, setFilter: (update: (f: F) => F) => void): FilterLine<F> {
  const [editing, setEditing] = useState<LineState | null>(null);
  useCapture(active && editing !== null);
  const typed = editing?.value;
  const live = useMemo(() => (typed === undefined ? filter : { ...filter, text: typed }), [filter, typed]);
  return {
    editing,
    start: (text) => setEditing(lineOf(text)),
    onKey(input, key) {
      if (!editing) return false;
      if (key.return) {
        setFilter((f) => ({ ...f, text: editing.value }));
        setEditing(null);
      } else if (key.escape) {
        setFilter((f) => ({ ...f, text: '' }));
        setEditing(null);
      } else {
        const next = editLine(editing, input, key);
        if (next) setEditing(next);
      }
      return true;
    },
    live,
  };
}
