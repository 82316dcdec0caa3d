import { describe, expect, test } from 'vitest';
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
