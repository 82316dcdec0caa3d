import { describe, expect, test } from 'vitest';
import { runRules } from '../../../src/core/engine/predict.js';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import { Ensemble } from '../../../src/core/metrics/ensemble.js';
import { naiveCounts } from '../../../src/core/metrics/naive-rank.js';
import { mulberry32 } from '../../../src/core/random.js';
import type { Example } from '../../../src/core/schemas/example.js';
import { Task } from '../../../src/core/schemas/task.js';
import { CASE_COMBOS, type RandomCase, randomCase, scoredRun } from './random-cases.js';
import { rule } from '../../helpers/rules.js';


/** The counts of the rules not excluded, run from scratch. */
const freshCounts = (c: RandomCase, ens: Ensemble) =>
  naiveCounts(
    c.task,
    c.rules.filter((r) => ens.isActive(ens.outputs.rules.findIndex((x) => x.id === r.id))),
    c.examples,
    ens.scorer,
  );

describe('the incremental ensemble scorer', () => {
  test.each(CASE_COMBOS)('any trials and commits score as a fresh run of the same rules: %s, %s, %s', (type, mode, policy) => {
    for (let seed = 0; seed < 20; seed++) {
      const c = randomCase(9100 + seed, type, mode, policy);
      const run = scoredRun(c);
      const r = mulberry32(seed);
      const ens = new Ensemble(run, Uint8Array.from(run.outputs.rules, () => (r() < 0.5 ? 1 : 0)));
      expect(ens.totals.counts).toEqual(freshCounts(c, ens));
      for (let i = 0; i < 12 && ens.size; i++) {
        const p = Math.floor(r() * ens.size);
        const before = ens.totals.counts;
        const t = ens.trial(p);
        expect(ens.totals.counts).toEqual(before);
        expect(t.decided).toBeLessThanOrEqual(t.docs.length);
        if (r() < 0.3) continue;
        ens.commit(t);
        expect(ens.totals.counts, `seed ${seed} step ${i}`).toEqual(freshCounts(c, ens));
      }
    }
  });

  test.each(CASE_COMBOS)('a rule alone counts as the rule run by itself on the texts it fired on: %s, %s, %s', (type, mode, policy) => {
    const c = randomCase(9300, type, mode, policy);
    const ens = new Ensemble(scoredRun(c));
    ens.outputs.rules.forEach((cr, p) => {
      const fired = Array.from(ens.outputs.ruleDocs[p]!, (d) => c.examples[d]!);
      const alone = ens.alone(p);
      expect(alone.docs).toBe(fired.length);
      expect(alone.counts).toEqual(naiveCounts(c.task, [cr.rule], fired, ens.scorer));
    });
  });

  const task = Task.parse({ name: 'c', type: 'classification' });
  const ex = (id: string, text: string, label: string): Example => ({ id, text, label, split: 'dev', source: 'gold' });
  const examples = [ex('1', 'refund my card', 'refund'), ex('2', 'card lost', 'lost'), ex('3', 'refund please', 'refund')];
  const rules = [rule('refund', 'refund', 'refund', { priority: 3 }), rule('copy', 'refund', 'refund', { priority: 2 }), rule('card', 'card', 'refund', { priority: 1 })];
  const ensemble = () => new Ensemble({ outputs: runRules(task, rules, examples), examples, scorer: compileScorer(task, { outcomes: false }) });

  test.each([
    ['removing a rule that wins nowhere changes no text', 'copy', [], 0],
    ['removing a rule whose copy takes over changes the winner but no count', 'refund', [0, 2], 0],
    ['removing the only rule on a text changes its counts', 'card', [1], 1],
  ])('%s', (_name, id, docs, decided) => {
    const ens = ensemble();
    const t = ens.trial(ens.outputs.rules.findIndex((r) => r.id === id));
    expect([t.docs, t.decided]).toEqual([docs, decided]);
  });

  test('ensembles of one ruleset on two splits share the mask: commit flips it once, take leaves it', () => {
    const a = ensemble();
    const b = new Ensemble({ outputs: a.outputs, examples, scorer: a.scorer }, a.excluded);
    const p = a.outputs.rules.findIndex((r) => r.id === 'card');
    const tb = b.trial(p);
    a.commit(a.trial(p));
    b.take(tb);
    expect([a.isActive(p), b.isActive(p)]).toEqual([false, false]);
    expect(b.totals).toEqual(a.totals);
  });
});
