import { describe, expect, test } from 'vitest';
import { buildEvalReport } from '../../../src/core/eval/report.js';
import { compileScorer, scoreExample } from '../../../src/core/eval/scorer.js';
import type { Example } from '../../../src/core/schemas/example.js';
import { task } from './helpers.js';

const cls = task({ type: 'classification', labels: ['refund', 'card_arrival'] });
const ex = (label: string | null, extra: Partial<Example> = {}): Example => ({ id: 'q', text: 'q', label, split: 'test', source: 'gold', ...extra });

describe('classification scoring', () => {
  test.each([
    // gold, predicted, per_class, errors, exact, covered
    ['refund', 'refund', { refund: { tp: 1, fp: 0, fn: 0 } }, {}, true, true],
    ['refund', '  Refund ', { refund: { tp: 1, fp: 0, fn: 0 } }, {}, true, true],
    ['refund', 'card_arrival', { refund: { tp: 0, fp: 0, fn: 1 }, card_arrival: { tp: 0, fp: 1, fn: 0 } }, { wrong_label: 1 }, false, true],
    ['refund', null, { refund: { tp: 0, fp: 0, fn: 1 } }, { missing: 1 }, false, false],
    ['refund', '   ', { refund: { tp: 0, fp: 0, fn: 1 } }, { missing: 1 }, false, false],
    [null, 'refund', { refund: { tp: 0, fp: 1, fn: 0 } }, { spurious: 1 }, false, true],
    [null, null, {}, {}, true, false],
  ])('gold %j, predicted %j', (gold, predicted, perClass, errors, exact, covered) => {
    const s = scoreExample(cls, ex(gold), { label: predicted, rule_id: 'r7' });
    expect(s.per_class).toEqual(perClass);
    expect(s.errors).toEqual({ wrong_label: 0, wrong_boundary: 0, wrong_value: 0, missing: 0, spurious: 0, ...errors });
    expect(s.exact).toBe(exact);
    expect(s.covered).toBe(covered);
  });

  test('labels report in the task\'s spelling', () => {
    const s = scoreExample(cls, ex('REFUND'), { label: 'Card_Arrival' });
    expect(Object.keys(s.per_class).sort()).toEqual(['card_arrival', 'refund']);
    expect(s.confusion).toEqual({ gold: 'refund', predicted: 'card_arrival' });
  });

  test('a predicted label outside the annotated set is ignored', () => {
    const s = scoreExample(cls, ex('refund', { annotated: ['Refund'] }), { label: 'card_arrival' });
    expect(s.counts).toEqual({ tp: 0, fp: 0, fn: 1 });
    expect(s.errors.missing).toBe(1);
  });

  test('the outcome names the winning rule', () => {
    const s = scoreExample(cls, ex('refund'), { label: 'card_arrival', rule_id: 'r7' });
    expect(s.outcomes).toEqual([{ kind: 'wrong_label', gold: { label: 'refund' }, pred: { label: 'card_arrival', rule_id: 'r7' }, credit: 0 }]);
  });
});

describe('classification report', () => {
  const scorer = compileScorer(cls);
  const rows: [string | null, string | null][] = [
    ['refund', 'refund'],
    ['refund', 'refund'],
    ['refund', 'card_arrival'],
    ['refund', null],
    ['card_arrival', 'card_arrival'],
    ['card_arrival', null],
    [null, 'refund'],
  ];
  const examples = rows.map(([g], i) => ex(g, { id: `q${i}` }));
  const scores = rows.map(([, p], i) => scorer.score(examples[i]!, { label: p }));
  const r = buildEvalReport(cls, examples, scores, { split: 'test', dataset_hash: 'd', ruleset_hash: 'r' });

  test('micro, macro, exact match and coverage by hand', () => {
    // refund: tp 2, fp 1 (the null-gold row), fn 2; card_arrival: tp 1, fp 1, fn 1
    expect(r.per_class.refund).toMatchObject({ tp: 2, fp: 1, fn: 2, precision: 2 / 3, recall: 0.5 });
    expect(r.per_class.card_arrival).toMatchObject({ tp: 1, fp: 1, fn: 1, precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(r.micro).toMatchObject({ tp: 3, fp: 2, fn: 3, precision: 0.6, recall: 0.5 });
    expect(r.micro.f1).toBeCloseTo(6 / 11, 12);
    expect(r.macro_f1).toBeCloseTo((4 / 7 + 0.5) / 2, 12);
    expect(r.exact_match).toBeCloseTo(3 / 7, 12);
    expect(r.coverage).toBeCloseTo(5 / 7, 12);
    expect(r.errors).toEqual({ wrong_label: 1, wrong_boundary: 0, missing: 2, spurious: 1 });
  });

  test('the confusion matrix has an abstain column and a no-gold row', () => {
    expect(r.confusion).toEqual({
      labels: ['card_arrival', 'refund', '(no gold)'],
      columns: ['card_arrival', 'refund', '(abstain)'],
      counts: [
        [1, 0, 1],
        [1, 2, 1],
        [0, 1, 0],
      ],
    });
  });
});
