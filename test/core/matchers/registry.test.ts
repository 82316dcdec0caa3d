import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { RulewrightError } from '../../../src/core/errors.js';
import { MatcherRegistry, createMatcherRegistry, registerModule } from '../../../src/core/matchers/registry.js';
import type { MatcherFn } from '../../../src/core/matchers/types.js';
import { VerdictCache, prefetchVerdicts } from '../../../src/core/matchers/verdict-cache.js';

const lengthWithin: MatcherFn = (gold, predicted, options) => {
  const d = Math.abs(String(gold).length - String(predicted).length);
  const max = Number(options.max ?? 0);
  return { score: d <= max ? 1 : 0, passed: d <= max, reason: `lengths differ by ${d}` };
};

describe('matcher registry', () => {
  test('holds the ten built-ins', () => {
    expect(
      createMatcherRegistry()
        .list()
        .map((m) => m.name),
    ).toEqual(['exact', 'normalized', 'numeric_tolerance', 'set_match', 'date', 'regex', 'schema', 'semantic_similarity', 'llm_rubric', 'composite']);
  });

  test('an unknown name lists the known ones', () => {
    expect(() => createMatcherRegistry().resolve('fuzzy', 'task.matching.matchers.PER')).toThrow(
      /task\.matching\.matchers\.PER: unknown matcher "fuzzy" \(known: exact, normalized/,
    );
  });

  test('a user function is called with its options', () => {
    const reg = createMatcherRegistry().register('length_within', lengthWithin);
    const m = reg.resolve({ name: 'length_within', options: { max: 1 } });
    expect(m.match('abc', 'abcd', {})).toMatchObject({ passed: true, reason: 'lengths differ by 1' });
    expect(m.match('abc', 'abcdef', {}).passed).toBe(false);
  });

  test('a user matcher with an options schema validates them', () => {
    const reg = createMatcherRegistry().register('length_within', { match: lengthWithin, options: z.strictObject({ max: z.number() }) });
    expect(() => reg.resolve({ name: 'length_within', options: { max: 'x' } })).toThrow(/options of matcher "length_within"/);
  });

  test('a user matcher returning a malformed verdict is a clear error', () => {
    const reg = createMatcherRegistry().register('bad', () => ({ ok: true }) as never);
    expect(() => reg.resolve('bad').match('a', 'b', {})).toThrow(/matcher "bad" returned .* must return \{score/);
  });

  test('a name already taken needs override', () => {
    const reg = createMatcherRegistry();
    expect(() => reg.register('exact', lengthWithin)).toThrow(RulewrightError);
    reg.register('exact', lengthWithin, { override: true });
    expect(reg.resolve('exact').isPlainExact).toBe(false);
  });

  test('equal references share one bound matcher', () => {
    const reg = createMatcherRegistry();
    expect(reg.resolve({ name: 'numeric_tolerance', options: { abs: 1 } })).toBe(reg.resolve({ name: 'numeric_tolerance', options: { abs: 1 } }));
    expect(reg.resolve('exact')).toBe(reg.resolve({ name: 'exact', options: {} }));
  });

  test('an empty registry when builtins are off', () => {
    expect(new MatcherRegistry({ builtins: false }).list()).toEqual([]);
  });

  test('a user matcher that returns a Promise works through the verdict cache', async () => {
    const reg = createMatcherRegistry().register('slow_equal', async (g, p) => ({ score: g === p ? 1 : 0, passed: g === p, reason: 'awaited' }));
    const m = reg.resolve('slow_equal');
    const verdicts = new VerdictCache();
    const ctx = { verdicts };
    expect(m.needsAsync(ctx)).toBe(true);
    await prefetchVerdicts(verdicts, () => void m.match('a', 'a', ctx));
    expect(m.match('a', 'a', ctx)).toMatchObject({ passed: true, reason: 'awaited' });
  });
});

describe('registerModule', () => {
  test.each([
    ['named export', { matchers: { length_within: lengthWithin } }],
    ['default export', { default: { matchers: { length_within: lengthWithin } } }],
    ['spec object', { matchers: { length_within: { match: lengthWithin, description: 'length' } } }],
  ])('registers a %s', (_, mod) => {
    const reg = createMatcherRegistry();
    expect(registerModule(reg, mod, './m.js')).toEqual(['length_within']);
    expect(reg.has('length_within')).toBe(true);
  });

  test.each([
    ['no matchers export', {}],
    ['a matcher that is not a function', { matchers: { x: 42 } }],
    ['a bad name', { matchers: { 'a b': lengthWithin } }],
    ['null', null],
  ])('rejects %s with what a module must export', (_, mod) => {
    expect(() => registerModule(createMatcherRegistry(), mod, './m.js')).toThrow(/\.\/m\.js: expected an export `matchers`/);
  });
});
