import { describe, expect, test } from 'vitest';
import { duplicateGroups } from '../../../src/core/metrics/index.js';
import { Rule, type RuleInput } from '../../../src/core/schemas/rule.js';

const rule = (id: string, extra: Partial<RuleInput> = {}) =>
  Rule.parse({ id, name: id, format: 'regex', pattern: 'abc', output: { label: 'A' }, ...extra });

describe('exact duplicates', () => {
  test('group rules with the same format, pattern, flags, dialect, terms and output; the first is kept', () => {
    const rules = [
      rule('a'),
      rule('b', { priority: 5, name: 'other name', confidence: 0.9 }),
      rule('c', { flags: 'i' }),
      rule('d', { dialect: 'python' }),
      rule('e', { output: { label: 'B' } }),
      rule('f', { output: { label: 'A', group: '$0' } }),
      rule('g', { format: 'lexicon', pattern: '', terms: ['x', 'y'] }),
      rule('h', { format: 'lexicon', pattern: '', terms: ['x', 'y'] }),
      rule('i', { format: 'lexicon', pattern: '', terms: ['y', 'x'] }),
      rule('j', { flags: 'i' }),
    ];
    expect(duplicateGroups(rules).map((g) => g.map((p) => rules[p]!.id))).toEqual([
      ['a', 'b', 'f'],
      ['c', 'j'],
      ['g', 'h'],
    ]);
  });
});
