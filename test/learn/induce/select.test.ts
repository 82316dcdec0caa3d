import { describe, expect, test } from 'vitest';
import { improves } from '../../../src/learn/induce/select.js';

const cfg = { minGainPrecision: 0.9, recallTolerance: 0.01 };

describe('improves', () => {
  test.each([
    // before, delta, accepted, why
    [{ tp: 50, fp: 2, fn: 50 }, { tp: 10, fp: 0, fn: -10 }, true, 'F1 rises with only right additions'],
    [{ tp: 50, fp: 2, fn: 50 }, { tp: 10, fp: 1, fn: -10 }, true, 'F1 rises and 10 of 11 additions are right'],
    [{ tp: 50, fp: 2, fn: 50 }, { tp: 10, fp: 5, fn: -10 }, false, 'F1 rises but a third of the additions are wrong'],
    [{ tp: 50, fp: 10, fn: 10 }, { tp: 0, fp: -5, fn: 0 }, true, 'false positives removed'],
    [{ tp: 50, fp: 10, fn: 10 }, { tp: -1, fp: -5, fn: 1 }, true, 'precision rises, recall falls within tolerance'],
    [{ tp: 50, fp: 10, fn: 10 }, { tp: -5, fp: -6, fn: 5 }, false, 'precision rises but recall falls too far'],
    [{ tp: 50, fp: 10, fn: 10 }, { tp: 0, fp: 0, fn: 0 }, false, 'no change is no improvement'],
    [{ tp: 0, fp: 0, fn: 10 }, { tp: 1, fp: 0, fn: -1 }, true, 'the first right output'],
    [{ tp: 10, fp: 0, fn: 10 }, { tp: -10, fp: 0, fn: 10 }, false, 'losing everything'],
  ])('%o + %o → %s (%s)', (before, delta, want) => {
    expect(improves(before, delta, cfg)).toBe(want);
  });
});
