import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { PatternScreen } from '../../../src/core/matchers/pattern-screen.js';
import { createMatcherRegistry } from '../../../src/core/matchers/registry.js';

const reg = createMatcherRegistry();
const jsonSchema = {
  type: 'object',
  properties: { total: { type: 'number', minimum: 0 }, currency: { type: 'string', enum: ['MYR', 'USD'] } },
  required: ['total'],
  additionalProperties: false,
};

describe('schema matcher', () => {
  test.each([
    [{ total: 9 }, true],
    [{ total: 9, currency: 'MYR' }, true],
    [{ total: -1 }, false],
    [{ currency: 'USD' }, false],
    [{ total: 9, currency: 'EUR' }, false],
    [{ total: 9, extra: 1 }, false],
    ['9.00', false],
  ])('JSON Schema (via z.fromJSONSchema): %j passes: %s', (predicted, passed) => {
    expect(reg.resolve({ name: 'schema', options: { json_schema: jsonSchema } }).match(null, predicted, {}).passed).toBe(passed);
  });

  test('a zod schema passed in code', () => {
    const m = reg.resolve({ name: 'schema', options: { zod: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) } });
    expect(m.match(null, '2018-12-25', {}).passed).toBe(true);
    const v = m.match(null, '25/12/2018', {});
    expect(v.passed).toBe(false);
    expect(v.details?.issues).toHaveLength(1);
  });

  test('needs exactly one of json_schema and zod', () => {
    expect(() => reg.resolve({ name: 'schema', options: {} })).toThrow(/exactly one of json_schema or zod/);
  });

  test('an unsupported JSON Schema is a clear error', () => {
    expect(() => reg.resolve({ name: 'schema', options: { json_schema: { type: 'no-such-type' } } })).toThrow(/JSON Schema/);
  });
});

describe('schema matcher: the patterns of a JSON Schema', () => {
  const evil = { type: 'string', pattern: '^(a+)+$' };

  test('are screened: a refused one is never run, and the verdict says so', async () => {
    const m = createMatcherRegistry().resolve({ name: 'schema', options: { json_schema: { type: 'object', properties: { code: evil, id: { type: 'string', pattern: '^R\\d+$' } } } } });
    expect(m.screensPatterns).toBe(true);
    const patterns = new PatternScreen();
    patterns.collecting = true;
    expect(m.match(null, { code: 'a' }, { patterns }).reason).toMatch(/not screened yet/);
    patterns.collecting = false;
    const seen: string[] = [];
    await patterns.resolve(async (source) => {
      seen.push(source);
      return { refused: source.includes('(a+)+'), reason: 'exponential' };
    });
    expect(seen.sort()).toEqual(['^(a+)+$', '^R\\d+$']);
    expect(m.match(null, { code: `${'a'.repeat(40)}!` }, { patterns, budgetMs: 60_000 })).toMatchObject({ passed: false, issue: 'refused' });
  });

  test('run under the time budget when the screen lets them through', () => {
    const m = createMatcherRegistry().resolve({ name: 'schema', options: { json_schema: evil } });
    const patterns = new PatternScreen();
    patterns.set(evil.pattern, '', { refused: false, reason: 'let through for the test' });
    const t0 = performance.now();
    const v = m.match(null, `${'a'.repeat(28)}!`, { budgetMs: 20, patterns });
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(v).toMatchObject({ passed: false, issue: 'timeout', reason: expect.stringMatching(/^schema validation ran out of its 20 ms budget/) });
  });

  test('scored with no pre-pass, meet the screen’s static part: a refused one never runs', () => {
    const m = createMatcherRegistry().resolve({ name: 'schema', options: { json_schema: evil } });
    expect(m.match(null, 'aaaa', { budgetMs: 60_000 })).toMatchObject({ passed: false, issue: 'refused' });
  });
});
