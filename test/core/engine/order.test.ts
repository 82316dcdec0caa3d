import { describe, expect, test } from 'vitest';
import { casefold, compareCodePoints, orderRules, ruleTrust } from '../../../src/core/engine/order.js';
import { Rule, type RuleInput } from '../../../src/core/schemas/rule.js';

const rule = (over: Partial<RuleInput> & { id: string }): Rule =>
  Rule.parse({ name: over.id, format: 'regex', pattern: 'x', output: { label: 'X' }, ...over });

describe('rule order', () => {
  // [title, rules in input order, expected ids in execution order]
  test.each<[string, Rule[], string[]]>([
    ['higher priority first', [rule({ id: 'a', priority: 1 }), rule({ id: 'b', priority: 5 })], ['b', 'a']],
    [
      'then the Wilson lower bound, not the raw precision',
      [rule({ id: 'one-of-one', validated_precision: 1, validated_support: 1 }), rule({ id: 'nine-of-ten', validated_precision: 0.9, validated_support: 10 })],
      ['nine-of-ten', 'one-of-one'],
    ],
    [
      'no validated precision counts as a bound of 0',
      [rule({ id: 'unknown' }), rule({ id: 'known', validated_precision: 0.5, validated_support: 4 })],
      ['known', 'unknown'],
    ],
    [
      'then confidence',
      [rule({ id: 'low', confidence: 0.2 }), rule({ id: 'high', confidence: 0.9 })],
      ['high', 'low'],
    ],
    ['then the casefolded name', [rule({ id: '1', name: 'Zeta' }), rule({ id: '2', name: 'alpha' })], ['2', '1']],
    ['then the id', [rule({ id: 'r2', name: 'same' }), rule({ id: 'r1', name: 'SAME' })], ['r1', 'r2']],
    ['ß casefolds to ss, so the id decides', [rule({ id: 'b', name: 'straße' }), rule({ id: 'a', name: 'STRASSE' })], ['a', 'b']],
    [
      'priority beats everything else',
      [rule({ id: 'trusted', priority: 1, validated_precision: 1, validated_support: 1000, confidence: 1 }), rule({ id: 'urgent', priority: 2, confidence: 0 })],
      ['urgent', 'trusted'],
    ],
  ])('%s', (_t, rules, expected) => {
    expect(orderRules(rules).map((r) => r.id)).toEqual(expected);
    expect(orderRules([...rules].reverse()).map((r) => r.id)).toEqual(expected);
  });

  test('the Wilson bound uses the task z', () => {
    const r = rule({ id: 'a', validated_precision: 1, validated_support: 1 });
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
