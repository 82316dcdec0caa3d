import { describe, expect, test } from 'vitest';
import { matchSegments, windowSegments } from '../../../tui/model/match-segments.js';

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
