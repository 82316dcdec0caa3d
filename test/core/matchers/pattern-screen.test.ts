import { describe, expect, test } from 'vitest';
import { screenFixedPatterns, screenPattern, screenPatternNow } from '../../../src/core/matchers/pattern-screen.js';
import { createMatcherRegistry } from '../../../src/core/matchers/registry.js';

describe('the screen without waiting (its static part)', () => {
  test.each([
    // pattern, refused, flagged
    ['^(?:(a+)+$)$', true, false],
    ['(\\w+\\s?)*$', true, false],
    ['(a|a)*$', true, false],
    ['^(?:\\d+\\s*\\d+x)$', false, true],
    ['^(?:R\\d+)$', false, false],
    ['total', false, false],
  ])('%s: refused %s, flagged %s', (source, refused, flagged) => {
    const v = screenPatternNow(source, '');
    expect(v.refused).toBe(refused);
    expect(v.flagged ?? false).toBe(flagged);
    if (refused) expect(v.reason).toMatch(/exponential backtracking .*rewrite it without nested or overlapping repetition/);
    if (flagged) expect(v.reason).toMatch(/polynomial backtracking \(about \d+ characters cost 100 ms\): runs under the time budget/);
  });

  test.each(['^(?:(a+)+$)$', '^(?:R\\d+)$', '^(?:\\d+\\s*\\d+x)$'])('agrees with the full screen on %s', async (source) => {
    expect(screenPatternNow(source, '').refused).toBe((await screenPattern(source, '')).refused);
  });
});

describe('the patterns a matcher config fixes', () => {
  const reg = createMatcherRegistry();
  const evil = { name: 'regex', options: { pattern: '(a+)+$' } };

  test.each([
    ['a regex pattern in the options', evil, ['^(?:(a+)+$)$']],
    ['a search (not anchored)', { name: 'regex', options: { pattern: '(a+)+$', full: false } }, ['(a+)+$']],
    ['a composite component', { name: 'composite', options: { components: [{ matcher: 'exact' }, { matcher: evil }] } }, ['^(?:(a+)+$)$']],
    ['a set_match item', { name: 'set_match', options: { item: evil } }, ['^(?:(a+)+$)$']],
    ['a JSON Schema pattern', { name: 'schema', options: { json_schema: { type: 'string', pattern: '(a+)+$' } } }, ['(a+)+$']],
  ])('%s is screened and refused', (_what, ref, sources) => {
    const verdicts = screenFixedPatterns(reg.resolve(ref));
    expect(verdicts.map((v) => v.source)).toEqual(sources);
    expect(verdicts.every((v) => v.refused)).toBe(true);
  });

  test.each([
    ['gold as the pattern', 'regex'],
    ['a safe pattern', { name: 'regex', options: { pattern: 'R\\d+' } }],
    ['a matcher with no pattern', 'numeric_tolerance'],
  ])('%s: nothing is refused', (_what, ref) => {
    expect(screenFixedPatterns(reg.resolve(ref)).filter((v) => v.refused)).toEqual([]);
  });
});
