import { describe, expect, test } from 'vitest';
import { runRules } from '../../../src/core/engine/predict.js';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import { accumulateRank, finishRank, mergeRankPartials, rankRules } from '../../../src/core/metrics/rank.js';
import { naiveRank } from '../../../src/core/metrics/naive-rank.js';
import type { Example } from '../../../src/core/schemas/example.js';
import { type MatchMode, Task, type TaskType } from '../../../src/core/schemas/task.js';
import { randomCase, scoredRun } from './random-cases.js';
import { rule } from '../../helpers/rules.js';

const SPAN_MODES: MatchMode[] = ['text', 'exact', 'overlap', 'semeval:strict', 'semeval:exact', 'semeval:partial', 'semeval:type'];
const POLICIES = ['rulechef', 'non_overlapping'] as const;

/** Every (type, mode, policy) combination, each with several seeds. */
const COMBOS: [TaskType, MatchMode, (typeof POLICIES)[number]][] = [
  ...POLICIES.map((p) => ['classification', 'text', p] as [TaskType, MatchMode, (typeof POLICIES)[number]]),
  ...POLICIES.map((p) => ['transformation', 'text', p] as [TaskType, MatchMode, (typeof POLICIES)[number]]),
  ...SPAN_MODES.flatMap((m) => POLICIES.map((p) => ['ner', m, p] as [TaskType, MatchMode, (typeof POLICIES)[number]])),
];
const SEEDS_PER_COMBO = 12;

describe('leave-one-out ranking', () => {
  test.each(COMBOS)('equals the naive recomputation exactly: %s, %s, %s policy', (type, mode, policy) => {
    let rescored = 0;
    for (let s = 0; s < SEEDS_PER_COMBO; s++) {
      const seed = 1000 * COMBOS.findIndex((c) => c[0] === type && c[1] === mode && c[2] === policy) + s;
      const c = randomCase(seed, type, mode, policy);
      const run = scoredRun(c);
      const fast = rankRules(run);
      const naive = naiveRank(c.task, c.rules, c.examples, run.scorer);
      expect(fast.f1, `seed ${seed}`).toBe(naive.f1);
      expect(fast.counts, `seed ${seed}`).toEqual(naive.counts);
      const byId = new Map(fast.rules.map((r) => [r.id, r]));
      for (const n of naive.rules) {
        const f = byId.get(n.id)!;
        // === on every figure: counts are multiples of 0.5, so the incremental sums are exact.
        expect({ seed, id: n.id, solo: f.solo, loo: f.loo, solo_f1: f.solo_f1, loo_f1: f.loo_f1, marginal: f.marginal_f1 }).toEqual({
          seed,
          id: n.id,
          solo: n.solo,
          loo: n.loo,
          solo_f1: n.solo_f1,
          loo_f1: n.loo_f1,
          marginal: n.marginal_f1,
        });
        expect(Object.is(f.marginal_f1, n.marginal_f1), `seed ${seed} rule ${n.id}`).toBe(true);
      }
      rescored += fast.rescored;
    }
    // The generator must produce cases where leaving a rule out matters, or the test proves nothing.
    expect(rescored).toBeGreaterThan(0);
  });

  test('the random cases include harmful rules and rules whose removal changes the output', () => {
    let harmful = 0;
    let helpful = 0;
    for (let seed = 0; seed < 60; seed++) {
      const rank = rankRules(scoredRun(randomCase(seed, seed % 2 ? 'ner' : 'classification', 'text', 'rulechef')));
      harmful += rank.rules.filter((r) => r.harmful).length;
      helpful += rank.rules.filter((r) => (r.marginal_f1 ?? 0) > 0).length;
    }
    expect(harmful).toBeGreaterThan(5);
    expect(helpful).toBeGreaterThan(5);
  });

  test('partials of document chunks merge into the partial of all documents', () => {
    for (let seed = 0; seed < 20; seed++) {
      const c = randomCase(seed, 'ner', 'semeval:partial', 'rulechef');
      const whole = rankRules(scoredRun(c));
      const cut = Math.floor(c.examples.length / 2);
      const scorer = compileScorer(c.task, { outcomes: false });
      const parts = [c.examples.slice(0, cut), c.examples.slice(cut)].map((examples) =>
        accumulateRank({ outputs: runRules(c.task, c.rules, examples), examples, scorer }),
      );
      const merged = finishRank(runRules(c.task, c.rules, []).rules, mergeRankPartials(parts));
      expect(merged.rules.map((r) => [r.id, r.marginal_f1, r.solo_f1, r.fired])).toEqual(whole.rules.map((r) => [r.id, r.marginal_f1, r.solo_f1, r.fired]));
      expect(merged.f1).toBe(whole.f1);
    }
  });
});

describe('ranking figures', () => {
  const task = Task.parse({ name: 'c', type: 'classification' });
  const ex = (id: string, text: string, label: string): Example => ({ id, text, label, split: 'dev', source: 'gold' });
  const examples = [ex('1', 'refund my card', 'refund'), ex('2', 'card lost', 'lost'), ex('3', 'refund please', 'refund'), ex('4', 'hello', 'other')];
  const rules = [rule('good', 'refund', 'refund', { priority: 2 }), rule('bad', 'card', 'refund', { priority: 1 }), rule('dead', 'zzz', 'x')];
  const rank = rankRules({ outputs: runRules(task, rules, examples), examples, scorer: compileScorer(task, { outcomes: false }) });
  const by = Object.fromEntries(rank.rules.map((r) => [r.id, r]));

  test.each([
    // ensemble: good wins on 1 and 3 (TP), bad labels 2 wrongly (FP + FN), 4 abstains (FN): 2TP/(4+1+2) = 4/7
    ['ensemble', rank.f1, 4 / 7],
    // without good: bad gets 1 right, 2 wrong; 3 and 4 abstain: 2/(2+1+3)
    ['good', by.good!.marginal_f1, 4 / 7 - 2 / 6],
    // without bad: 2TP, 0FP, 2FN: 4/6
    ['bad', by.bad!.marginal_f1, 4 / 7 - 4 / 6],
    ['dead', by.dead!.marginal_f1, 0],
  ])('%s', (_name, got, want) => expect(got).toBe(want));

  test('harmful, dead and the order (marginal, then solo precision, then support)', () => {
    expect(rank.rules.map((r) => [r.id, r.harmful, r.dead])).toEqual([
      ['good', false, false],
      ['bad', true, false],
      ['dead', false, true],
    ]);
    expect(rank.order.map((p) => rank.rules[p]!.id)).toEqual(['good', 'dead', 'bad']);
    expect(rank.rules.map((r) => r.rank)).toEqual([1, 3, 2]);
    expect(by.bad!.solo).toEqual({ tp: 1, fp: 1, fn: 3 });
    expect(by.dead!.solo_precision).toBeNull();
  });
});
