import { describe, expect, test } from 'vitest';
import { createMatcherRegistry } from '../../../src/core/matchers/registry.js';

const exact = createMatcherRegistry().resolve('exact');

describe('exact matcher', () => {
  test.each([
    ['Paris', 'Paris', true],
    ['Paris', 'paris', false],
    ['Paris', 'Paris ', false],
    ['9', 9, false],
    [9, 9, true],
    [{ a: 1, b: [2] }, { b: [2], a: 1 }, true],
    [['x', 'y'], ['y', 'x'], false],
    [null, null, true],
  ])('%j vs %j passes: %s', (gold, predicted, passed) => {
    const v = exact.match(gold, predicted, {});
    expect(v.passed).toBe(passed);
    expect(v.score).toBe(passed ? 1 : 0);
  });

  test('is flagged as plain exact so scorers can compare directly', () => {
    expect(exact.isPlainExact).toBe(true);
    expect(createMatcherRegistry().resolve('normalized').isPlainExact).toBe(false);
  });
});
