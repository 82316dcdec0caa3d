import { describe, expect, test } from 'vitest';
import { toPythonRuleset } from '../../../src/core/rulesets/export-python.js';
import { lexiconRule, rule } from '../../helpers/rules.js';
import { makeTask } from '../../helpers/temp.js';


describe('the ruleset for the Python runtime', () => {
  test('rules come in execution order: priority, Wilson lower bound, confidence, name, id; only active ones', () => {
    const rules = [
      rule('e', 'x', 'X', { name: 'b' }),
      rule('d', 'x', 'X', { name: 'B' }),
      rule('c', 'x', 'X', { confidence: 0.9 }),
      rule('b', 'x', 'X', { validated_precision: 0.9, validated_support: 50 }),
      rule('a', 'x', 'X', { priority: 2 }),
      rule('off', 'x', 'X', { priority: 9, status: 'disabled' }),
    ];
    expect(toPythonRuleset(rules, makeTask({ type: 'ner' })).rules.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  test.each([
    ['a python pattern as written, with its flags', rule('p', '(?P<n>\\w+)', 'X', { dialect: 'python', flags: 'iu', group: 'n' }), { pattern: '(?P<n>\\w+)', flags: 'i', group: 1, iteration: 'python' }],
    ['a js pattern translated, named group by number', rule('j', '(?<n>\\d)\\w', 'X', { group: 'n' }), { pattern: '(?P<n>[0-9])[A-Za-z0-9_]', flags: '', group: 1, iteration: 'js' }],
    ['a lexicon as its trie regex', lexiconRule('l', ['ab'], 'X', { lexicon: { case_sensitive: true, word_boundary: false } }), { pattern: '(?=[a])(?:ab)', group: 0, iteration: 'python' }],
  ])('%s', (_what, r, want) => {
    expect(toPythonRuleset([r], makeTask({ type: 'ner' })).rules[0]).toMatchObject(want);
  });

  test.each([
    ['a js construct with no python spelling', rule('c', '\\cA', 'X'), '\\c'],
    ['a pattern rulewright cannot compile', rule('g', 'a', 'X', { group: '$2' }), 'group $2'],
  ])('refuses %s by id and name, with the reason', (_what, r, reason) => {
    const out = toPythonRuleset([r, rule('ok', 'a', 'X')], makeTask({ type: 'ner' }));
    expect(out.rules.map((x) => x.id)).toEqual(['ok']);
    expect(out.refused).toEqual([{ id: r.id, name: r.name, reason: expect.stringContaining(reason) as string }]);
  });

  test('writes the conflict policy and matching mode, and refuses transformation tasks', () => {
    const task = makeTask({ type: 'ner', matching: { mode: 'exact', conflict_policy: 'non_overlapping' } });
    expect(toPythonRuleset([], task).task).toMatchObject({ conflict_policy: 'non_overlapping', matching: { mode: 'exact', plain_matchers: true } });
    expect(() => toPythonRuleset([], makeTask({ type: 'transformation' }))).toThrow(/transformation/);
  });
});
