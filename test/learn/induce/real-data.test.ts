import { describe, expect, test } from 'vitest';
import { induceRules } from '../../../src/learn/induce/index.js';
import { sharedMissing } from '../../helpers/shared.js';
import { b77Split, b77Task, loadB77Test, loadB77Train, loadRulechefTabRules, loadTab, scoreWith, TAB_LABELS, tabSplit, tabTask } from './datasets.js';

const TIMEOUT = 120_000;
/** Learning on any acceptance set must finish in under a minute on 2 cores. */
const LEARN_LIMIT_MS = 60_000;

describe.skipIf(!!sharedMissing)(`offline inducer on the acceptance data ${sharedMissing ?? ''}`, () => {
  test(
    'Banking77, 5 train examples per class (rest as dev): accuracy >= 0.80 at precision >= 0.95 on the 200 RuleChef queries',
    async () => {
      const task = b77Task();
      const { train, dev } = b77Split(loadB77Train(), 'few', 1);
      const test_ = loadB77Test();
      expect(train).toHaveLength(25);
      const seen = new Set([...train, ...dev].map((e) => e.text));
      expect(test_.filter((e) => seen.has(e.text))).toEqual([]);
      const t0 = performance.now();
      const res = await induceRules(task, train, { dev, seed: 1 });
      expect(performance.now() - t0).toBeLessThan(LEARN_LIMIT_MS);
      const s = scoreWith(task, res.rules, test_);
      expect(s.accuracy).toBeGreaterThanOrEqual(0.8);
      expect(s.precision!).toBeGreaterThanOrEqual(0.95);
    },
    TIMEOUT,
  );

  test(
    'Banking77, full train split (20% dev carved out): accuracy >= 0.96 at precision >= 0.95',
    async () => {
      const task = b77Task();
      const { train, dev } = b77Split(loadB77Train(), 'full', 1);
      const t0 = performance.now();
      const res = await induceRules(task, train, { dev, seed: 1 });
      expect(performance.now() - t0).toBeLessThan(LEARN_LIMIT_MS);
      const s = scoreWith(task, res.rules, loadB77Test());
      expect(s.accuracy).toBeGreaterThanOrEqual(0.96);
      expect(s.precision!).toBeGreaterThanOrEqual(0.95);
    },
    TIMEOUT,
  );

  test(
    "TAB CODE/DATETIME/QUANTITY split by document: micro F1 at least RuleChef's 22 rules on the same test documents",
    async () => {
      const task = tabTask();
      const { train, dev, test: test_ } = tabSplit(loadTab(), 1);
      const t0 = performance.now();
      const res = await induceRules(task, train, { dev, seed: 1 });
      expect(performance.now() - t0).toBeLessThan(LEARN_LIMIT_MS);
      const ours = scoreWith(task, res.rules, test_, TAB_LABELS);
      const rulechef = scoreWith(task, loadRulechefTabRules(), test_, TAB_LABELS);
      expect(ours.f1!).toBeGreaterThanOrEqual(rulechef.f1!);
      expect(ours.per_class.CODE!.f1!).toBeGreaterThanOrEqual(rulechef.per_class.CODE!.f1!);
      expect(ours.per_class.DATETIME!.f1!).toBeGreaterThanOrEqual(rulechef.per_class.DATETIME!.f1!);
    },
    TIMEOUT,
  );
});
