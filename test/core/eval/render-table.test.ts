import { describe, expect, test } from 'vitest';
import { renderEvalTable } from '../../../src/core/eval/render-table.js';
import type { EvalReport } from '../../../src/core/schemas/eval-report.js';

const report: EvalReport = {
  n: 200,
  split: 'test',
  mode: 'text',
  micro: { precision: 0.976, recall: 0.61, f1: 0.7507692307692309, tp: 122, fp: 3, fn: 78 },
  macro_f1: 0.72,
  exact_match: 0.61,
  coverage: 0.625,
  per_class: {
    exchange_rate: { precision: 1, recall: 0.95, f1: 0.9743589743589743, tp: 38, fp: 0, fn: 2 },
    lost: { precision: null, recall: 0, f1: 0, tp: 0, fp: 0, fn: 4 },
  },
  errors: { wrong_label: 3, wrong_boundary: 0, missing: 75, spurious: 0 },
  notes: ['exact match equals accuracy'],
  dataset_hash: 'd',
  ruleset_hash: 'r',
  confusion: { labels: ['exchange_rate', 'lost'], columns: ['exchange_rate', 'lost', '(abstain)'], counts: [[38, 0, 2], [0, 0, 4]] },
};

describe('renderEvalTable', () => {
  test('an aligned table with nulls as "-"', () => {
    expect(renderEvalTable(report)).toBe(
      [
        'eval  split test  mode text  n 200',
        '',
        'class              P      R     F1   TP  FP  FN',
        '-----------------------------------------------',
        'exchange_rate  1.000  0.950  0.974   38   0   2',
        'lost               –  0.000  0.000    0   0   4',
        '-----------------------------------------------',
        'micro          0.976  0.610  0.751  122   3  78',
        '',
        'macro F1 0.720   exact match 0.610   coverage 0.625',
        'errors   wrong label 3, wrong boundary 0, missing 75, spurious 0',
        '',
        'confusion (rows gold, columns predicted)',
        '               exchange_rate  lost  (abstain)',
        'exchange_rate             38     0          2',
        'lost                       0     0          4',
        '',
        'notes',
        '  - exact match equals accuracy',
        '',
      ].join('\n'),
    );
  });

  test('semeval counts and fractional TP', () => {
    const r = { ...report, mode: 'semeval:partial', micro: { ...report.micro, tp: 2.5 }, semeval: { cor: 1, inc: 0, par: 3, mis: 1, spu: 2 } };
    delete r.confusion;
    const s = renderEvalTable(r);
    expect(s).toContain('semeval  COR 1  INC 0  PAR 3  MIS 1  SPU 2');
    expect(s).toMatch(/^micro .* 2\.5 +3 +78$/m);
  });

  test('a confusion matrix wider than the terminal numbers its columns and says which is which', () => {
    const s = renderEvalTable(report, 30);
    expect(s).toContain(
      [
        'confusion (rows gold, columns predicted); columns numbered:',
        '                     1  2  3',
        '1 exchange_rate     38  0  2',
        '2 lost               0  0  4',
        '1 exchange_rate · 2 lost',
        '3 (abstain)',
      ].join('\n'),
    );
    expect(renderEvalTable(report, 80)).toContain('               exchange_rate  lost  (abstain)');
  });
});
