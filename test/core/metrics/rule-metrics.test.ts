import { describe, expect, test } from 'vitest';
import { executeRules } from '../../../src/core/engine/executor.js';
import { prepareRules, runRules, textOf } from '../../../src/core/engine/predict.js';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import { computeRuleMetrics, RuleMetricsAccumulator } from '../../../src/core/metrics/rule-metrics.js';
import { wilsonLower } from '../../../src/core/metrics/wilson.js';
import type { Example } from '../../../src/core/schemas/example.js';
import { RuleMetrics } from '../../../src/core/schemas/rule-metrics.js';
import type { Rule } from '../../../src/core/schemas/rule.js';
import { type MatchMode, Task, type TaskType } from '../../../src/core/schemas/task.js';
import { randomCase } from './random-cases.js';
import { rule } from '../../helpers/rules.js';

/** Names unlike the ids, so a metric keyed by name instead of id would show. */
const named = (rules: Rule[]): Rule[] => rules.map((r) => ({ ...r, name: `name ${r.id}` }));

describe('per-rule metrics on spans', () => {
  const task = Task.parse({ name: 'ner', type: 'ner' });
  const text = 'John Smith met Mary in Paris.';
  const examples: Example[] = [
    {
      id: 'e1',
      text,
      spans: [
        { start: 0, end: 10, label: 'PER' },
        { start: 15, end: 19, label: 'PER' },
        { start: 23, end: 28, label: 'LOC' },
      ],
      split: 'dev',
      source: 'gold',
    },
    { id: 'e2', text: 'Nothing here, Mary.', spans: [{ start: 14, end: 18, label: 'PER' }], split: 'dev', source: 'gold' },
  ];
  const rules = named([
    rule('full', 'John Smith', 'PER', { priority: 5 }),
    rule('copy', 'John Smith', 'PER', { priority: 4 }),
    rule('first', 'John', 'PER', { priority: 3 }),
    rule('org', 'Smith met', 'ORG', { priority: 2 }),
    rule('city', '(?:in) (Paris)', 'LOC', { priority: 1, group: '$1' }),
    rule('never', 'Zanzibar', 'LOC'),
  ]);
  const run = { outputs: runRules(task, rules, examples), examples, scorer: compileScorer(task, { outcomes: false }) };
  const m = computeRuleMetrics(run, { sampleScorer: compileScorer(task), contextChars: 8 });
  const by = Object.fromEntries(m.rules.map((r) => [r.id, r]));

  test('every rule validates against the stored schema', () => {
    for (const r of m.rules) expect(RuleMetrics.safeParse(r).success).toBe(true);
  });

  test.each([
    // id, tp, fp, fn, support, fired, dead
    ['full', 1, 0, 3, 1, 1, false],
    ['first', 0, 1, 4, 1, 1, false],
    ['org', 0, 1, 4, 1, 1, false],
    ['city', 1, 0, 3, 1, 1, false],
    ['never', 0, 0, 4, 0, 0, true],
  ])('%s: tp %s fp %s fn %s support %s fired %s dead %s', (id, tp, fp, fn, support, fired, dead) => {
    const r = by[id]!;
    expect([r.tp, r.fp, r.fn, r.support, r.fired, r.dead]).toEqual([tp, fp, fn, support, fired, dead]);
    expect(r.recall).toBe(tp / 4);
    expect(r.wilson_lower).toBe(wilsonLower(r.precision ?? 0, support));
  });

  test.each([
    // id, gold of its label (PER 3, LOC 1, ORG 0), label recall, label F1 = 2·tp / (support + gold), RuleChef's recall and F1 over all 4 gold
    ['full', 1 / 3, 2 / 4, 1 / 4, 2 / 5],
    ['first', 0, 0, 0, 0],
    ['org', null, 0, 0, 0],
    ['city', 1, 1, 1 / 4, 2 / 5],
    ['never', 0, 0, 0, 0],
  ])('%s: label recall %s and label F1 %s against its own label, recall %s and F1 %s against all gold', (id, labelRecall, labelF1, recall, f1) => {
    const r = by[id]!;
    expect([r.label_recall, r.label_f1, r.recall, r.f1]).toEqual([labelRecall, labelF1, recall, f1]);
  });

  test('ratios with nothing behind them are null', () => {
    expect([by.never!.precision, by.never!.f1, by.never!.wilson_lower]).toEqual([null, 0, 0]);
  });

  test('samples show the span in its context, and only misses of the rule\'s own label', () => {
    expect(by.full!.samples.tp).toEqual([
      {
        example_id: 'e1',
        kind: 'tp',
        outcome: 'match',
        gold: { label: 'PER', text: 'John Smith', start: 0, end: 10 },
        predicted: { label: 'PER', text: 'John Smith', start: 0, end: 10 },
        context: { before: '', text: 'John Smith', after: ' met Mar…' },
      },
    ]);
    expect(by.full!.samples.fn.map((s) => [s.example_id, s.gold!.text, s.context.before, s.context.after])).toEqual([
      ['e1', 'Mary', '…ith met ', ' in Pari…'],
      ['e2', 'Mary', '…g here, ', '.'],
    ]);
    expect(by.first!.samples.fp.map((s) => [s.outcome, s.predicted!.text])).toEqual([['wrong_boundary', 'John']]);
    expect(by.city!.samples.fn).toEqual([]);
  });

  test('overlaps, conflicts (label clash and suppression) and partners', () => {
    const view = (id: string) => {
      const r = by[id]!;
      return { overlap: r.overlap.examples, conflict: r.conflict.examples, suppressed: r.conflict.suppressed, with: r.conflict.partners.map((p) => p.id) };
    };
    // copy has the offsets of full (dropped); org overlaps full and copy with another label.
    expect(view('full')).toEqual({ overlap: 1, conflict: 1, suppressed: 0, with: ['copy', 'org'] });
    expect(view('copy')).toEqual({ overlap: 1, conflict: 1, suppressed: 1, with: ['full', 'org'] });
    expect(view('first')).toEqual({ overlap: 1, conflict: 0, suppressed: 0, with: [] });
    expect(view('org')).toEqual({ overlap: 1, conflict: 1, suppressed: 0, with: ['full', 'copy'] });
    expect(view('never')).toEqual({ overlap: 0, conflict: 0, suppressed: 0, with: [] });
    expect(by.full!.overlap.partners.map((p) => [p.id, p.examples])).toEqual([
      ['copy', 1],
      ['first', 1],
      ['org', 1],
      ['city', 1],
    ]);
  });

  test('the marginal of the exact copy is 0 and nothing here is harmful except the wrong ones', () => {
    expect(by.copy!.marginal_f1).toBe(0);
    expect(m.rules.filter((r) => r.harmful).map((r) => r.id)).toEqual(['first', 'org']);
  });
});

describe('per-rule metrics on classification', () => {
  const task = Task.parse({ name: 'c', type: 'classification', labels: ['Refund', 'Lost'] });
  const examples: Example[] = [
    { id: 'q1', text: 'card lost', label: 'Lost', split: 'dev', source: 'gold' },
    { id: 'q2', text: 'refund the card', label: 'Refund', split: 'dev', source: 'gold' },
  ];
  const rules = named([rule('card', 'card', 'refund', { priority: 3 }), rule('lost', 'lost', 'lost', { priority: 2 }), rule('lost2', 'lost', 'LOST ', { priority: 1 })]);
  const m = computeRuleMetrics(
    { outputs: runRules(task, rules, examples), examples, scorer: compileScorer(task, { outcomes: false }) },
    { sampleScorer: compileScorer(task) },
  );
  const by = Object.fromEntries(m.rules.map((r) => [r.id, r]));

  test.each([
    // id, label recall (one gold of each class), label F1 = 2·tp / (support + gold), recall and F1 over both gold
    ['card', 1, 2 / 3, 1 / 2, 1 / 2],
    ['lost', 1, 1, 1 / 2, 2 / 3],
    ['lost2', 1, 1, 1 / 2, 2 / 3],
  ])('%s: label recall %s, label F1 %s (labels folded), recall %s, F1 %s', (id, labelRecall, labelF1, recall, f1) => {
    const r = by[id]!;
    expect([r.label_recall, r.label_f1, r.recall, r.f1]).toEqual([labelRecall, labelF1, recall, f1]);
  });

  test('labels compare folded: a conflict is two rules with different labels on one example', () => {
    expect([by.card!.conflict.examples, by.lost!.conflict.examples, by.lost2!.conflict.examples]).toEqual([1, 1, 1]);
    expect(by.lost2!.conflict.partners.map((p) => p.id)).toEqual(['card']);
    expect([by.lost!.conflict.suppressed, by.lost2!.conflict.suppressed]).toEqual([1, 1]);
  });

  test('samples: a wrong label is an FP of the rule, a missed example of its class an FN', () => {
    expect(by.card!.samples.fp.map((s) => [s.example_id, s.gold!.label, s.predicted!.label, s.context.text])).toEqual([['q1', 'Lost', 'Refund', 'card lost']]);
    expect(by.card!.samples.tp.map((s) => s.example_id)).toEqual(['q2']);
    expect(by.lost!.samples.fn).toEqual([]);
    expect([by.card!.tp, by.card!.fp, by.card!.fn]).toEqual([1, 1, 1]);
  });
});

describe('per-rule samples carry the matcher\'s verdict', () => {
  test('a wrong value says why the matcher said no; a lexical semantic_similarity is flagged', () => {
    const task = Task.parse({
      name: 'r',
      type: 'transformation',
      matching: { matchers: { total: { name: 'numeric_tolerance', options: { abs: 0.1 } }, shop: 'semantic_similarity' } },
    });
    const examples: Example[] = [
      { id: 'x1', input: { text: 'TOTAL 9.50 at Tesco Stores' }, output: { total: '9.00', shop: 'Tesco Stores' }, split: 'dev', source: 'gold' },
    ];
    const rules = named([rule('total', 'TOTAL (\\d+\\.\\d\\d)', 'total', { priority: 1, group: '$1' }), rule('shop', 'at (.+)$', 'shop', { priority: 1, group: '$1' })]);
    const run = { outputs: runRules(task, rules, examples), examples, scorer: compileScorer(task, { outcomes: false }) };
    const by = Object.fromEntries(computeRuleMetrics(run, { sampleScorer: compileScorer(task) }).rules.map((r) => [r.id, r]));
    expect(by.total!.samples.fp).toEqual([expect.objectContaining({ outcome: 'wrong_value', reason: '9.5 differs from 9 by 0.5 (allowed 0.1)' })]);
    expect(by.total!.samples.fp[0]!.lexical_fallback).toBeUndefined();
    expect(by.shop!.samples.tp).toEqual([expect.objectContaining({ outcome: 'match', lexical_fallback: true, reason: expect.stringMatching(/not semantic/) })]);
    // The stored schema takes them (metrics are cached through it).
    expect(RuleMetrics.safeParse(by.shop).success).toBe(true);
  });
});

describe('per-rule metrics summed over batches of examples', () => {
  const combos: [TaskType, MatchMode, 'rulechef' | 'non_overlapping'][] = [
    ['classification', 'text', 'rulechef'],
    ['transformation', 'text', 'rulechef'],
    ['ner', 'text', 'rulechef'],
    ['ner', 'exact', 'non_overlapping'],
    ['ner', 'semeval:partial', 'rulechef'],
  ];

  test.each(combos.flatMap(([type, mode, policy]) => [1, 2, 5].map((batch) => [type, mode, policy, batch] as const)))(
    '%s, %s, %s policy, batches of %s: every figure and sample equals one run over all examples',
    (type, mode, policy, batch) => {
      for (let seed = 0; seed < 10; seed++) {
        const c = randomCase(7000 + seed, type, mode, policy);
        const scorer = compileScorer(c.task, { outcomes: false });
        const options = { sampleScorer: compileScorer(c.task), perKind: 2, contextChars: 6, z: 1.96 };
        const whole = computeRuleMetrics({ outputs: runRules(c.task, c.rules, c.examples), examples: c.examples, scorer }, options);
        const { compiled } = prepareRules(c.task, c.rules);
        const acc = new RuleMetricsAccumulator(compiled, options);
        for (let at = 0; at < c.examples.length; at += batch) {
          const examples = c.examples.slice(at, at + batch);
          const texts = examples.map((e) => textOf(c.task, e));
          acc.add({ outputs: executeRules(c.task, compiled, texts, { ids: examples.map((e) => e.id), docOffset: at }), examples, scorer });
        }
        expect(acc.size).toBe(c.examples.length);
        expect(acc.finish(), `seed ${7000 + seed}`).toEqual(whole);
      }
    },
  );

  test('a dry run asks the scorers what a batch needs and changes no figure', () => {
    const c = randomCase(7100, 'ner', 'text', 'rulechef');
    const scorer = compileScorer(c.task, { outcomes: false });
    const options = { sampleScorer: compileScorer(c.task), perKind: 1 };
    const run = { outputs: runRules(c.task, c.rules, c.examples), examples: c.examples, scorer };
    const acc = new RuleMetricsAccumulator(run.outputs.rules, options);
    acc.dryRun(run);
    expect(acc.size).toBe(0);
    acc.add(run);
    expect(acc.finish()).toEqual(computeRuleMetrics(run, options));
  });
});
