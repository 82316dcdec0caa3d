import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { parseAnswer } from '../../../src/learn/llm/parse-answer.js';

const Rule = z.strictObject({ name: z.string().min(1), pattern: z.string().min(1), terms: z.array(z.string()).optional() });
const RuleSet = z.strictObject({ rules: z.array(Rule), notes: z.string().nullable() });

describe('parseAnswer', () => {
  test('returns the whole answer when it is valid', () => {
    const value = { rules: [{ name: 'a', pattern: 'x' }], notes: null };
    expect(parseAnswer(JSON.stringify(value), RuleSet)).toEqual({ parsed: value, invalid: [], truncated: false });
  });

  test('drops invalid elements and reports each with its issues', () => {
    const text = JSON.stringify({
      rules: [
        { name: 'a', pattern: 'x' },
        { name: '', pattern: 'y' },
        { name: 'c', pattern: 'z', extra: 1 },
        { name: 'd', pattern: 'w', terms: ['ok', 5] },
        { name: 'e', pattern: 'v' },
      ],
      notes: 'n',
    });
    const r = parseAnswer(text, RuleSet);
    expect(r.parsed?.rules.map((x) => x.name)).toEqual(['a', 'e']);
    expect(r.invalid.map((i) => i.path).sort()).toEqual(['rules.1', 'rules.2', 'rules.3']);
    const bad = r.invalid.find((i) => i.path === 'rules.3');
    expect(bad?.value).toEqual({ name: 'd', pattern: 'w', terms: ['ok', 5] });
    expect(bad?.issues).toMatch(/terms\.1/);
    expect(r.error).toBeUndefined();
  });

  test('keeps the complete rules of a truncated answer and says it was truncated', () => {
    const r = parseAnswer('{"rules": [{"name": "a", "pattern": "x"}, {"name": "b", "pa', z.strictObject({ rules: z.array(Rule) }));
    expect(r).toEqual({ parsed: { rules: [{ name: 'a', pattern: 'x' }] }, invalid: [], truncated: true });
  });

  test.each([
    ['a failure outside any array element', '{"rules": [], "notes": 3}', /does not match the schema: notes/],
    ['an answer with no JSON', 'Sorry, no.', /not JSON/],
    ['a missing top-level key', '{"rules": []}', /notes/],
  ])('gives no parsed value on %s', (_, text, error) => {
    const r = parseAnswer(text, RuleSet);
    expect(r.parsed).toBeUndefined();
    expect(r.error).toMatch(error);
  });
});
