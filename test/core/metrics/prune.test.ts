import { describe, expect, test } from 'vitest';
import { runRules } from '../../../src/core/engine/predict.js';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import { f1Of } from '../../../src/core/metrics/scored-run.js';
import { naiveCounts } from '../../../src/core/metrics/naive-rank.js';
import { clearlyBetter, pruneRules } from '../../../src/core/metrics/prune.js';
import type { Example } from '../../../src/core/schemas/example.js';
import { Task } from '../../../src/core/schemas/task.js';
import { CASE_COMBOS, type RandomCase, randomCase, scoredRun } from './random-cases.js';
import { rule } from '../../helpers/rules.js';

const naiveF1 = (c: RandomCase, removed: ReadonlySet<string>, scorer = compileScorer(c.task, { outcomes: false })) =>
  f1Of(
    naiveCounts(
      c.task,
      c.rules.filter((r) => !removed.has(r.id)),
      c.examples,
      scorer,
    ),
  );

describe('greedy pruning', () => {
  test.each(CASE_COMBOS)(
    'every step equals a naive re-run, each removal is the best one, and no removal is left that helps: %s, %s, %s',
    (type, mode, policy) => {
      let removals = 0;
      for (let seed = 0; seed < 25; seed++) {
        const c = randomCase(7000 + seed, type, mode, policy);
        const run = scoredRun(c);
        const result = pruneRules(run, { dead: seed % 2 === 0, duplicates: seed % 3 === 0 });
        const removed = new Set<string>();
        expect(result.f1_before).toBe(naiveF1(c, removed));
        for (const step of result.steps) {
          const before = naiveF1(c, removed);
          expect(step.f1_before).toBe(before);
          if (step.reason === 'harmful') {
            // No other remaining rule would have raised F1 more.
            const best = Math.max(
              ...c.rules.filter((r) => !removed.has(r.id)).map((r) => naiveF1(c, new Set([...removed, r.id])) ?? -Infinity),
            );
            expect(step.f1_after).toBe(best);
            expect(step.gain!).toBeGreaterThan(0);
          } else expect(step.f1_after).toBe(before);
          removed.add(step.rule_id);
          expect(step.f1_after, `seed ${seed} step ${step.step}`).toBe(naiveF1(c, removed));
        }
        expect(result.removed).toEqual([...removed]);
        expect(result.f1_after).toBe(naiveF1(c, removed));
        const f1 = result.f1_after;
        if (f1 !== null)
          for (const r of c.rules.filter((x) => !removed.has(x.id))) expect(naiveF1(c, new Set([...removed, r.id])) ?? -Infinity).toBeLessThanOrEqual(f1);
        removals += result.steps.filter((s) => s.reason === 'harmful').length;
      }
      expect(removals).toBeGreaterThan(0);
    },
  );

  const task = Task.parse({ name: 'c', type: 'classification' });
  const ex = (id: string, text: string, label: string): Example => ({ id, text, label, split: 'dev', source: 'gold' });
  const examples = [ex('1', 'refund my card', 'refund'), ex('2', 'card lost', 'lost'), ex('3', 'refund please', 'refund'), ex('4', 'lost it', 'lost')];
  const rules = [
    rule('good', 'refund', 'refund', { priority: 3 }),
    rule('copy', 'refund', 'refund', { priority: 2 }),
    rule('bad', 'card', 'refund', { priority: 1 }),
    rule('lost', 'lost', 'lost'),
    rule('dead', 'zzz', 'x'),
  ];
  const run = () => ({ outputs: runRules(task, rules, examples), examples, scorer: compileScorer(task, { outcomes: false }) });

  test('removes the harmful rule, then duplicates and dead rules only when asked', () => {
    const plain = pruneRules(run());
    expect(plain.removed).toEqual(['bad']);
    expect([plain.f1_before, plain.f1_after]).toEqual([6 / 8, 1]);
    const all = pruneRules(run(), { dead: true, duplicates: true });
    expect(all.steps.map((s) => [s.rule_id, s.reason, s.duplicate_of ?? null, s.f1_before, s.f1_after])).toEqual([
      ['copy', 'duplicate', 'good', 6 / 8, 6 / 8],
      ['dead', 'dead', null, 6 / 8, 6 / 8],
      ['bad', 'harmful', null, 6 / 8, 1],
    ]);
    expect(all.counts_after).toEqual({ tp: 4, fp: 0, fn: 0 });
  });

  test.each([
    [0, ['bad']],
    [0.3, []],
  ])('a tolerance of %s keeps gains at or below it', (tolerance, removed) => {
    // Removing "bad" raises F1 by 0.25.
    expect(pruneRules(run(), { tolerance }).removed).toEqual(removed);
  });

  test('when asked for clear evidence, a removal that betters one example is not made; one that betters four is', () => {
    expect(pruneRules(run(), { clearly: true }).removed).toEqual([]);
    const more = [...examples, ex('5', 'card lost again', 'lost'), ex('6', 'lost my card', 'lost'), ex('7', 'card is lost', 'lost')];
    const bigger = { outputs: runRules(task, rules, more), examples: more, scorer: compileScorer(task, { outcomes: false }) };
    expect(pruneRules(bigger, { clearly: true }).removed).toEqual(['bad']);
  });

  test.each([
    [4, 0, true],
    [3, 0, false],
    [8, 1, true],
    [6, 1, false],
    [0, 0, false],
    [0, 5, false],
  ])('a change that makes %s examples better and %s worse clearly helps: %s', (better, worse, clear) => {
    expect(clearlyBetter({ better, worse })).toBe(clear);
  });

  test('maxSteps bounds the greedy removals', () => {
    expect(pruneRules(run(), { maxSteps: 0 }).steps).toEqual([]);
  });

  test('each step and the plan say how many examples decide the gain', () => {
    const all = pruneRules(run(), { dead: true, duplicates: true });
    // Only example 2 ("card lost") changes: from a wrong refund to lost.
    expect(all.steps.map((s) => [s.rule_id, s.decided_by])).toEqual([
      ['copy', 0],
      ['dead', 0],
      ['bad', 1],
    ]);
    expect(all.decided_by).toBe(1);
    expect(pruneRules(run(), { maxSteps: 0 }).decided_by).toBe(0);
  });

  test('keepDead leaves rules that never fire here alone', () => {
    const kept = pruneRules(run(), { dead: true, keepDead: new Set(['dead']) });
    expect(kept.removed).toEqual(['bad']);
  });
});
