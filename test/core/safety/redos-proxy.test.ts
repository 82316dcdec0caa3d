import { describe, expect, test } from 'vitest';
import { screenStatic } from '../../../src/core/safety/redos-proxy.js';

describe('screening proxy', () => {
  // [pattern, dialect, rule flags, proxy source, proxy flags]
  test.each<[string, 'js' | 'python', string, string, string]>([
    ['(?i)\\bbeneficiary\\s+(?:is\\s+)?not\\s+allowed\\b', 'python', '', '\\bbeneficiary\\s+(?:is\\s+)?not\\s+allowed\\b', 'iu'],
    ['\\bexchange\\s+rates?\\b', 'python', 'i', '\\bexchange\\s+rates?\\b', 'iu'],
    ['(?i)\\b(?<!cash\\s)pending\\b', 'python', '', '\\b(?<!cash\\s)pending\\b', 'iu'],
    ['\\w+(?i:x)', 'python', '', '\\w+(?:(?i:x))', 'u'],
    ['(?>a+)b', 'python', '', '(?:a+)b', 'u'],
    ['a++b', 'python', '', 'a+b', 'u'],
    ['^foo$', 'python', '', '^foo$', 'u'],
    ['(?m)^foo$', 'python', '', '(?:^|(?<=\\n))foo(?=\\n|$)', 'u'],
    ['(?s).+', 'python', '', '[^]+', 'u'],
    ['(?P<x>a)\\s*(?P=x)', 'python', '', '(a)\\s*\\1', 'u'],
    ['[^\\W\\d]+\\p{Lu}', 'python', '', '[^\\W\\d]+\\p{Lu}', 'u'],
    ['\\d{1,2}/\\d{4}', 'js', '', '\\d{1,2}\\/\\d{4}', 'u'],
  ])('%s (%s) screens as %s', (pattern, dialect, flags, source, proxyFlags) => {
    const v = screenStatic(pattern, flags, dialect);
    expect(v.proxy).toBe(source);
    expect(v.flags).toBe(proxyFlags);
  });

  test('a pattern the parser refuses has no proxy and is undecided', () => {
    expect(screenStatic('[^]', '', 'js')).toMatchObject({ status: 'undecided', proxy: null });
  });
});
