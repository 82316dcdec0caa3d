import { describe, expect, test } from 'vitest';
import { createMatcherRegistry } from '../../../src/core/matchers/registry.js';
import { parseNumber } from '../../../src/core/matchers/parse-number.js';
import { toleranceFor } from '../../../src/core/matchers/numeric-tolerance.js';

const reg = createMatcherRegistry();
const num = (options: Record<string, unknown> = {}) => reg.resolve({ name: 'numeric_tolerance', options });

describe('parseNumber', () => {
  test.each([
    ['9.00', 9],
    ['9', 9],
    ['RM 9.00', 9],
    ['RM4.00', 4],
    ['$8.20', 8.2],
    ['1,007.50', 1007.5],
    ['1,234.50', 1234.5],
    ['-1.73', -1.73],
    ['-RM1.73', -1.73],
    ['RM -1.73', -1.73],
    ['(1.73)', -1.73],
    ['TOTAL: 12.', 12],
    [42, 42],
    ['', null],
    ['n/a', null],
    [null, null],
    ['1.2.3', null],
  ])('%j reads as %j', (text, n) => {
    expect(parseNumber(text)).toBe(n);
  });

  test.each([
    ['1.234,50', 1234.5],
    ['9,00', 9],
    ['€ 12,5', 12.5],
  ])('with a decimal comma %j reads as %j', (text, n) => {
    expect(parseNumber(text, ',')).toBe(n);
  });
});

describe('numeric_tolerance matcher', () => {
  test.each([
    [{}, '9.00', '9', true],
    [{}, '9.00', 'RM 9.00', true],
    [{}, '9.00', '9.01', false],
    [{ abs: 0.01 }, '9.00', '9.01', true],
    [{ abs: 0.01 }, '9.00', '9.02', false],
    [{ rel: 0.1 }, 100, 109, true],
    [{ rel: 0.1 }, 100, 111, false],
    [{ abs: 1, rel: 0.5 }, 10, 14.9, true], // the larger of abs (1) and rel·|gold| (5)
    [{ abs: 0.1 }, 0.3, 0.2, true], // 0.1 apart in decimal, 0.09999999999999998 in binary
    [{}, '1,007.50', 1007.5, true],
    [{}, '9.00', 'nine', false],
  ])('options %j: %j vs %j passes: %s', (options, gold, predicted, passed) => {
    expect(num(options).match(gold, predicted, {}).passed).toBe(passed);
  });

  const layered = {
    abs: 0,
    ranges: [
      { min: 0, max: 1000, abs: 5 },
      { min: 0, max: 10, abs: 0.5 },
      { min: 1000, rel: 0.01 },
    ],
  };
  test.each([
    [5, 5.4, true, 1], // inside 0..10 (narrowest): ±0.5
    [5, 5.6, false, 1],
    [50, 54, true, 0], // only 0..1000 contains 50: ±5
    [50, 56, false, 0],
    [2000, 2019, true, 2], // open range from 1000: ±1%
    [2000, 2021, false, 2],
    [-3, -3, true, null], // no range contains it: top-level abs 0
  ])('layered ranges: gold %j vs %j passes %s (range %j)', (gold, predicted, passed, range) => {
    const v = num(layered).match(gold, predicted, {});
    expect(v.passed).toBe(passed);
    expect(v.details?.range).toBe(range);
  });

  test('a tie between equally narrow ranges goes to the first listed', () => {
    const o = { abs: 0, rel: 0, decimal: '.' as const, ranges: [{ min: 0, max: 10, abs: 1 }, { min: 5, max: 15, abs: 2 }] };
    expect(toleranceFor(7, o)).toEqual({ abs: 1, rel: 0, range: 0 });
  });

  test('a failing verdict says by how much', () => {
    const v = num({ abs: 0.01 }).match('9.00', '9.50', {});
    expect(v.reason).toContain('differs from 9 by 0.5');
    expect(v.score).toBeCloseTo(1 - 0.5 / 9.5, 10);
  });

  test('rejects a range whose min exceeds its max', () => {
    expect(() => num({ ranges: [{ min: 5, max: 1 }] })).toThrow(/range min must not exceed max/);
  });
});
