import { describe, expect, test } from 'vitest';
import { bestThreshold, chooseThreshold, FoldLists, type Held } from '../../../../src/learn/induce/covering/cross-validate.js';
import { learnDecisionList } from '../../../../src/learn/induce/covering/decision-list.js';
import type { FeatureConfig } from '../../../../src/learn/induce/covering/features.js';
import { loadB77Train } from '../datasets.js';

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

  // 90 texts of class 0 (the default) and 10 of class 1. At 0.9 only three class-1 texts are
  // answered 1; at 0.3 four more are, and five class-0 texts wrongly so. Micro F1: 93/100 against
  // 92/100. Macro F1: (180/187 + 6/13) / 2 = .712 against (170/178 + 14/22) / 2 = .796.
  const skewed: Held[] = [
    ...Array.from({ length: 85 }, () => ({ maxima: [], gold: 0 })),
    ...Array.from({ length: 5 }, () => ({ maxima: [{ score: 0.3, cls: 1 }], gold: 0 })),
    ...Array.from({ length: 3 }, () => ({ maxima: [{ score: 0.9, cls: 1 }], gold: 1 })),
    ...Array.from({ length: 4 }, () => ({ maxima: [{ score: 0.3, cls: 1 }], gold: 1 })),
    ...Array.from({ length: 3 }, () => ({ maxima: [], gold: 1 })),
  ];

  test.each([
    ['micro F1 keeps the precise rules', false, 0.9, 186 / 200, 186 / 200],
    ['macro F1 keeps the rules that find more of the rare class', true, 0.3, (170 / 178 + 14 / 22) / 2, 184 / 200],
  ])('judged on a skewed fold, %s', (_what, macro, threshold, f1, micro) => {
    const cut = bestThreshold(skewed, [0.9, 0.3], 0, macro);
    expect(cut.threshold).toBe(threshold);
    expect(cut.f1).toBeCloseTo(f1, 12);
    expect(cut.micro).toBeCloseTo(micro, 12);
  });

  test('with a fallback class, a cut keeping no rule is judged by the fallback alone', () => {
    const h: Held[] = [
      { maxima: [{ score: 0.2, cls: 1 }], gold: 0 },
      { maxima: [], gold: 0 },
    ];
    expect(bestThreshold(h, [0.2], 0)).toMatchObject({ threshold: Infinity, f1: 1 });
  });
});

describe('lists shared by the points of a cross-validation grid', () => {
  const ALL: FeatureConfig = { stems: true, ngrams: true, gaps: true, positions: true, shapes: true, minNgramDf: 1 };
  const opts = { z: 1.96, minSupport: 1, minScore: 0.05, maxRules: 1000, perClass: 1000, refineTop: 8, refineSample: 400, maxLiterals: 3, deadline: Infinity };
  const train = loadB77Train().filter((_, i) => i % 2 === 0);
  const texts = train.map((e) => e.text!);
  const labels = train.map((e) => e.label!);
  const classes = [...new Set(labels)].sort();

  test('a list extended by more passes is the list learned with them from scratch', () => {
    const shared = new FoldLists();
    const one = shared.learn(0, texts, labels, classes, ALL, opts, 1);
    const three = shared.learn(0, texts, labels, classes, ALL, opts, 3);
    const fresh = learnDecisionList(texts, labels, classes, ALL, opts, 3);
    expect(three.rules).toEqual(fresh.rules);
    expect(three.saturated).toBe(fresh.saturated);
    // The extension made passes after the first, and left the one-pass list as it was.
    expect(three.rules.some((r) => r.pass > 0)).toBe(true);
    expect(one.rules.every((r) => r.pass === 0)).toBe(true);
    expect(shared.learn(0, texts, labels, classes, ALL, opts, 1)).toBe(one);
  });

  test.each([
    { what: 'one pass', passes: 1, z: 1.96 },
    { what: 'three passes after one', passes: 3, z: 1.96 },
    { what: 'two passes after three', passes: 2, z: 1.96 },
    { what: 'another z', passes: 2, z: 3.29 },
  ])('the cut at $what is the cut without shared lists', ({ passes, z }) => {
    const shared = new FoldLists();
    for (const p of [1, 3]) chooseThreshold(texts, labels, classes, ALL, opts, 3, 7, p, undefined, undefined, shared);
    const args = [texts, labels, classes, ALL, { ...opts, z }, 3, 7, passes, 0] as const;
    const { right, ...cut } = chooseThreshold(...args, undefined, shared);
    const { right: right0, ...cut0 } = chooseThreshold(...args);
    expect(cut).toEqual(cut0);
    expect([...right]).toEqual([...right0]);
  });
});
