import { describe, expect, test } from 'vitest';
import { LruCache } from '../../../src/core/regex/cache.js';
import { compilePattern } from '../../../src/core/regex/compile.js';
import { groupNumber, matchSpans } from '../../../src/core/regex/match.js';
import { thrown } from '../../helpers/errors.js';

const spansOf = (pattern: string, text: string, dialect: 'js' | 'python' = 'python', flags = ''): (number[] | null)[][] =>
  [...matchSpans(compilePattern(pattern, flags, dialect), text)].map((m) => m.map((s) => (s ? [...s] : null)));

describe('js dialect', () => {
  test.each([
    ['(?<year>\\d{4})-(\\d\\d)', '', 'on 2021-03', [[[3, 10], [3, 7], [8, 10]]], [undefined, 'year', undefined]],
    ['(?P<word>[a-z]+)', '', 'ab CD', [[[0, 2], [0, 2]]], [undefined, 'word']],
    ['(?i)cd', '', 'ab CD', [[[3, 5]]], [undefined]],
    ['a.b', 's', 'a\nb', [[[0, 3]]], [undefined]],
    ['(?s)a.b', '', 'a\nb', [[[0, 3]]], [undefined]],
    ['a b # comment', 'x', 'ab a b', [[[0, 2]]], [undefined]],
    ['\\p{Lu}\\p{Ll}+', '', 'x Çağlayan 𝐀bc', [[[2, 10]], [[11, 15]]], [undefined]],
    ["\\p{L}+\\'", '', "it's", [[[0, 3]]], [undefined]],
  ])('%j (flags %j) on %j gives the JavaScript spans', (pattern, flags, text, expected, names) => {
    const cp = compilePattern(pattern, flags, 'js');
    expect(cp.regex.flags).toContain('d');
    expect(cp.regex.flags).toContain('g');
    expect(cp.groupNames).toEqual(names);
    expect(cp.groupCount).toBe(names.length - 1);
    expect(spansOf(pattern, text, 'js', flags)).toEqual(expected);
  });

  test('\\p{...} runs natively in u-mode (current Unicode, astral characters) when the pattern allows it', () => {
    const cp = compilePattern('\\p{L}+', '', 'js');
    expect(cp.regex.unicode).toBe(true);
    expect(cp.regex.source).toBe('\\p{L}+');
    expect(spansOf('\\p{L}+', '\uA7CB𝐀', 'js')).toEqual([[[0, 3]]]);
  });

  test('a pattern that does not compile is an INVALID_RULE error naming the dialect', () => {
    const e = thrown(() => compilePattern('(a', '', 'js'));
    expect(e.code).toBe('INVALID_RULE');
    expect(e.message).toMatch(/^js dialect: pattern does not compile/);
  });
});

describe('python dialect', () => {
  test('compiles to a u-mode RegExp with g and d, and keeps group names', () => {
    const cp = compilePattern('(?P<first>\\w+)\\s(?P<last>\\w+)', '', 'python');
    expect(cp.regex.flags).toBe('dgu');
    expect(cp.groupNames).toEqual([undefined, 'first', 'last']);
    expect(cp.groupCount).toBe(2);
    expect(spansOf('(?P<first>\\w+)\\s(?P<last>\\w+)', 'Ali Çağlayan')).toEqual([[[0, 12], [0, 3], [4, 12]]]);
  });

  test.each([
    ['\\w+', 'Sarısoy naïve ٣٤', [[[0, 7]], [[8, 13]], [[14, 16]]]],
    ['\\d+', '٣٤ 12', [[[0, 2]], [[3, 5]]]],
    ['a.b', 'a\rb a\u2028b a\nb', [[[0, 3]], [[4, 7]]]],
    ['b$', 'ab\n', [[[1, 2]]]],
    ['b\\Z', 'ab\n', []],
    ["\\'\\\"\\-\\ \\#", '\'"- #', [[[0, 5]]]],
    ['x{,2}', 'xxx', [[[0, 2]], [[2, 3]], [[3, 3]]]],
    ['(?i)ı', 'I i İ ı', [[[0, 1]], [[6, 7]]]],
    ['\\bSarısoy\\b', 'Sarısoyu Sarısoy', [[[9, 16]]]],
  ])('%j on %j gives the spans Python gives', (pattern, text, expected) => {
    expect(spansOf(pattern, text)).toEqual(expected);
  });

  test('rule flags apply like inline flags', () => {
    expect(spansOf('abc', 'ABC', 'python', 'i')).toEqual([[[0, 3]]]);
    expect(spansOf('^b', 'a\nb', 'python', 'm')).toEqual([[[2, 3]]]);
    expect(spansOf('a b', 'ab', 'python', 'x')).toEqual([[[0, 2]]]);
  });

  test('after an empty match a non-empty match may start at the same place, as in Python', () => {
    expect(spansOf('|a', 'a')).toEqual([[[0, 0]], [[0, 1]], [[1, 1]]]);
    expect(spansOf('|a', 'a', 'js')).toEqual([[[0, 0]], [[1, 1]]]);
  });

  test('no match is reported between the halves of a surrogate pair', () => {
    expect(spansOf('(?m)$', 'a😀b')).toEqual([[[4, 4]]]);
  });

  test('a word boundary next to a literal word character needs one lookaround, with an ASCII fast path', () => {
    const W = '[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}]';
    expect(compilePattern('\\bfoo\\b', '', 'python').regex.source).toBe(
      `(?<!(?:[0-9A-Z_a-z]|${W}(?<=[^\\0-\\x7f])))foo(?!(?:[0-9A-Z_a-z]|(?=[^\\0-\\x7f])${W}))`,
    );
    // next to a non-word literal the boundary needs the other side only
    expect(compilePattern('-\\b', '', 'python').regex.source).toBe(`-(?=(?:[0-9A-Z_a-z]|(?=[^\\0-\\x7f])${W}))`);
    // between two literal word characters it can never hold
    expect(compilePattern('a\\bb', '', 'python').regex.source).toBe('a(?!)b');
  });

  test('atomic groups add hidden groups that groupIndex maps away', () => {
    const cp = compilePattern('(?>a+)(b)', '', 'python');
    expect(cp.groupCount).toBe(1);
    expect(cp.groupIndex).toEqual([0, 2]);
    expect(spansOf('(?>a+)(b)', 'aab')).toEqual([[[0, 3], [2, 3]]]);
  });

  test('a group JavaScript cannot reproduce is reported and refused as an output group', () => {
    const cp = compilePattern('(?:(a)|b)+', '', 'python');
    expect(cp.inexactGroups.get(1)).toMatch(/keeps its capture from an earlier repetition/);
    expect(groupNumber(cp, '$0')).toBe(0);
    expect(() => groupNumber(cp, '$1')).toThrow(/output group \$1 cannot be reproduced/);
  });

  test.each([
    ['$0', 0],
    ['$2', 2],
    ['code', 1],
  ])('groupNumber(%j) is %j', (ref, n) => {
    expect(groupNumber(compilePattern('(?P<code>\\d+)/(\\d+)', '', 'python'), ref)).toBe(n);
  });

  test('groupNumber refuses a group the pattern does not have', () => {
    expect(() => groupNumber(compilePattern('(\\d+)', '', 'python'), '$2')).toThrow(/output group \$2 does not exist: the pattern has 1 group/);
    expect(() => groupNumber(compilePattern('(\\d+)', '', 'python'), 'name')).toThrow(/does not exist/);
  });

  test('an unsupported construct names itself, its offset and a rewrite', () => {
    const e = thrown(() => compilePattern('ab\\N{DIGIT ONE}', '', 'python'));
    expect(e.code).toBe('INVALID_RULE');
    expect(e.exitCode).toBe(2);
    expect(e.message).toBe('python dialect: named character escape \\N at offset 2 is not supported: write the character itself or as \\uXXXX');
  });
});

describe('compile cache', () => {
  test('the same pattern, flags and dialect give the same compiled object; failures are cached too', () => {
    expect(compilePattern('a+b', '', 'python')).toBe(compilePattern('a+b', '', 'python'));
    expect(compilePattern('a+b', 'i', 'python')).not.toBe(compilePattern('a+b', '', 'python'));
    expect(compilePattern('a+b', '', 'js')).not.toBe(compilePattern('a+b', '', 'python'));
    expect(thrown(() => compilePattern('\\X', '', 'python'))).toBe(thrown(() => compilePattern('\\X', '', 'python')));
  });

  test('the LRU cache keeps at most its capacity and evicts the least recently used entry', () => {
    const c = new LruCache<string, number>(2);
    c.set('a', 1);
    c.set('b', 2);
    expect(c.get('a')).toBe(1);
    c.set('c', 3);
    expect(c.size).toBe(2);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBe(1);
    expect(c.get('c')).toBe(3);
  });
});
