import { describe, expect, test } from 'vitest';
import { compileJs, compileWithXRegExp, xregexpLoaded } from '../../../src/core/regex/js-dialect.js';

/** What a compile gives, comparable: source, flags, groups. */
const shape = (c: ReturnType<typeof compileJs>) => ({ source: c.regex.source, flags: c.regex.flags, groupCount: c.groupCount, groupNames: c.groupNames });
const outcome = (f: () => ReturnType<typeof compileJs>) => {
  try {
    return shape(f());
  } catch (e) {
    return { error: (e as Error).message };
  }
};

describe('JS dialect without XRegExp', () => {
  test('plain patterns compile natively and leave XRegExp unloaded', () => {
    for (const [p, f] of [
      ['\\bbenefici\\w*', 'i'],
      ['^(?=.*?\\ba\\b)(?=.*?\\btransf).+', 'is'],
      ['(?:\\bnew\\s+card\\b|\\btrack\\w*)', 'i'],
    ] as const)
      compileJs(p, f);
    expect(xregexpLoaded()).toBe(false);
    compileJs('(?<year>\\d{4})', '');
    expect(xregexpLoaded()).toBe(true);
  });

  // Each: pattern, flags. Plain ones take the native path; the rest need XRegExp; both must give what XRegExp gives.
  test.each<[string, string]>([
    ['\\bbenefici\\w*', 'i'],
    ['^(?=.*?\\ba\\b)(?=.*?\\btransf).+', 'is'],
    ['(a)(b(c))?\\.x{2,3}', ''],
    ['[\\b\\]\\\\-]+\\x41\\u00e9\\cJ\\0', 'u'],
    ['(?<!\\d)\\d+(?<=5)', 'm'],
    ['a(?:)(?:)b', ''],
    ['[]|[^]', ''],
    ['\\é', ''],
    ['\\é', 'u'],
    ['(?<year>\\d{4})-(?P<m>\\d\\d)', ''],
    ['(?i)abc', ''],
    ['a b # comment', 'x'],
    ['(a)\\1', ''],
    ['\\p{L}+', ''],
    ['\\q', ''],
    ['\\u12', ''],
    ['[\\B]', ''],
    ['(?#note)a', ''],
    ['a)', ''],
    ['(a', 'i'],
    ['a', 'ii'],
  ])('%j with flags %j compiles exactly as through XRegExp', (pattern, flags) => {
    expect(outcome(() => compileJs(pattern, flags))).toEqual(outcome(() => compileWithXRegExp(pattern, flags)));
  });
});
