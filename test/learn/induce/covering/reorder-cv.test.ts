import { describe, expect, test } from 'vitest';
import { Task } from '../../../../src/core/schemas/task.js';
import { chooseThreshold } from '../../../../src/learn/induce/covering/cross-validate.js';
import type { FeatureConfig } from '../../../../src/learn/induce/covering/features.js';
import { bestReorder, judgeReorder, reorderEarns, type GridRun } from '../../../../src/learn/induce/covering/search.js';
import type { Threshold } from '../../../../src/learn/induce/covering/cross-validate.js';
import { induceRules } from '../../../../src/learn/induce/index.js';
import { intents } from '../fixtures.js';

const ALL: FeatureConfig = { stems: true, ngrams: true, gaps: true, positions: true, shapes: true, minNgramDf: 1 };
/** A budget with work left, and one spent. */
const LEFT = { over: () => false };
const SPENT = { over: () => true };
const opts = { z: 1.96, minSupport: 1, minScore: 0.05, maxRules: 1000, perClass: 1000, refineTop: 8, refineSample: 400, maxLiterals: 3, deadline: Infinity };

/** A held-out result: its F1 and which of `n` texts it gets right (the first `right` of them, shifted by `from`). */
function cut(f1: number, right: number, n = 20, from = 0, withDefault?: number): Threshold {
  const r = new Uint8Array(n);
  for (let i = from; i < from + right; i++) r[i] = 1;
  const counts = { answered: right, unlabelled: new Int32Array(0) };
  return { threshold: 0.2, f1, micro: f1, right: r, folds: 5, saturated: true, ...counts, ...(withDefault === undefined ? {} : { withDefault: { threshold: 0.2, f1: withDefault, micro: withDefault, right: r, ...counts } }) };
}

describe('the global order judged by cross-validation (no dev split)', () => {
  test('each fold can order its list globally before it is run', () => {
    const train = intents(1, 5, 'train');
    const args = [train.map((e) => e.text!), train.map((e) => e.label!), [...new Set(train.map((e) => e.label!))].sort(), ALL, opts, 5, 1, 1] as const;
    const covering = chooseThreshold(...args);
    const global = chooseThreshold(...args, undefined, 1);
    expect(global.right).toHaveLength(covering.right.length);
    expect(global.f1).toBeGreaterThan(0.5);
    expect(Number.isFinite(global.threshold)).toBe(true);
  });

  // Covering gets texts 0-9 right; the global order gets `right` texts right from text `from`.
  test.each([
    { what: 'more right beyond chance and a higher F1', f1: 0.7, right: 16, from: 0, kept: true },
    { what: 'a higher F1 from a gain within chance', f1: 0.7, right: 12, from: 0, kept: false },
    { what: 'more right beyond chance at a lower F1', f1: 0.45, right: 16, from: 0, kept: false },
    { what: 'more right beyond chance at an F1 higher by no more than a tie', f1: 0.504, right: 16, from: 0, kept: false },
    { what: 'as many right, other texts', f1: 0.5, right: 10, from: 10, kept: false },
  ])('the global order replaces covering only with $what', ({ f1, right, from, kept }) => {
    const none = { t: cut(0.5, 10), passes: 2, z: 1.96, global: false };
    const grid: GridRun = () => cut(f1, right, 20, from, f1 - 0.1);
    const judged = judgeReorder(none, grid, LEFT);
    // Both z's give the same list here: the second must beat the first as well, and cannot.
    expect(judged.tried.map((t) => t.kept)).toEqual([kept, false]);
    expect(judged.best.orderZ !== undefined).toBe(kept);
    // The default after the global list is a choice only when the global list itself was kept.
    expect(judged.appended !== null).toBe(kept);
    if (kept) expect(judged.best).toMatchObject({ passes: 2, z: 1.96, global: false });
  });

  // Judged early on the grid's first point (covering right on texts 0-9), when the rest of the grid would not fit.
  describe('judged early, when the grid will not fit its share of the work', () => {
    const first = { t: cut(0.5, 10), passes: 1, z: 1.96, global: false };
    const early = judgeReorder(first, () => cut(0.7, 16), LEFT);
    const better = { t: cut(0.6, 12), passes: 1, z: 3.29, global: true };

    test('the early verdict stands when the grid found nothing better', () => {
      expect(bestReorder(first, early, first, () => cut(0, 0), SPENT)).toBe(early);
    });

    test('on a better point, the global order is judged again while time is left', () => {
      const again = bestReorder(first, early, better, () => cut(0.9, 19), LEFT);
      expect(again.best).toMatchObject({ z: 3.29, global: true, orderZ: 1 });
      expect(again.tried).toHaveLength(4);
      expect(again.cutShort).toBe(false);
    });

    test.each([
      { what: 'still beats the better point', bestF1: 0.6, bestRight: 12, kept: true },
      { what: 'no longer beats the better point', bestF1: 0.69, bestRight: 15, kept: false },
    ])('with no time left, the early global order stands only when it $what', ({ bestF1, bestRight, kept }) => {
      const point = { t: cut(bestF1, bestRight), passes: 1, z: 3.29, global: true };
      const late = bestReorder(first, early, point, () => cut(1, 20), SPENT);
      expect(late.cutShort).toBe(true);
      expect(late.best.orderZ !== undefined).toBe(kept);
      expect(late.best).toMatchObject(kept ? { z: 1.96, orderZ: 1 } : { z: 3.29 });
      expect(late.tried).toEqual(early.tried);
    });
  });

  test.each([
    { f1: 0.52, than: 0.5, gain: 2, earns: true },
    { f1: 0.505, than: 0.5, gain: 3, earns: false },
    { f1: 0.6, than: 0.5, gain: 1.9, earns: false },
  ])('the global order earns its place at F1 $f1 against $than with paired gain $gain: $earns', ({ f1, than, gain, earns }) => {
    expect(reorderEarns(f1, than, gain)).toBe(earns);
  });

  test('the summary says how the global order fared against covering', async () => {
    const task = Task.parse({ name: 'intents', type: 'classification', labels: ['cash_limit', 'pending_cash', 'pending_transfer', 'refund_request'] });
    const res = await induceRules(task, intents(1, 5, 'train'));
    expect(res.report.notes.join('\n')).toMatch(/ordered by each rule's precision on all of train \(Wilson z 1\): held-out F1 \d\.\d{3} against covering's \d\.\d{3}, paired gain z -?\d\.\d\d/);
  });
});
