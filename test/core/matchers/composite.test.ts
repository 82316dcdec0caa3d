import { describe, expect, test } from 'vitest';
import { createMatcherRegistry } from '../../../src/core/matchers/registry.js';

const reg = createMatcherRegistry();

describe('composite matcher', () => {
  const m = reg.resolve({
    name: 'composite',
    options: {
      components: [
        { matcher: 'exact', weight: 1 },
        { matcher: 'normalized', weight: 3 },
      ],
      threshold: 0.7,
    },
  });

  test.each([
    ['Paris', 'Paris', 1, true],
    ['Paris', 'PARIS', 0.75, true], // (0·1 + 1·3) / 4
    ['Paris', 'Rome', 0, false],
  ])('%j vs %j scores %d', (gold, predicted, score, passed) => {
    const v = m.match(gold, predicted, {});
    expect(v.score).toBeCloseTo(score, 12);
    expect(v.passed).toBe(passed);
    expect(v.details?.components).toHaveLength(2);
  });

  test('components with options, and the threshold decides', () => {
    const c = reg.resolve({
      name: 'composite',
      options: {
        components: [{ matcher: { name: 'numeric_tolerance', options: { abs: 0.5 } } }, { matcher: 'exact' }],
        threshold: 0.5,
      },
    });
    expect(c.match('9.00', '9.2', {}).passed).toBe(true);
    expect(c.match('9.00', '10', {}).passed).toBe(false);
  });

  test('a bad component names where it is', () => {
    expect(() => reg.resolve({ name: 'composite', options: { components: [{ matcher: 'nope' }] } }, 'field total')).toThrow(
      /field total → composite component 1: unknown matcher "nope"/,
    );
  });

  test('needs at least one component', () => {
    expect(() => reg.resolve({ name: 'composite', options: { components: [] } })).toThrow(/at least one component/);
  });
});
