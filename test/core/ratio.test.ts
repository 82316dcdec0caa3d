import { describe, expect, test } from 'vitest';
import { f1Of, f1OfTotals, laplace, macroF1Of, pairedZ, prf, ratio, wilsonLower, wilsonUpper } from '../../src/core/ratio.js';

describe('ratio', () => {
  test.each([
    [1, 2, 0.5],
    [0, 3, 0],
    [0, 0, null],
    [3, 0, null],
  ])('%s / %s is %s', (n, d, want) => {
    expect(ratio(n, d)).toBe(want);
  });
});

describe('f1 from counts', () => {
  test.each([
    [{ tp: 3, fp: 1, fn: 2 }, 6 / 9],
    [{ tp: 0, fp: 2, fn: 0 }, 0],
    [{ tp: 0, fp: 0, fn: 4 }, 0],
    [{ tp: 0, fp: 0, fn: 0 }, null],
    [{ tp: 1.5, fp: 0.5, fn: 0.5 }, 3 / 4],
  ])('%o gives %s', (c, want) => {
    expect(f1Of(c)).toBe(want);
    expect(prf(c).f1).toBe(want);
  });

  test('totals give the same f1 as errors: 2TP / (predicted + gold)', () => {
    for (const c of [
      { tp: 3, fp: 1, fn: 2 },
      { tp: 7, fp: 0, fn: 9 },
      { tp: 0, fp: 0, fn: 0 },
    ])
      expect(f1OfTotals(c.tp, c.tp + c.fp, c.tp + c.fn)).toBe(f1Of(c));
  });

  test('precision and recall are null only where their denominator is empty', () => {
    expect(prf({ tp: 0, fp: 0, fn: 2 })).toEqual({ precision: null, recall: 0, f1: 0 });
    expect(prf({ tp: 2, fp: 2, fn: 0 })).toEqual({ precision: 0.5, recall: 1, f1: 4 / 6 });
  });
});

describe('macro f1', () => {
  test.each([
    // (6/9 + 1) / 2; a class with neither gold nor output counts 0.
    [[{ tp: 3, fp: 1, fn: 2 }, { tp: 4, fp: 0, fn: 0 }], (6 / 9 + 1) / 2],
    [[{ tp: 2, fp: 0, fn: 0 }, { tp: 0, fp: 0, fn: 0 }], 0.5],
    [[], null],
  ])('of %o is %s', (classes, want) => {
    expect(macroF1Of(classes)).toBe(want);
  });
});

describe('laplace', () => {
  test.each([
    [0, 0, 0.5],
    [1, 1, 2 / 3],
    [4, 4, 5 / 6],
    [0, 3, 0.2],
    [9, 10, 10 / 12],
  ])('%s successes of %s trials smooth to %s', (s, n, want) => {
    expect(laplace(s, n)).toBe(want);
  });

  test('a smoothed precision is laplace(tp, tp + fp): what the inducer computed inline', () => {
    for (const [tp, fp] of [
      [0, 0],
      [3, 1],
      [17, 4],
    ] as const)
      expect(laplace(tp, tp + fp)).toBe((tp + 1) / (tp + fp + 2));
  });
});

describe('wilson bounds', () => {
  test.each([
    [1, 1, 0.20654329147389294],
    [22 / 24, 24, 0.741507847985494],
  ])('lower bound of %s on %s is RuleChef’s value to the last bit', (p, n, want) => {
    expect(wilsonLower(p, n)).toBe(want);
  });

  test('bracket the precision, and support 0 knows nothing', () => {
    expect(wilsonLower(0.8, 50)).toBeLessThan(0.8);
    expect(wilsonUpper(0.8, 50)).toBeGreaterThan(0.8);
    expect([wilsonLower(1, 0), wilsonUpper(1, 0)]).toEqual([0, 1]);
  });

  test.each([
    [0, 4, 2],
    [3, 7, 4 / Math.sqrt(10)],
    [5, 2, -3 / Math.sqrt(7)],
    [0, 0, 0],
  ])('McNemar z of %s for A against %s for B is %s', (forA, forB, z) => {
    expect(pairedZ(forA, forB)).toBeCloseTo(z, 12);
  });

  test('McNemar z above 1.96 is the Wilson 95 % lower bound of the share for B above one half', () => {
    for (let n = 1; n <= 60; n++)
      for (let b = 0; b <= n; b++) expect([n, b, pairedZ(n - b, b) > 1.96]).toEqual([n, b, wilsonLower(b / n, n) > 0.5]);
  });
});
