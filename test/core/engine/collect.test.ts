import { describe, expect, test } from 'vitest';
import { collectMatches } from '../../../src/core/engine/collect.js';
import { compileRule, type Matcher } from '../../../src/core/engine/compile-rule.js';
import { IntBuffer } from '../../../src/core/engine/int-buffer.js';
import { RulewrightError } from '../../../src/core/errors.js';
import { Rule } from '../../../src/core/schemas/rule.js';
import { rule } from '../../helpers/rules.js';

function spans(pattern: string, group: string, text: string, dialect: 'js' | 'python' = 'js', flags = '', firstOnly = false): [number, number][] {
  const c = compileRule(Rule.parse({ id: 'r', name: 'r', format: 'regex', pattern, flags, dialect, output: { label: 'X', group } }));
  const buf = new IntBuffer();
  collectMatches(c.matcher, text, buf, firstOnly);
  const out: [number, number][] = [];
  for (let i = 0; i < buf.length; i += 2) out.push([buf.data[i]!, buf.data[i + 1]!]);
  return out;
}

describe('match spans', () => {
  // [title, pattern, group, text, dialect, expected]
  test.each<[string, string, string, string, 'js' | 'python', [number, number][]]>([
    ['whole match', 'ab+', '$0', 'xabbb ab', 'js', [[1, 5], [6, 8]]],
    ['group 1 offsets', 'foo(bar)', '$1', 'xxfoobar', 'js', [[5, 8]]],
    ['a group is its real offsets, not a text search', '(a)b(a)', '$2', 'aba', 'js', [[2, 3]]],
    ['named group (js)', '(?<num>\\d+)-x', 'num', 'id 42-x', 'js', [[3, 5]]],
    ['named group (python)', '(?P<num>\\d+)-x', 'num', 'id 42-x', 'python', [[3, 5]]],
    ['a group that did not take part yields nothing', 'x(y)?', '$1', 'x xy', 'js', [[3, 4]]],
    ['an empty group yields nothing', '(a*)b', '$1', 'b ab', 'js', [[2, 3]]],
    ['zero-length matches yield nothing and do not loop', 'a*', '$0', 'baaac', 'js', [[1, 4]]],
    ['lookahead only: no spans', '(?=a)', '$0', 'aaa', 'js', []],
    ['word boundary only: no spans', '\\b', '$0', 'a b c', 'python', []],
    ['python: a non-empty match may start where an empty one did', '(?=a)|ab', '$0', 'ab', 'python', [[0, 2]]],
    ['js: the search moves on after an empty match', '(?=a)|ab', '$0', 'ab', 'js', []],
    ['python \\w is Unicode-aware', '\\b\\w+\\b', '$0', 'Sarısoy v. Çağlayan', 'python', [[0, 7], [8, 9], [11, 19]]],
  ])('%s', (_t, pattern, group, text, dialect, expected) => {
    expect(spans(pattern, group, text, dialect)).toEqual(expected);
  });

  test('an empty match before an astral character advances by code point in unicode mode', () => {
    expect(spans('x*', '$0', '😀x', 'js', 'u')).toEqual([[2, 3]]);
  });

  test('first-only stops after the first span', () => {
    expect(spans('\\d', '$0', 'a1b2c3', 'js', '', true)).toEqual([[1, 2]]);
  });

  test.each([
    ['a missing numbered group', 'a(b)', '$2'],
    ['a missing named group', 'a(?<x>b)', 'y'],
  ])('%s is an invalid rule', (_t, pattern, group) => {
    expect(() => spans(pattern, group, '')).toThrow(RulewrightError);
  });

  test('an empty pattern is an invalid rule', () => {
    expect(() => spans('  ', '$0', '')).toThrow(/pattern is empty/);
  });
});

describe('compilation on first use', () => {
  /** The rule's matcher, with its faithful regexes replaced by ones that say they were read. */
  const watched = (pattern: string): { matcher: Matcher; reads: string[] } => {
    const m = compileRule(rule('r', pattern, 'X', { dialect: 'python', group: '$1' })).matcher;
    const reads: string[] = [];
    const matcher = Object.defineProperties({}, {
      ...Object.getOwnPropertyDescriptors(m),
      regex: { get: () => (reads.push('regex'), m.regex) },
      retry: { get: () => (reads.push('retry'), m.retry) },
    }) as Matcher;
    return { matcher, reads };
  };
  const collect = (m: Matcher, text: string): [number, number][] => {
    const buf = new IntBuffer();
    collectMatches(m, text, buf, false);
    return Array.from({ length: buf.length / 2 }, (_, k) => [buf.data[2 * k]!, buf.data[2 * k + 1]!]);
  };

  test('ASCII documents run on the ASCII-text regex: the faithful one is never read', () => {
    const { matcher, reads } = watched('\\b(\\w+)\\s+\\d+');
    expect(collect(matcher, 'card 12 and pin 3')).toEqual([[0, 4], [12, 15]]);
    expect(collect(matcher, 'x 1')).toEqual([[0, 1]]);
    expect(reads).toEqual([]);
  });

  test('a document with a character above U+007F runs on the faithful regex, with the same spans rules give in Python', () => {
    const { matcher, reads } = watched('\\b(\\w+)\\s+\\d+');
    expect(collect(matcher, 'carte bancaire née 12')).toEqual([[15, 18]]);
    expect(reads).toContain('regex');
  });

  test('a pattern that can match empty retries on the ASCII-text regex too', () => {
    const { matcher, reads } = watched('(\\w*?)');
    expect(collect(matcher, 'ab')).toEqual([[0, 1], [1, 2]]);
    expect(reads).toEqual([]);
  });
});
