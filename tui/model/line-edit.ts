/** A one-line text being edited: the value and the caret position. */
export interface LineState {
  readonly value: string;
  readonly caret: number;
}

/** The subset of Ink's key object that editing reads. */
export interface EditKey {
  readonly leftArrow?: boolean;
  readonly rightArrow?: boolean;
  readonly backspace?: boolean;
  readonly delete?: boolean;
  readonly ctrl?: boolean;
  readonly meta?: boolean;
  readonly home?: boolean;
  readonly end?: boolean;
  readonly return?: boolean;
  readonly escape?: boolean;
  readonly tab?: boolean;
  readonly upArrow?: boolean;
  readonly downArrow?: boolean;
}

export const lineOf = (value: string): LineState => ({ value, caret: value.length });

/**
 * Applies one keypress to a line: printable input is inserted at the caret, backspace and
 * delete remove a character, arrows, home/end, ctrl-a/ctrl-e move, ctrl-u clears to the start,
 * ctrl-w deletes a word. Keys it does not handle (enter, esc, tab, up/down) return null so the
 * screen can act on them.
 */
export function editLine(s: LineState, input: string, key: EditKey): LineState | null {
  const { value, caret } = s;
  if (key.return || key.escape || key.tab || key.upArrow || key.downArrow) return null;
  // Terminals send DEL (0x7f) for the backspace key and Ink reports it as `delete`, the same
  // name it gives the forward-delete key, so both erase the character before the caret.
  if (key.backspace || key.delete) {
    if (caret === 0) return s;
    return { value: value.slice(0, caret - 1) + value.slice(caret), caret: caret - 1 };
  }
  if (key.leftArrow) return { value, caret: Math.max(0, caret - 1) };
  if (key.rightArrow) return { value, caret: Math.min(value.length, caret + 1) };
  if (key.home || (key.ctrl && input === 'a')) return { value, caret: 0 };
  if (key.end || (key.ctrl && input === 'e')) return { value, caret: value.length };
  if (key.ctrl && input === 'u') return { value: value.slice(caret), caret: 0 };
  if (key.ctrl && input === 'w') {
    const before = value.slice(0, caret).replace(/\S+\s*$/, '');
    return { value: before + value.slice(caret), caret: before.length };
  }
  if (key.ctrl || key.meta || input === '') return s;
  // Pasted text may carry newlines; a one-line field keeps them as spaces.
  const text = input.replace(/[\r\n]+/g, ' ');
  return { value: value.slice(0, caret) + text + value.slice(caret), caret: caret + text.length };
}
