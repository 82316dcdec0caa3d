import { describe, expect, test } from 'vitest';
import { codePointToUtf16Offsets, hasSurrogates } from '../../src/formats/offsets.js';

describe('codePointToUtf16Offsets', () => {
  test.each([
    ['ascii text is unchanged', 'hello world', [0, 5, 6, 11], [0, 5, 6, 11]],
    ['BMP non-ASCII is unchanged', 'Çağlayan “x”', [0, 8, 10, 11], [0, 8, 10, 11]],
    ['one emoji shifts later offsets by one', '😀 Bob', [2, 5], [3, 6]],
    ['offset at the emoji itself stays', '😀 Bob', [0, 1], [0, 2]],
    ['two emoji shift by two', 'a😀b😀c', [0, 1, 2, 3, 4, 5], [0, 1, 3, 4, 6, 7]],
    ['flag (two astral code points)', '🇭🇺 Budapest', [3, 11], [5, 13]],
    ['end of text maps to text length', 'x😀', [2], [3]],
    ['past the end stays past the end', 'x😀', [4], [5]],
    ['negative offsets are left for validation', 'x😀y', [-1], [-1]],
  ])('%s', (_title, text, offsets, expected) => {
    expect(codePointToUtf16Offsets(text, offsets)).toEqual(expected);
  });

  test('converted offsets slice the same text Python would', () => {
    const text = 'I ❤️ 🍕 in Napoli 🇮🇹!';
    // what Python's text.index('Napoli') gives: a code-point offset
    const cps = [...text];
    const cp = cps.findIndex((_, i) => cps.slice(i, i + 6).join('') === 'Napoli');
    expect(cp).toBeLessThan(text.indexOf('Napoli'));
    const [s, e] = codePointToUtf16Offsets(text, [cp, cp + 6]) as [number, number];
    expect(text.slice(s, e)).toBe('Napoli');
  });

  test.each([
    ['plain', 'abc', false],
    ['emoji', 'a😀', true],
    ['lone surrogate', 'a\uD800', true],
  ])('hasSurrogates: %s', (_t, text, expected) => {
    expect(hasSurrogates(text)).toBe(expected);
  });
});
