import { describe, expect, test } from 'vitest';
import { duplicateGroups } from '../../../src/core/metrics/duplicates.js';
import { rule } from '../../helpers/rules.js';

describe('exact duplicates', () => {
  test('group rules with the same format, pattern, flags, dialect, terms, output and condition; the first is kept', () => {
    const rules = [
      rule('a', 'abc', 'A'),
      rule('b', 'abc', 'A', { priority: 5, name: 'other name', confidence: 0.9 }),
      rule('c', 'abc', 'A', { flags: 'i' }),
      rule('d', 'abc', 'A', { dialect: 'python' }),
      rule('e', 'abc', 'B'),
      rule('f', 'abc', 'A', { group: '$0' }),
      rule('g', 'abc', 'A', { format: 'lexicon', pattern: '', terms: ['x', 'y'] }),
      rule('h', 'abc', 'A', { format: 'lexicon', pattern: '', terms: ['x', 'y'] }),
      rule('i', 'abc', 'A', { format: 'lexicon', pattern: '', terms: ['y', 'x'] }),
      rule('j', 'abc', 'A', { flags: 'i' }),
      rule('k', 'abc', 'A', { when: { meta: { requested_slots: 'time' } } }),
      rule('l', 'abc', 'A', { when: { meta: { requested_slots: 'time' } } }),
    ];
    expect(duplicateGroups(rules).map((g) => g.map((p) => rules[p]!.id))).toEqual([
      ['a', 'b', 'f'],
      ['c', 'j'],
      ['g', 'h'],
      ['k', 'l'],
    ]);
  });
});
