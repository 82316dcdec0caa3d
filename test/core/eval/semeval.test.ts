import { describe, expect, test } from 'vitest';
import { buildEvalReport } from '../../../src/core/eval/report.js';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import { semevalToCounts } from '../../../src/core/eval/semeval.js';
import type { MatchMode } from '../../../src/core/schemas/task.js';
import { at, out, spanExample, task } from './helpers.js';

/**
 * nervaluate's worked example (MantisAI/nervaluate README, after Batista's blog post): six
 * scenarios scored under the four SemEval-2013 schemes.
 */
const T = 'tikosyn healthy of warfarin propranolol phenytoin oral contraceptives aspirin';
const scenarios = [
  // id, gold, pred, Type, Partial, Exact, Strict (the README's scenario table)
  ['III', [at(T, 'tikosyn', 'BRAND')], [], 'MIS', 'MIS', 'MIS', 'MIS'],
  ['II', [], [out(T, 'healthy', 'BRAND')], 'SPU', 'SPU', 'SPU', 'SPU'],
  ['V', [at(T, 'warfarin', 'DRUG')], [out(T, 'of warfarin', 'DRUG')], 'COR', 'PAR', 'INC', 'INC'],
  ['IV', [at(T, 'propranolol', 'DRUG')], [out(T, 'propranolol', 'BRAND')], 'INC', 'COR', 'COR', 'INC'],
  ['I', [at(T, 'phenytoin', 'DRUG')], [out(T, 'phenytoin', 'DRUG')], 'COR', 'COR', 'COR', 'COR'],
  ['VI', [at(T, 'contraceptives', 'GROUP')], [out(T, 'oral contraceptives', 'DRUG')], 'INC', 'PAR', 'INC', 'INC'],
] as const;

const SCHEMES = ['semeval:type', 'semeval:partial', 'semeval:exact', 'semeval:strict'] as const;
const key = { COR: 'cor', INC: 'inc', PAR: 'par', MIS: 'mis', SPU: 'spu' } as const;

function scoreWith(mode: MatchMode, gold: readonly ReturnType<typeof at>[], pred: readonly ReturnType<typeof out>[], text = T) {
  const scorer = compileScorer(task({ type: 'ner', matching: { mode } }));
  return scorer.score(spanExample('d', text, [...gold]), { spans: [...pred] });
}

describe('semeval schemes on nervaluate\'s scenarios', () => {
  test.each(scenarios.flatMap(([id, gold, pred, ...kinds]) => SCHEMES.map((mode, i) => [id, mode, kinds[i]!, gold, pred] as const)))(
    'scenario %s under %s is %s',
    (_, mode, kind, gold, pred) => {
      const s = scoreWith(mode, gold, pred);
      const expected = { cor: 0, inc: 0, par: 0, mis: 0, spu: 0 };
      expected[key[kind]] = 1;
      expect(s.semeval).toEqual(expected);
    },
  );
});

describe('nervaluate\'s "putting all together" table', () => {
  // The README's totals have one more COR in every column than its six scenario rows give
  // (3/3/3/2 against 2/2/2/1): they include a second scenario-I entity. We add one ("aspirin").
  const gold = [...scenarios.flatMap((s) => s[1]), at(T, 'aspirin', 'DRUG')];
  const pred = [...scenarios.flatMap((s) => s[2]), out(T, 'aspirin', 'DRUG')];
  test.each([
    // mode, COR, INC, PAR, MIS, SPU, precision = recall = F1
    ['semeval:type', 3, 2, 0, 1, 1, 0.5],
    ['semeval:partial', 3, 0, 2, 1, 1, 4 / 6],
    ['semeval:exact', 3, 2, 0, 1, 1, 0.5],
    ['semeval:strict', 2, 3, 0, 1, 1, 2 / 6],
  ] as const)('%s: COR %d INC %d PAR %d MIS %d SPU %d, P = R = F1 = %d', (mode, cor, inc, par, mis, spu, p) => {
    const s = scoreWith(mode, gold, pred);
    expect(s.semeval).toEqual({ cor, inc, par, mis, spu });
    const r = buildEvalReport(task({ type: 'ner', matching: { mode } }), [spanExample('d', T, gold)], [s], { mode });
    expect(r.semeval).toEqual({ cor, inc, par, mis, spu });
    expect(r.micro.precision).toBeCloseTo(p, 12);
    expect(r.micro.recall).toBeCloseTo(p, 12);
    expect(r.micro.f1).toBeCloseTo(p, 12);
    // The README prints two decimals, truncated: 0.5, 0.66, 0.5, 0.33.
    expect(Math.floor(r.micro.f1! * 100) / 100).toBe({ 'semeval:type': 0.5, 'semeval:partial': 0.66, 'semeval:exact': 0.5, 'semeval:strict': 0.33 }[mode]);
  });

  test('counts are pooled over examples before precision and recall', () => {
    const mode = 'semeval:partial';
    const t = task({ type: 'ner', matching: { mode } });
    const scorer = compileScorer(t);
    const examples = scenarios.map(([id, g]) => spanExample(id, T, [...g]));
    const scores = scenarios.map(([id, g, p]) => scorer.score(spanExample(id, T, [...g]), { spans: [...p] }));
    const r = buildEvalReport(t, examples, scores, { mode });
    expect(r.semeval).toEqual({ cor: 2, inc: 0, par: 2, mis: 1, spu: 1 });
    // tp = 2 + 0.5·2 = 3; actual = 5; possible = 5
    expect(r.micro).toMatchObject({ tp: 3, fp: 2, fn: 2, precision: 0.6, recall: 0.6 });
  });
});

describe('semevalToCounts', () => {
  test.each([
    [{ cor: 3, inc: 2, par: 0, mis: 1, spu: 1 }, { tp: 3, fp: 3, fn: 3 }],
    [{ cor: 3, inc: 0, par: 2, mis: 1, spu: 1 }, { tp: 4, fp: 2, fn: 2 }],
    [{ cor: 0, inc: 0, par: 1, mis: 0, spu: 0 }, { tp: 0.5, fp: 0.5, fn: 0.5 }],
  ])('%j is %j', (c, expected) => {
    expect(semevalToCounts(c)).toEqual(expected);
  });
});

describe('semeval pairing', () => {
  const text = 'aaaa bbbb cccc';
  test('a prediction overlapping two gold items takes the larger overlap; the other is missed', () => {
    const gold = [at(text, 'aaaa', 'X'), at(text, 'bbbb', 'X')];
    const pred = [{ start: 2, end: 9, label: 'X', text: 'aa bbbb', rule_id: 'r' }];
    const s = scoreWith('semeval:type', gold, pred, text);
    expect(s.semeval).toEqual({ cor: 1, inc: 0, par: 0, mis: 1, spu: 0 });
    expect(s.outcomes?.find((o) => o.kind === 'match')?.gold).toEqual({ ...gold[1], text: 'bbbb' });
  });

  test('an exact-offset pair is correct before any overlap is considered', () => {
    const gold = [at(text, 'aaaa bbbb', 'X')];
    const pred = [out(text, 'aaaa', 'X'), out(text, 'aaaa bbbb', 'X')];
    expect(scoreWith('semeval:strict', gold, pred, text).semeval).toEqual({ cor: 1, inc: 0, par: 0, mis: 0, spu: 1 });
  });

  test('per class, a PAR with another label splits: ½ TP and ½ FN to gold, ½ FP to the prediction', () => {
    const s = scoreWith('semeval:partial', [at(T, 'contraceptives', 'GROUP')], [out(T, 'oral contraceptives', 'DRUG')]);
    expect(s.per_class).toEqual({ GROUP: { tp: 0.5, fp: 0, fn: 0.5 }, DRUG: { tp: 0, fp: 0.5, fn: 0 } });
    expect(s.errors.wrong_label).toBe(1);
  });
});
