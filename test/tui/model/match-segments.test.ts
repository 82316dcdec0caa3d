import { describe, expect, test } from 'vitest';
import { markSegments, matchSegments, steppedFocus, windowSegments } from '../../../tui/model/match-segments.js';

const join = (segs: readonly { text: string }[]) => segs.map((s) => s.text).join('');

describe('matched text of a long example', () => {
  const text = `${'x'.repeat(10)}FIRST${'y'.repeat(230)}LAST${'z'.repeat(50)}`;
  const matches = [
    { start: 10, end: 15 },
    { start: 245, end: 249 },
  ];
  const segs = matchSegments(text, matches);

  test('segments cut at every match boundary and know what covers them', () => {
    expect(join(segs)).toBe(text);
    expect(segs.filter((s) => s.covers.length).map((s) => s.text)).toEqual(['FIRST', 'LAST']);
  });

  test.each<[string, number, RegExp]>([
    ['the first match', 10, /^x+FIRSTy+…$/],
    ['the last match', 245, /^…y+LASTz+…$/],
  ])('a text longer than the area is a window around %s, with … where text is left out', (_t, focus, shape) => {
    const w = windowSegments(segs, text.length, 60, focus);
    expect(join(w)).toMatch(shape);
    expect(join(w).length).toBeLessThanOrEqual(60);
  });

  test('a text that fits is shown whole', () => {
    expect(join(windowSegments(segs, text.length, 1000, 245))).toBe(text);
  });
});

describe('the text cursor on the matched text', () => {
  const text = 'Ann met Bob in Oslo.';
  const segs = matchSegments(text, [{ start: 8, end: 11 }]);
  /** Each piece as `text` with `*` when selected, `|` when under the caret and `#` when matched. */
  const pieces = (marked: ReturnType<typeof markSegments>) => marked.map((s) => `${s.caret ? '|' : ''}${s.text}${s.selected ? '*' : ''}${s.covers.length ? '#' : ''}`);

  test.each([
    ['a selection inside a match cuts it, keeping what covers each piece', { start: 9, end: 14 }, null, ['Ann met ', 'B#', 'ob*#', ' in*', ' Oslo.']],
    ['the caret is the one character it is on', null, { start: 4, end: 5 }, ['Ann ', '|m', 'et ', 'Bob#', ' in Oslo.']],
    ['a caret at the end of the text gets an empty piece to stand on', null, { start: 20, end: 20 }, ['Ann met ', 'Bob#', ' in Oslo.', '|']],
  ])('%s', (_what, selection, caret, shown) => {
    const marked = markSegments(segs, text.length, selection, caret);
    expect(pieces(marked)).toEqual(shown);
    expect(marked.map((s) => s.text).join('')).toBe(text);
  });

  test('the … of a window is never marked', () => {
    const long = `${'x'.repeat(100)}Bob`;
    const w = windowSegments(matchSegments(long, [{ start: 100, end: 103 }]), long.length, 20, 100);
    const marked = markSegments(w, long.length, { start: 0, end: long.length }, null);
    expect(marked.filter((s) => s.text === '…').map((s) => s.selected)).toEqual([false]);
  });
});

describe('the window round a moving text cursor', () => {
  const text = 'abcdefghij'.repeat(30);
  const segs = matchSegments(text, []);
  const shown = (caret: number) => {
    const w = windowSegments(segs, text.length, 40, steppedFocus(caret, 40));
    const from = w.find((s) => s.text !== '…')!.start;
    return { from, to: from + w.filter((s) => s.text !== '…').reduce((n, s) => n + s.text.length, 0) };
  };

  test('every caret position is inside the window, with room on both sides away from the ends', () => {
    for (let caret = 0; caret <= text.length; caret++) {
      const { from, to } = shown(caret);
      expect(caret, `caret ${caret} in ${from}-${to}`).toBeGreaterThanOrEqual(from);
      expect(caret).toBeLessThanOrEqual(to);
      if (from > 0 && to < text.length) expect(Math.min(caret - from, to - caret)).toBeGreaterThanOrEqual(9);
    }
  });

  test('the window stays put while the caret moves inside it, then steps half a window', () => {
    const froms = [...new Set(Array.from({ length: 120 }, (_, caret) => shown(caret).from))];
    expect(froms.length).toBeLessThan(10);
    for (let i = 1; i < froms.length; i++) expect(froms[i]! - froms[i - 1]!).toBeGreaterThanOrEqual(9);
  });
});
