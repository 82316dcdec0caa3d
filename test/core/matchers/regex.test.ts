import { describe, expect, test } from 'vitest';
import { PatternScreen, screenPattern } from '../../../src/core/matchers/pattern-screen.js';
import { createMatcherRegistry } from '../../../src/core/matchers/registry.js';

const reg = createMatcherRegistry();

describe('regex matcher', () => {
  test.each([
    [{ pattern: '\\d+\\.\\d{2}' }, 'ignored', '9.00', true],
    [{ pattern: '\\d+\\.\\d{2}' }, 'ignored', 'RM 9.00', false], // anchored by default
    [{ pattern: '\\d+\\.\\d{2}', full: false }, 'ignored', 'RM 9.00', true],
    [{ pattern: 'sdn bhd', flags: 'i', full: false }, '', 'ABC SDN BHD', true],
    [{}, 'R[0-9]+', 'R42', true], // gold is the pattern
    [{}, 'R[0-9]+', 'X42', false],
    [{ pattern: '[A-Z]+', check_gold: true }, 'abc', 'ABC', false],
  ])('options %j: gold %j, predicted %j passes: %s', (options, gold, predicted, passed) => {
    expect(reg.resolve({ name: 'regex', options }).match(gold, predicted, {}).passed).toBe(passed);
  });

  test('a pattern that does not compile is a bad-input error at resolve time', () => {
    expect(() => reg.resolve({ name: 'regex', options: { pattern: '(' } })).toThrow(/regex does not compile/);
  });
});

describe('regex matcher: patterns from the data are screened and bounded', () => {
  // (a+)+$ on 27 a's and a "!" backtracks ~2^27 times: seconds without the budget, forever at 32.
  const evil = '(a+)+$';
  const victim = `${'a'.repeat(27)}!`;
  const fromGold = () => createMatcherRegistry().resolve({ name: 'regex', options: {} });

  /** A screen that lets the catastrophic pattern through, to see the budget hold on its own. */
  const letThrough = () => {
    const patterns = new PatternScreen();
    patterns.set(`^(?:${evil})$`, '', { refused: false, reason: 'let through for the test' });
    return patterns;
  };

  test('a gold pattern that backtracks catastrophically, let through by the screen, stops at the budget, flagged as a timeout', () => {
    const m = fromGold();
    const patterns = letThrough();
    const t0 = performance.now();
    const v = m.match(evil, victim, { budgetMs: 20, patterns });
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(v).toMatchObject({ passed: false, score: 0, issue: 'timeout' });
    expect(v.reason).toMatch(/on the predicted value .* ran out of its 20 ms budget .*counted as not matching/);
    // The same pair again is answered from the memo, without another budget's wait.
    expect(m.match(evil, victim, { budgetMs: 20, patterns })).toBe(v);
  });

  test.each([
    ['gold as the pattern', {}, evil],
    ['a pattern in the options', { pattern: evil }, 'ignored'],
  ])('%s scored with no pre-pass (no screen in the context) meets the screen’s static part and is refused', (_what, options, gold) => {
    // `(a+)+$` matches "aaaa" at once if it runs: only the screen makes this fail.
    const v = createMatcherRegistry().resolve({ name: 'regex', options }).match(gold, 'aaaa', { budgetMs: 60_000 });
    expect(v).toMatchObject({ passed: false, issue: 'refused', reason: expect.stringMatching(/^pattern \/\^\(\?:\(a\+\)\+\$\)\$\/ was not run: the ReDoS screen found exponential backtracking/) });
    expect(createMatcherRegistry().resolve('regex').match('a+', 'aaaa', {}).passed).toBe(true);
  });

  test.each([
    ['gold as the pattern', {}, evil, victim],
    ['a pattern in the options', { pattern: evil }, 'ignored', victim],
  ])('%s refused by the screen never runs and says why', (_what, options, gold, predicted) => {
    const patterns = new PatternScreen();
    patterns.set(`^(?:${evil})$`, '', { refused: true, reason: 'exponential' });
    const v = createMatcherRegistry().resolve({ name: 'regex', options }).match(gold, predicted, { patterns, budgetMs: 60_000 });
    expect(v).toMatchObject({ passed: false, issue: 'refused', reason: 'pattern /^(?:(a+)+$)$/ was not run: exponential' });
  });

  test('while collecting, patterns are recorded and not run; resolving screens each once', async () => {
    const patterns = new PatternScreen();
    const m = fromGold();
    patterns.collecting = true;
    expect(m.match(evil, victim, { patterns }).reason).toMatch(/not screened yet/);
    expect(m.match(evil, 'aa', { patterns }).reason).toMatch(/not screened yet/);
    expect(m.match('R\\d+', 'R1', { patterns }).reason).toMatch(/not screened yet/);
    patterns.collecting = false;
    const seen: string[] = [];
    const n = await patterns.resolve(async (source) => {
      seen.push(source);
      return { refused: source.includes('(a+)+'), reason: 'screened' };
    });
    expect(n).toBe(2);
    expect(seen.sort()).toEqual(['^(?:(a+)+$)$', '^(?:R\\d+)$']);
    expect(m.match(evil, victim, { patterns }).issue).toBe('refused');
    expect(m.match('R\\d+', 'R1', { patterns }).passed).toBe(true);
  });

  test('past the screening time cap, patterns are let through unscreened (still under the budget) and say so', async () => {
    const patterns = new PatternScreen();
    patterns.collecting = true;
    fromGold().match('R\\d+', 'R1', { patterns });
    patterns.collecting = false;
    const n = await patterns.resolve(async () => {
      throw new Error('not called once the cap is reached');
    }, { maxMs: 0 });
    expect(n).toBe(1);
    expect(patterns.lookup('^(?:R\\d+)$', '')).toEqual({ refused: false, reason: expect.stringMatching(/^not screened \(the screening time cap was reached\)/) });
  });

  test('a gold value that is not a regex is a failed verdict flagged invalid, not a crash', () => {
    expect(fromGold().match('(', '(', {})).toMatchObject({ passed: false, issue: 'invalid', reason: expect.stringMatching(/not a regex that compiles/) });
  });

  test.each([
    ['^(?:(a+)+$)$', true],
    ['^(?:a+!)$', false],
    ['^(?:R\\d\\d)$', false],
  ])('the rules\' screen on %s refuses it: %s', async (source, refused) => {
    expect((await screenPattern(source, '')).refused).toBe(refused);
  });
});
