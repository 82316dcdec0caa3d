import { describe, expect, test } from 'vitest';
import { Rule } from '../../../src/core/schemas/rule.js';
import { trimLexicons } from '../../../src/learn/induce/simplify.js';
import type { SplitScore } from '../../../src/learn/induce/types.js';

const score = (f1: number): SplitScore => ({ n: 1, precision: f1, recall: f1, f1, tp: f1 * 100, fp: 100 - f1 * 100, fn: 100 - f1 * 100 });
const rules = [
  Rule.parse({ id: 'lex', name: 'dates', format: 'lexicon', terms: ['1 May 1990', 'two years', 'Easter'], output: { label: 'DATE' } }),
  Rule.parse({ id: 'shape', name: 'date shape', format: 'regex', pattern: '\\b\\d{1,2} (?:May|June) \\d{4}\\b', output: { label: 'DATE' } }),
  Rule.parse({ id: 'other', name: 'other label', format: 'regex', pattern: '\\btwo years\\b', output: { label: 'DURATION' } }),
];

describe('trimming lexicons', () => {
  test('terms a same-label regex matches whole leave the lexicon when scores do not drop', () => {
    const res = trimLexicons(rules, () => ({ train: score(0.9), dev: score(0.8) }));
    expect(res.trimmed).toBe(1);
    expect(res.rules[0]!.terms).toEqual(['two years', 'Easter']);
  });

  test('the trim is undone when it costs F1', () => {
    let calls = 0;
    const res = trimLexicons(rules, () => (calls++ === 0 ? { train: score(0.9), dev: null } : { train: score(0.8), dev: null }));
    expect(res.trimmed).toBe(0);
    expect(res.rules[0]!.terms).toEqual(['1 May 1990', 'two years', 'Easter']);
  });
});
