import { describe, expect, test } from 'vitest';
import { runRules } from '../../../src/core/engine/predict.js';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import { computeRuleMetrics } from '../../../src/core/metrics/rule-metrics.js';
import { pruneRules } from '../../../src/core/metrics/prune.js';
import { rankRules } from '../../../src/core/metrics/rank.js';
import type { ScoredRun } from '../../../src/core/metrics/scored-run.js';
import { PROGRESS_EVERY } from '../../../src/core/progress.js';
import { Example } from '../../../src/core/schemas/example.js';
import { Rule } from '../../../src/core/schemas/rule.js';
import { Task } from '../../../src/core/schemas/task.js';

/** More examples than one progress interval, so the loops report midway as well as at the end. */
const N = 2 * PROGRESS_EVERY + 100;

function run(): ScoredRun {
  const task = Task.parse({ name: 't', type: 'classification' });
  const examples = Array.from({ length: N }, (_, i) =>
    Example.parse({ id: `e${i}`, text: i % 3 ? `refund card ${i}` : `lost card ${i}`, label: i % 3 ? 'refund' : 'lost' }),
  );
  const rules = [
    Rule.parse({ id: 'card', name: 'card', format: 'regex', pattern: 'card', output: { label: 'lost' }, priority: 2 }),
    Rule.parse({ id: 'refund', name: 'refund', format: 'regex', pattern: 'refund', output: { label: 'refund' }, priority: 1 }),
  ];
  return { outputs: runRules(task, rules, examples), examples, scorer: compileScorer(task, { outcomes: false }) };
}

/** done never goes back, never passes total, and the last report is the whole. */
function checkSeries(calls: readonly (readonly [number, number])[], total: number): void {
  expect(calls.length).toBeGreaterThan(2);
  expect(calls.at(-1)).toEqual([total, total]);
  expect(calls.every(([d, t], i) => t === total && d <= t && (i === 0 || d >= calls[i - 1]![0]))).toBe(true);
}

describe('progress of the passes over the examples', () => {
  test('ranking reports midway and at the end, and its figures are unchanged', () => {
    const r = run();
    const calls: [number, number][] = [];
    const ranked = rankRules(r, (d, t) => calls.push([d, t]));
    checkSeries(calls, N);
    expect(ranked).toEqual(rankRules(r));
  });

  test('per-rule metrics report the ranking pass, then the interactions pass', () => {
    const calls: [string, number, number][] = [];
    computeRuleMetrics(run(), { onProgress: (d, t, pass) => calls.push([pass, d, t]) });
    const rank = calls.filter((c) => c[0] === 'rank').map(([, d, t]) => [d, t] as const);
    const inter = calls.filter((c) => c[0] === 'interactions').map(([, d, t]) => [d, t] as const);
    checkSeries(rank, N);
    checkSeries(inter, N);
    expect(calls.findIndex((c) => c[0] === 'interactions')).toBe(rank.length);
  });

  test('pruning reports its first pass as step 0, then each greedy step from 1', () => {
    const calls: [number, number, number][] = [];
    const plan = pruneRules(run(), { onProgress: (d, t, s) => calls.push([d, t, s]) });
    // `card` says lost for every example; removing it leaves `refund` right on two thirds.
    expect(plan.removed).toEqual(['card']);
    checkSeries(
      calls.filter((c) => c[2] === 0).map(([d, t]) => [d, t] as const),
      N,
    );
    const steps = calls.filter((c) => c[2] > 0);
    expect([...new Set(steps.map((c) => c[2]))]).toEqual([1, 2]);
    expect(steps.every(([d, t]) => d < t)).toBe(true);
  });
});
