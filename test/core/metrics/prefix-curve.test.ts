import { describe, expect, test } from 'vitest';
import { naiveCounts } from '../../../src/core/metrics/naive-rank.js';
import { prefixCurve } from '../../../src/core/metrics/prefix-curve.js';
import type { MatchMode, TaskType } from '../../../src/core/schemas/task.js';
import { randomCase, scoredRun } from './random-cases.js';

const COMBOS: [TaskType, MatchMode, 'rulechef' | 'non_overlapping'][] = [
  ['classification', 'text', 'rulechef'],
  ['transformation', 'text', 'rulechef'],
  ['ner', 'exact', 'rulechef'],
  ['ner', 'overlap', 'non_overlapping'],
  ['ner', 'semeval:partial', 'rulechef'],
];

describe('prefixCurve', () => {
  test.each(COMBOS)('every point equals the first k rules run from scratch: %s, %s, %s policy', (type, mode, policy) => {
    for (let seed = 0; seed < 15; seed++) {
      const c = randomCase(seed, type, mode, policy);
      const run = scoredRun(c);
      const curve = prefixCurve(run);
      const ordered = run.outputs.rules.map((r) => r.rule);
      expect(curve.map((p) => p.rules)).toEqual(ordered.map((_, i) => i).concat(ordered.length));
      curve.forEach((p, k) => {
        expect(p.counts, `seed ${seed}, first ${k} rules`).toEqual(naiveCounts(c.task, ordered.slice(0, k), c.examples, run.scorer));
        expect(p.rule_id).toBe(k ? ordered[k - 1]!.id : null);
      });
    }
  });
});
