import { describe, expect, test } from 'vitest';
import { mulberry32 } from '../../../src/core/random.js';
import { alternation, commonPrefix, escapeRegex, labelWords, literalPattern, stem, tokenize } from '../../../src/learn/induce/text.js';

describe('text helpers', () => {
  test('tokenize lower-cases words and keeps inner apostrophes and offsets', () => {
    expect(tokenize("Why can't I use ATM-cash?")).toEqual([
      { norm: 'why', start: 0, end: 3 },
      { norm: "can't", start: 4, end: 9 },
      { norm: 'i', start: 10, end: 11 },
      { norm: 'use', start: 12, end: 15 },
      { norm: 'atm', start: 16, end: 19 },
      { norm: 'cash', start: 20, end: 24 },
    ]);
  });

  // The ASCII scanner must give what the word regex gives: checked on the edges and on random strings.
  const byRegex = (t: string) => [...t.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)].map((m) => ({ norm: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length }));
  test.each([["it's5"], ["a''b"], ["a'b'c d'"], ["'x"], ['x1y2'], ['AB_cd'], ["rock'n'roll!"], [' \t\n'], ['']])('tokenize %j as the word regex does', (text) => {
    expect(tokenize(text)).toEqual(byRegex(text));
  });

  test('tokenize agrees with the word regex on random text, ASCII or not', () => {
    const r = mulberry32(7);
    const alphabet = "aZ9' -’._\t\u00e9";
    for (let k = 0; k < 5000; k++) {
      const text = Array.from({ length: Math.floor(r() * 14) }, () => alphabet[Math.floor(r() * alphabet.length)]).join('');
      expect(tokenize(text), JSON.stringify(text)).toEqual(byRegex(text));
    }
  });

  test.each([
    ['withdrawal', 'withdraw'],
    ['pending', 'pend'],
    ['rates', 'rate'],
    ['exchange', 'exchang'],
    ['disposable', 'dispos'],
    ['card', 'card'],
    ['payments', 'payment'],
    ['çağ', 'çağ'],
  ])('stem(%s) = %s', (word, want) => {
    expect(stem(word)).toBe(want);
  });

  test.each([
    ['pending_card_payment', ['pending', 'card', 'payment']],
    ['CardArrival', ['card', 'arrival']],
    ['exchange-rate', ['exchange', 'rate']],
  ])('labelWords(%s)', (label, want) => {
    expect(labelWords(label)).toEqual(want);
  });

  test('literalPattern puts boundaries on word edges only and allows any whitespace between words', () => {
    expect(literalPattern('exchange  rate').src).toBe('\\bexchange\\s+rate\\b');
    expect(literalPattern('no.').src).toBe('\\bno\\.');
    const u = literalPattern('çağ');
    expect(u.unicode).toBe(true);
    expect(new RegExp(u.src, 'u').test('x çağ y')).toBe(true);
    expect(new RegExp(u.src, 'u').test('xçağ')).toBe(false);
  });

  test('escapeRegex escapes every syntax character', () => {
    const s = 'a.b*c+d?(e)[f]{g}|h^$\\/';
    expect(new RegExp(`^${escapeRegex(s)}$`).test(s)).toBe(true);
  });

  test('alternation lists longer literals first so a prefix never shadows them', () => {
    expect(alternation(['May', 'March', 'Mar'])).toBe('(?:March|Mar|May)');
    expect(alternation(['x.y'])).toBe('x\\.y');
  });

  test('commonPrefix', () => {
    expect(commonPrefix('beneficiary', 'beneficiery')).toBe('benefici');
    expect(commonPrefix('abc', 'xyz')).toBe('');
  });
});
