import { describe, expect, test, vi } from 'vitest';
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

describe('blind spots: lookarounds and chains of unbounded loops', () => {
  type Row = [string, 'js' | 'python', 'exponential' | 'polynomial' | 'safe' | 'undecided', { degree?: number; maxLength?: number; attack?: RegExp }?];
  // [pattern, dialect, verdict, what the verdict must also say]
  test.each<Row>([
    // a lookbehind runs backwards, so the `^` after its nested loop is what fails
    ['(?<=^(a+)+)b', 'python', 'exponential', { maxLength: 100, attack: /^ a+$/ }],
    ['(?<=^(a|aa)+)b', 'python', 'exponential', { maxLength: 100 }],
    ['(?<=^(a+)+)b', 'js', 'exponential'],
    ['(?<!^(a+)+)b', 'js', 'exponential'],
    ['(?<=x(a+)+)b', 'python', 'exponential'],
    ['(?=(a+)+b)', 'python', 'exponential'],
    ['x(?=(a+)+b)', 'js', 'exponential'],
    // overlapping loops in a chain: the attack pumps the literal between them
    ['.*a.*a.*a.*b', 'python', 'polynomial', { degree: 5, maxLength: 1000 }],
    ['.*a.*a.*a.*b', 'js', 'polynomial', { degree: 5, maxLength: 1000 }],
    ['.*a.*a.*b', 'python', 'polynomial', { degree: 4, maxLength: 2000 }],
    ['.*a.*b', 'python', 'polynomial', { degree: 3, maxLength: 5000 }],
    // lookbehinds that cannot fail after their loop, or whose loop is not ambiguous
    ['(?<=(a+)+)b', 'python', 'safe'],
    ['(?<=(?:ab|a)+)c', 'js', 'safe'],
    ['(?<=\\bcard\\s)pending', 'python', 'safe'],
    ['(?<=^|\\s)\\d+', 'python', 'safe'],
    // bad input: what the screen cannot read is left to the next screen
    ['(?<=a', 'python', 'undecided'],
    ['(?<=(?V1)a)b', 'python', 'undecided'],
  ])('%s (%s) is %s', (pattern, dialect, expected, more = {}) => {
    const v = screenStatic(pattern, '', dialect);
    if (expected === 'safe' || expected === 'undecided') {
      expect(v.status).toBe(expected);
      return;
    }
    expect(v.status).toBe('vulnerable');
    if (v.status !== 'vulnerable') return;
    expect(v.exponential).toBe(expected === 'exponential');
    if (more.degree) expect(v.degree).toBe(more.degree);
    if (more.maxLength) expect(v.cost?.length100ms).toBeLessThanOrEqual(more.maxLength);
    if (more.attack) expect(v.witness.prefix + v.witness.pump.repeat(3) + v.witness.suffix).toMatch(more.attack);
  });

  test('the polynomial verdict says how long an input costs 100 ms, measured on a string that pumps the whole chain', () => {
    const v = screenStatic('.*a.*a.*a.*b', '', 'python');
    if (v.status !== 'vulnerable') throw new Error(v.status);
    expect(v.witness.pump).toContain('a');
    expect(v.cost!.degree).toBeGreaterThan(3);
    expect(v.cost!.length100ms).toBeGreaterThan(20);
  });
});

describe('parts judged on their own are judged once', () => {
  // [a pattern screened first, another with the same lookaround body or bypassable part]
  test.each([
    ['x(?=(a+)+b)', 'yy(?=(a+)+b)'],
    ['x(?<=^(a|aa)+)b', 'z(?<=^(a|aa)+)b'],
    ['^(?=.*?\\bp\\b)(?=(?:\\w+\\s*){1,16}$).+', '^(?=.*?\\bq\\b)(?=(?:\\w+\\s*){1,16}$).+'],
    ['(?:x|(?:a+)+c)d', '(?:y|(?:a+)+c)e'],
    ['(a)(?=\\1+b)', '(b)(?=\\1+b)'],
  ])('after %s, %s gets the verdict a fresh screen gives', async (first, second) => {
    screenStatic(first, '', 'js');
    const after = screenStatic(second, '', 'js');
    vi.resetModules();
    const fresh = await import('../../../src/core/safety/redos-proxy.js');
    expect(after).toEqual(fresh.screenStatic(second, '', 'js'));
  });
});
