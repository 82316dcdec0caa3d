import { describe, expect, test } from 'vitest';
import { lowerBound } from '../../src/core/lower-bound.js';

describe('lowerBound', () => {
  test.each([
    [[], 5, undefined, 0],
    [[1, 3, 3, 7], 0, undefined, 0],
    [[1, 3, 3, 7], 3, undefined, 1],
    [[1, 3, 3, 7], 4, undefined, 3],
    [[1, 3, 3, 7], 9, undefined, 4],
    [[1, 3, 3, 7], 9, 2, 2],
    [[1, 3, 3, 7], 2, 2, 1],
  ])('in %j, %i goes at the first index not below it (end %s): %i', (xs, x, end, at) => {
    expect(lowerBound(xs, x, end)).toBe(at);
  });

  test('reads a typed array up to the end it is given, whatever lies beyond', () => {
    expect(lowerBound(Int32Array.from([2, 4, 0, 0]), 5, 2)).toBe(2);
  });
});
