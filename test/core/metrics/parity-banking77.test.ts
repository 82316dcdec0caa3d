import { describe, expect, test } from 'vitest';
import { runRules } from '../../../src/core/engine/predict.js';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import { computeRuleMetrics } from '../../../src/core/metrics/rule-metrics.js';
import { naiveRank } from '../../../src/core/metrics/naive-rank.js';
import { rankRules } from '../../../src/core/metrics/rank.js';
import { Task } from '../../../src/core/schemas/task.js';
import { readReference, readSharedExamples, readSharedRules, RULECHEF_FILES } from '../../helpers/rulechef.js';
import { sharedMissing } from '../../helpers/shared.js';

describe.skipIf(!!sharedMissing)(`banking77 per-rule metrics and ranking match RuleChef ${sharedMissing ?? ''}`, () => {
  const task = Task.parse({ name: 'b77', type: 'classification' });
  const load = () => {
    const rules = readSharedRules(RULECHEF_FILES.banking77.rules);
    const gold = readSharedExamples(RULECHEF_FILES.banking77.gold);
    const ref = readReference(RULECHEF_FILES.banking77.ref);
    const outputs = runRules(task, rules, gold);
    const run = { outputs, examples: gold, scorer: compileScorer(task, { outcomes: false }) };
    // Rule ids in the store differ from RuleChef's r000…: map them by file position (and check the name).
    const refOf = new Map(rules.map((r, i) => [r.id, { ...ref.rules[i]!, file: i }]));
    return { rules, gold, ref, run, refOf };
  };

  test('each rule alone has RuleChef tp, fp, matches and Wilson bound (exactly); 80 rules are dead', () => {
    const { run, refOf } = load();
    const m = computeRuleMetrics(run, { sampleScorer: compileScorer(task) });
    expect(m.rules).toHaveLength(126);
    const got = m.rules.map((r) => ({ name: r.name, tp: r.tp, fp: r.fp, matches: r.fired, wilson: r.wilson_lower }));
    const want = m.rules.map((r) => {
      const rc = refOf.get(r.id)!;
      return { name: rc.name, tp: rc.tp, fp: rc.fp, matches: rc.matches, wilson: rc.wilson_lb };
    });
    expect(got).toEqual(want);
    for (const r of m.rules) {
      const rc = refOf.get(r.id)!;
      // RuleChef's recall is TP over all 200 gold items, as ours; its empty ratios are 0, ours null.
      expect(r.tp + r.fn).toBe(200);
      expect(r.recall).toBeCloseTo(rc.recall, 15);
      expect(r.precision ?? 0).toBeCloseTo(rc.precision, 15);
      expect(r.f1 ?? 0).toBeCloseTo(rc.f1, 12);
    }
    expect(m.rules.filter((r) => r.dead)).toHaveLength(80);
    expect(m.rules.every((r) => r.dead === (r.fired === 0))).toBe(true);
  });

  test('leave-one-out marginals equal the pure recomputation; pending_payment_meaning is the only harmful rule', () => {
    const { run, refOf, ref } = load();
    const rank = rankRules(run);
    expect(rank.f1).toBeCloseTo(ref.ranking.ensemble_f1, 15);
    expect(rank.counts).toEqual({ tp: 122, fp: 3, fn: 78 });
    for (const r of rank.rules) {
      const rc = refOf.get(r.id)!;
      expect(Math.abs(r.marginal_f1! - rc.marginal_f1_nostamp!), r.name).toBeLessThan(1e-12);
    }
    expect(rank.rules.filter((r) => r.harmful).map((r) => r.name)).toEqual(['pending_payment_meaning']);
    // RuleChef's own (stamped) loop reports -0.0062 for seven rules; only one of them is really harmful.
    const stamped = [...refOf.values()].filter((rc) => (rc.marginal_f1 ?? 0) < 0).map((rc) => rc.name);
    expect(stamped).toHaveLength(7);
    expect(stamped).toContain('pending_payment_meaning');
  });

  test('incremental ranking equals a naive re-run of the ruleset without each rule, exactly', () => {
    const { run, rules, gold } = load();
    const rank = rankRules(run);
    const sample = new Set(rank.rules.filter((r) => !r.dead).map((r) => r.id));
    const naive = naiveRank(task, rules, gold, run.scorer, sample);
    expect(naive.f1).toBe(rank.f1);
    const byId = new Map(rank.rules.map((r) => [r.id, r]));
    for (const n of naive.rules) {
      const r = byId.get(n.id)!;
      expect([r.marginal_f1, r.solo_f1, r.loo]).toEqual([n.marginal_f1, n.solo_f1, n.loo]);
    }
  });
});
