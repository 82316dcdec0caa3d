import { describe, expect, test } from 'vitest';
import { compilePattern } from '../../../src/core/regex/compile.js';
import { screenRedos, type RedosVerdict } from '../../../src/core/safety/redos.js';

/** Screens a Python pattern as extract does (`exponentialOnly`) or as an import does. */
async function screen(pattern: string, exponentialOnly: boolean): Promise<RedosVerdict> {
  const re = compilePattern(pattern, '', 'python').regex;
  return screenRedos(re.source, re.flags, { effort: 'quick', pattern: { source: pattern, flags: '', dialect: 'python' }, exponentialOnly });
}

describe('screening for exponential patterns only', () => {
  test('a polynomial pattern is still vulnerable and not exponential, but its attack is not measured', async () => {
    // Quick first: a measured verdict, once cached, is what both screens return (last test).
    const quick = await screen('(?i)\\bwhat.*\\bpending.*\\bpayment\\b', true);
    const full = await screen('(?i)\\bwhat.*\\bpending.*\\bpayment\\b', false);
    expect(full).toMatchObject({ status: 'vulnerable', exponential: false, degree: 3 });
    expect(full.status === 'vulnerable' && full.length100ms).toBeGreaterThan(0);
    expect(quick).toMatchObject({ status: 'vulnerable', exponential: false, degree: 3, length100ms: undefined });
  });

  test.each([
    ['(a+)+$', 'vulnerable'],
    ['(\\w+\\s*)+:', 'vulnerable'],
    ['[A-Z][a-z]+(?:\\s+[A-Z][a-z]+)*', 'safe'],
  ])('%j gets the same verdict either way', async (pattern, status) => {
    const [full, quick] = [await screen(pattern, false), await screen(pattern, true)];
    expect(quick).toEqual(full);
    expect(quick.status).toBe(status);
  });

  test('a measured verdict screened first is what an exponential-only screen returns', async () => {
    const full = await screen('\\s*x\\s*$', false);
    expect(await screen('\\s*x\\s*$', true)).toEqual(full);
  });
});
