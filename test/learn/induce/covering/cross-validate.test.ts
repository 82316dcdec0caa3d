import { describe, expect, test } from 'vitest';
import { bestThreshold, type Held } from '../../../../src/learn/induce/covering/cross-validate.js';

describe('the cross-validated cut', () => {
  // 300 held-out texts: 200 answered right by rules scoring 0.9, `m` more by rules scoring 0.1
  // (right) or 0.05 (wrong), the rest by none. Micro F1 counts an abstention as a miss, so a rule
  // right on one more text raises it (0.800 to 0.802); one wrong lowers it.
  const held = (m: number, score: number, right: boolean): Held[] =>
    Array.from({ length: 300 }, (_, d) =>
      d < 200 ? { maxima: [{ score: 0.9, cls: 0 }], gold: 0 } : d < 200 + m ? { maxima: [{ score, cls: right ? 1 : 0 }], gold: 1 } : { maxima: [], gold: 2 },
    );

  test.each([
    ['one more right', held(1, 0.1, true), 0.1, 402 / 501],
    ['five more right', held(5, 0.1, true), 0.1, 410 / 505],
    ['one more wrong', held(1, 0.05, false), 0.9, 400 / 500],
    ['a lower threshold where nothing more fires (a tie: the higher threshold, fewer rules)', held(0, 0.1, true), 0.9, 400 / 500],
  ])('%s', (_what, h, threshold, f1) => {
    const cut = bestThreshold(h, [0.9, 0.1, 0.05]);
    expect(cut.threshold).toBe(threshold);
    expect(cut.f1).toBeCloseTo(f1, 12);
  });

  test('with a fallback class, a cut keeping no rule is judged by the fallback alone', () => {
    const h: Held[] = [
      { maxima: [{ score: 0.2, cls: 1 }], gold: 0 },
      { maxima: [], gold: 0 },
    ];
    expect(bestThreshold(h, [0.2], 0)).toMatchObject({ threshold: Infinity, f1: 1 });
  });
});
