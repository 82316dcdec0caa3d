import { describe, expect, test } from 'vitest';
import { casefold, compareCodePoints, orderRules, ruleTrust } from '../../../src/core/engine/order.js';
import type { Rule } from '../../../src/core/schemas/rule.js';
import { rule } from '../../helpers/rules.js';

describe('rule order', () => {
  // [title, rules in input order, expected ids in execution order]
  test.each<[string, Rule[], string[]]>([
    ['higher priority first', [rule('a', 'x', 'X', { priority: 1 }), rule('b', 'x', 'X', { priority: 5 })], ['b', 'a']],
    [
      'then the Wilson lower bound, not the raw precision',
      [rule('one-of-one', 'x', 'X', { validated_precision: 1, validated_support: 1 }), rule('nine-of-ten', 'x', 'X', { validated_precision: 0.9, validated_support: 10 })],
      ['nine-of-ten', 'one-of-one'],
    ],
    [
      'no validated precision counts as a bound of 0',
      [rule('unknown', 'x', 'X'), rule('known', 'x', 'X', { validated_precision: 0.5, validated_support: 4 })],
      ['known', 'unknown'],
    ],
    [
      'then confidence',
      [rule('low', 'x', 'X', { confidence: 0.2 }), rule('high', 'x', 'X', { confidence: 0.9 })],
      ['high', 'low'],
    ],
    ['then the casefolded name', [rule('1', 'x', 'X', { name: 'Zeta' }), rule('2', 'x', 'X', { name: 'alpha' })], ['2', '1']],
    ['then the id', [rule('r2', 'x', 'X', { name: 'same' }), rule('r1', 'x', 'X', { name: 'SAME' })], ['r1', 'r2']],
    ['ß casefolds to ss, so the id decides', [rule('b', 'x', 'X', { name: 'straße' }), rule('a', 'x', 'X', { name: 'STRASSE' })], ['a', 'b']],
    [
      'priority beats everything else',
      [rule('trusted', 'x', 'X', { priority: 1, validated_precision: 1, validated_support: 1000, confidence: 1 }), rule('urgent', 'x', 'X', { priority: 2, confidence: 0 })],
      ['urgent', 'trusted'],
    ],
  ])('%s', (_t, rules, expected) => {
    expect(orderRules(rules).map((r) => r.id)).toEqual(expected);
    expect(orderRules([...rules].reverse()).map((r) => r.id)).toEqual(expected);
  });

  test('the Wilson bound uses the task z', () => {
    const r = rule('a', 'x', 'X', { validated_precision: 1, validated_support: 1 });
    expect(ruleTrust(r)).toBeCloseTo(0.2065, 4);
    expect(ruleTrust(r, 1)).toBeGreaterThan(ruleTrust(r, 1.96));
  });

  test('names compare by code point, like Python', () => {
    expect(compareCodePoints('\uE000', '😀')).toBeLessThan(0);
    expect('\uE000' < '😀').toBe(false);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(casefold('Straße')).toBe('strasse');
  });
});
