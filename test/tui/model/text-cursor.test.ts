import { describe, expect, test } from 'vitest';
import { caretRange, clampCursor, cursorAt, moveTextCursor, selectionOf, type TextCursor, type TextMove, textStops } from '../../../tui/model/text-cursor.js';

/** The moves the tests write as keys: `>`/`<` a character, `w`/`b` a word; `»`/`«` and `W`/`B` the same with shift. */
const KEYS: Record<string, [TextMove, boolean]> = {
  '>': ['right', false],
  '<': ['left', false],
  w: ['word-right', false],
  b: ['word-left', false],
  '»': ['right', true],
  '«': ['left', true],
  W: ['word-right', true],
  B: ['word-left', true],
};

/** The cursor after `keys` from a cursor at `from`. */
function after(text: string, from: number, keys: string): TextCursor {
  const stops = textStops(text);
  let c = cursorAt(from, stops);
  for (const k of keys) {
    const [move, extend] = KEYS[k]!;
    c = moveTextCursor(c, move, stops, extend);
  }
  return c;
}

const selected = (text: string, c: TextCursor) => {
  const s = selectionOf(c);
  return s && text.slice(s.start, s.end);
};

describe('the text cursor', () => {
  const text = 'Ann met Bob in Oslo.';

  test.each([
    ['one character right', 0, '>', 1],
    ['one character left', 5, '<', 4],
    ['no further left than the start', 0, '<<', 0],
    ['no further right than the end', 18, '>>>>', 20],
    ['a word on stops at its end', 0, 'w', 3],
    ['a word on again stops at the next start', 3, 'w', 4],
    ['a word back from inside a word goes to its start', 10, 'b', 8],
    ['a word back from a word start goes to the end of the one before', 8, 'b', 7],
    ['a word on past the last word goes to the end of the text', 19, 'w', 20],
    ['a word back from the start stays there', 0, 'b', 0],
  ])('moves %s', (_what, from, keys, caret) => {
    const c = after(text, from, keys);
    expect(c.caret).toBe(caret);
    expect(selectionOf(c)).toBeNull();
  });

  test.each([
    ['shift-right three times selects three characters', 8, '»»»', 'Bob', { start: 8, end: 11 }],
    ['shift-left selects backwards from the anchor', 11, '«««', 'Bob', { start: 8, end: 11 }],
    ['a shifted word on selects to the end of the word', 8, 'W', 'Bob', { start: 8, end: 11 }],
    ['shifted moves back past the anchor flip the selection', 8, '»««', ' ', { start: 7, end: 8 }],
    ['a shifted word back after a word on shrinks the selection again', 0, 'WWWB', 'Ann ', { start: 0, end: 4 }],
  ])('%s', (_what, from, keys, text_, range) => {
    const c = after(text, from, keys);
    expect(selected(text, c)).toBe(text_);
    expect(selectionOf(c)).toEqual(range);
  });

  test.each([
    ['left', '<', 8],
    ['right', '>', 11],
  ])('a plain %s move from a selection lands on its edge and drops it', (_dir, key, caret) => {
    const c = after(text, 8, `»»»${key}`);
    expect(c).toEqual({ caret, anchor: caret });
  });

  test('a word move without shift drops the selection', () => {
    expect(selectionOf(after(text, 8, '»»w'))).toBeNull();
  });

  test('selecting back to the anchor selects nothing', () => {
    expect(selectionOf(after(text, 8, '»«'))).toBeNull();
  });
});

describe('offsets are JS string offsets over whole characters', () => {
  // "😀" and "𝒳" are two UTF-16 units each; "é" here is e + a combining accent (two units, one character).
  const text = 'I 😀 Zoë and 𝒳 in 東京';

  test('a step over an emoji moves two string units, never into the middle of the pair', () => {
    expect(after(text, 2, '>').caret).toBe(4);
    expect(after(text, 4, '<').caret).toBe(2);
  });

  test('a letter with a combining accent is one step', () => {
    const accented = 'Zoe\u0301 ok';
    expect(after(accented, 2, '>').caret).toBe(4);
    expect(after(accented, 0, 'W').caret).toBe(4);
  });

  test.each([
    ['the emoji', 2, '»', '😀', { start: 2, end: 4 }],
    ['the wide characters as a word', text.indexOf('東'), 'W', '東京', { start: text.indexOf('東'), end: text.length }],
    ['the astral letter', text.indexOf('𝒳'), '»', '𝒳', { start: text.indexOf('𝒳'), end: text.indexOf('𝒳') + 2 }],
  ])('selecting %s gives the offsets the service slices with', (_what, from, keys, slice, range) => {
    const c = after(text, from, keys);
    expect(selectionOf(c)).toEqual(range);
    expect(selected(text, c)).toBe(slice);
  });

  test('a cursor placed inside a surrogate pair snaps back to the character start', () => {
    expect(cursorAt(3, textStops(text))).toEqual({ caret: 2, anchor: 2 });
  });
});

describe('clamping', () => {
  test.each([
    ['past the end', { caret: 40, anchor: 45 }, { caret: 5, anchor: 5 }],
    ['before the start', { caret: -3, anchor: 2 }, { caret: 0, anchor: 2 }],
  ])('a cursor %s of a shorter text is kept inside it', (_what, c, clamped) => {
    expect(clampCursor(c, textStops('hello'))).toEqual(clamped);
  });

  test('a cursor already inside is returned as it is', () => {
    const c = { caret: 1, anchor: 3 };
    expect(clampCursor(c, textStops('hello'))).toBe(c);
  });

  test.each([
    ['a character', 'hello', 1, { start: 1, end: 2 }],
    ['an emoji', 'a😀b', 1, { start: 1, end: 3 }],
    ['nothing at the end of the text', 'hello', 5, { start: 5, end: 5 }],
  ])('the caret covers %s', (_what, text, at, range) => {
    const stops = textStops(text);
    expect(caretRange(cursorAt(at, stops), stops)).toEqual(range);
  });

  test('an empty text has one place for the cursor', () => {
    const stops = textStops('');
    expect(moveTextCursor(cursorAt(0, stops), 'word-right', stops, true)).toEqual({ caret: 0, anchor: 0 });
  });
});
