import { describe, expect, test } from 'vitest';
import type { Rule } from '../../src/core/schemas/rule.js';
import { rule } from '../helpers/rules.js';
import { activeAsOf, diffRules, patternDiff } from '../../src/report/diff-data.js';

const mk = (id: string, pattern: string, extra: Partial<Rule> = {}): Rule => ({ ...rule(id, pattern, 'L'), ...extra });

describe('patternDiff', () => {
  test.each([
    ['abc', 'abc', [['=', 'abc']]],
    ['Rome', '(?:Rome|Paris)', [['+', '(?:'], ['=', 'Rome'], ['+', '|Paris)']]],
    ['\\bRome\\b', '\\b(?:Rome|Paris)\\b', [['=', '\\b'], ['+', '(?:'], ['=', 'Rome'], ['+', '|Paris)'], ['=', '\\b']]],
    ['a+b', 'a*b', [['=', 'a'], ['-', '+'], ['+', '*'], ['=', 'b']]],
    ['😀x', '😀y', [['=', '😀'], ['-', 'x'], ['+', 'y']]],
    ['', 'new', [['+', 'new']]],
  ])('%j → %j', (a, b, expected) => {
    const d = patternDiff(a, b);
    expect(d.map((p) => [p.op, p.text])).toEqual(expected);
    expect(d.filter((p) => p.op !== '-').map((p) => p.text).join('')).toBe(b);
    expect(d.filter((p) => p.op !== '+').map((p) => p.text).join('')).toBe(a);
  });

  test('stays one edit between the common ends for very long patterns', () => {
    const a = `${'x'.repeat(700)}A`;
    const b = `${'y'.repeat(700)}A`;
    expect(patternDiff(a, b).map((p) => p.op)).toEqual(['-', '+', '=']);
  });
});

describe('activeAsOf', () => {
  const v = (r: Rule, note: string, created_at: string) => ({ rule: r, note, created_at });
  test('takes the last version at or before the time, skipping deleted and inactive rules', () => {
    const histories = [
      [v(mk('a', 'x'), 'created', '2026-01-01T00:00:00Z'), v(mk('a', 'y'), 'edited', '2026-01-03T00:00:00Z')],
      [v(mk('b', 'x'), 'created', '2026-01-01T00:00:00Z'), v(mk('b', 'x'), 'deleted', '2026-01-02T00:00:00Z')],
      [v(mk('c', 'x', { status: 'disabled' }), 'status → disabled', '2026-01-01T00:00:00Z')],
      [v(mk('d', 'x'), 'created', '2026-01-05T00:00:00Z')],
    ];
    expect(activeAsOf(histories, '2026-01-02T12:00:00Z').map((r) => [r.id, r.pattern])).toEqual([['a', 'x']]);
    expect(activeAsOf(histories, '2026-01-06T00:00:00Z').map((r) => [r.id, r.pattern])).toEqual([['a', 'y'], ['d', 'x']]);
    // At the very time of an edit: with it, or (strict) without it.
    expect(activeAsOf(histories, '2026-01-03T00:00:00Z').map((r) => r.pattern)).toEqual(['y']);
    expect(activeAsOf(histories, '2026-01-03T00:00:00Z', { strict: true }).map((r) => r.pattern)).toEqual(['x']);
  });
});

describe('diffRules', () => {
  test('tells added, removed and edited rules apart, and names what changed', () => {
    const d = diffRules([mk('a', 'x'), mk('b', 'x'), mk('c', 'x')], [mk('a', 'x', { version: 2, status: 'active' }), mk('b', 'y', { output: { label: 'M', group: '$0' } }), mk('e', 'z')]);
    expect(d.added.map((r) => r.id)).toEqual(['e']);
    expect(d.removed.map((r) => r.id)).toEqual(['c']);
    expect(d.edited.map((r) => [r.id, r.before, r.pattern, r.changes])).toEqual([['b', 'x', 'y', ['pattern', 'label']]]);
  });
});
