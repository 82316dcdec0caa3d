import { describe, expect, test } from 'vitest';
import { wilsonLower } from '../../../src/core/metrics/wilson.js';

describe('wilson lower bound', () => {
  test.each([
    [1.0, 1, 0.2065],
    [1.0, 10, 0.7225],
    [0.9, 100, 0.8256],
  ])('precision %s with support %s gives %s', (p, n, want) => {
    expect(wilsonLower(p, n)).toBeCloseTo(want, 4);
  });

  test('support 0 gives 0, and a larger z gives a lower bound', () => {
    expect(wilsonLower(1, 0)).toBe(0);
    expect(wilsonLower(0.9, 100, 2.58)).toBeLessThan(wilsonLower(0.9, 100));
  });

  test('is RuleChef\'s value to the last bit (z = 1.96 literally)', () => {
    // rc_banking77.json r000 (1 TP) and r119 (22 TP, 2 FP).
    expect(wilsonLower(1, 1)).toBe(0.20654329147389294);
    expect(wilsonLower(22 / 24, 24)).toBe(0.741507847985494);
  });
});
