/**
 * A text cursor over an example's text, and the selection it extends: the caret and the anchor
 * where shift-moving began (equal when nothing is selected). Offsets are JS string (UTF-16)
 * indices, the offsets the service's spans use; moves step over whole graphemes (an emoji, a
 * letter with its accents, a surrogate pair) so a selection never cuts a character in two.
 */
export interface TextCursor {
  readonly caret: number;
  readonly anchor: number;
}

/** Where the cursor may stop in one text: grapheme boundaries, and where words begin and end. */
export interface TextStops {
  readonly length: number;
  /** Every grapheme boundary, ascending, 0 and the text's length included. */
  readonly chars: readonly number[];
  /** Every start and end of a word, ascending, 0 and the text's length included. */
  readonly words: readonly number[];
}

export type TextMove = 'left' | 'right' | 'word-left' | 'word-right';

/** A selected stretch, end-exclusive, as the service's `span: {start, end}` takes it. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/** The stops of a text; computed once per text, as segmenting a long one is the costly part. */
export function textStops(text: string): TextStops {
  const chars = [...graphemes.segment(text)].map((s) => s.index);
  chars.push(text.length);
  const edges = new Set([0, text.length]);
  for (const s of words.segment(text)) {
    if (!s.isWordLike) continue;
    edges.add(s.index);
    edges.add(s.index + s.segment.length);
  }
  return { length: text.length, chars, words: [...edges].sort((a, b) => a - b) };
}

/** A cursor with nothing selected, at `offset` snapped back to a grapheme boundary. */
export function cursorAt(offset: number, stops: TextStops): TextCursor {
  const caret = snap(offset, stops);
  return { caret, anchor: caret };
}

/**
 * The cursor after a move. With `extend` the anchor stays and the selection grows or shrinks;
 * without it the selection is dropped, and a one-character move from a selection lands on the
 * selection's edge in that direction (as text fields do) instead of stepping past it.
 */
export function moveTextCursor(c: TextCursor, move: TextMove, stops: TextStops, extend: boolean): TextCursor {
  const from = clampCursor(c, stops);
  const sel = selectionOf(from);
  if (!extend && sel && (move === 'left' || move === 'right')) return cursorAt(move === 'left' ? sel.start : sel.end, stops);
  const list = move === 'left' || move === 'right' ? stops.chars : stops.words;
  const caret = move === 'left' || move === 'word-left' ? before(list, from.caret) : after(list, from.caret, stops.length);
  return { caret, anchor: extend ? from.anchor : caret };
}

/** The selected range, or null when the caret and the anchor meet. */
export function selectionOf(c: TextCursor): TextRange | null {
  if (c.caret === c.anchor) return null;
  return { start: Math.min(c.caret, c.anchor), end: Math.max(c.caret, c.anchor) };
}

/** The cursor kept inside a text (a text that changed or shrank) and on its grapheme boundaries. */
export function clampCursor(c: TextCursor, stops: TextStops): TextCursor {
  const caret = snap(c.caret, stops);
  const anchor = snap(c.anchor, stops);
  return caret === c.caret && anchor === c.anchor ? c : { caret, anchor };
}

/** The grapheme the caret is on (empty at the end of the text): what a block caret covers. */
export function caretRange(c: TextCursor, stops: TextStops): TextRange {
  return { start: c.caret, end: after(stops.chars, c.caret, stops.length) };
}

/** The last stop at or before `offset`, inside the text. */
function snap(offset: number, stops: TextStops): number {
  const o = Math.max(0, Math.min(stops.length, offset));
  let best = 0;
  for (const s of stops.chars) {
    if (s > o) break;
    best = s;
  }
  return best;
}

function before(list: readonly number[], offset: number): number {
  let best = 0;
  for (const s of list) {
    if (s >= offset) break;
    best = s;
  }
  return best;
}

function after(list: readonly number[], offset: number, length: number): number {
  for (const s of list) if (s > offset) return s;
  return length;
}
