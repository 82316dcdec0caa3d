import { describe, expect, test } from 'vitest';
import { buildEvalReport } from '../../../src/core/eval/report.js';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import { EvalReport } from '../../../src/core/schemas/eval-report.js';
import type { Example } from '../../../src/core/schemas/example.js';
import type { Prediction } from '../../../src/core/schemas/prediction.js';
import type { MatchMode } from '../../../src/core/schemas/task.js';
import { at, out, spanExample, task } from './helpers.js';

const text = 'Ann met Bob in Paris.';
const ner = task({ type: 'ner', labels: ['PER', 'LOC', 'ORG'] });
const examples = [
  spanExample('1', text, [at(text, 'Ann', 'PER'), at(text, 'Bob', 'PER'), at(text, 'Paris', 'LOC')]),
  spanExample('2', 'Nothing here.', []),
];
const preds = [{ spans: [out(text, 'Ann', 'PER'), out(text, 'Paris', 'ORG')] }, {}];

function report(mode: MatchMode = 'text', ex: readonly Example[] = examples, pr: readonly Prediction[] = preds) {
  const scorer = compileScorer(ner, { mode });
  return buildEvalReport(ner, ex, ex.map((e, i) => scorer.score(e, pr[i])), { split: 'dev', mode, dataset_hash: 'dh', ruleset_hash: 'rh' });
}

describe('buildEvalReport', () => {
  test('has exactly the contract keys (plus semeval only in semeval modes)', () => {
    const keys = ['n', 'split', 'mode', 'micro', 'macro_f1', 'exact_match', 'coverage', 'per_class', 'errors', 'notes', 'dataset_hash', 'ruleset_hash'];
    expect(Object.keys(report()).sort()).toEqual([...keys].sort());
    expect(Object.keys(report('semeval:exact')).sort()).toEqual([...keys, 'semeval'].sort());
    expect(Object.keys(report().micro).sort()).toEqual(['f1', 'fn', 'fp', 'precision', 'recall', 'tp']);
    expect(EvalReport.safeParse(report('semeval:partial')).success).toBe(true);
  });

  test('numbers by hand', () => {
    const r = report();
    expect(r).toMatchObject({ n: 2, split: 'dev', mode: 'text', dataset_hash: 'dh', ruleset_hash: 'rh' });
    expect(r.micro).toMatchObject({ tp: 1, fp: 1, fn: 2, precision: 0.5 });
    expect(r.micro.recall).toBeCloseTo(1 / 3, 12);
    expect(r.per_class).toEqual({
      LOC: { precision: null, recall: 0, f1: 0, tp: 0, fp: 0, fn: 1 },
      ORG: { precision: 0, recall: null, f1: 0, tp: 0, fp: 1, fn: 0 },
      PER: { precision: 1, recall: 0.5, f1: 2 / 3, tp: 1, fp: 0, fn: 1 },
    });
    expect(r.macro_f1).toBeCloseTo(2 / 9, 12);
    expect(r.exact_match).toBe(0.5);
    expect(r.coverage).toBe(0.5);
    expect(r.errors).toEqual({ wrong_label: 1, wrong_boundary: 0, missing: 1, spurious: 0 });
  });

  test('notes say what the numbers cannot', () => {
    const notes = report().notes;
    expect(notes).toContain('macro F1 averages 3 classes seen in gold or predictions; 1 class with no gold (ORG) score F1 0; 1 class has no predictions (F1 0)');
    expect(notes.some((n) => n.startsWith('text mode:'))).toBe(true);
    expect(report('semeval:partial').notes.some((n) => n.startsWith('semeval:partial gives 0.5 credit per PAR'))).toBe(true);
  });

  test.each([
    ['no examples', [], [], { n: 0, precision: null, recall: null, f1: null, macro: null, exact: null, coverage: null }, 'no examples in split "dev": every ratio is null'],
    ['no output', [examples[0]!], [{}], { n: 1, precision: null, recall: 0, f1: 0, macro: 0, exact: 0, coverage: 0 }, 'precision is null: the rules produced nothing to score'],
    ['no gold', [examples[1]!], [{ spans: [out('Nothing here.', 'here', 'LOC')] }], { n: 1, precision: 0, recall: null, f1: 0, macro: 0, exact: 0, coverage: 1 }, 'recall is null: there is no gold to find'],
    ['no gold and no output', [examples[1]!], [{}], { n: 1, precision: null, recall: null, f1: null, macro: null, exact: 1, coverage: 0 }, 'precision is null: the rules produced nothing to score'],
  ] as const)('empty denominators are null: %s', (_, ex, pr, want, note) => {
    const r = report('text', ex, pr as readonly Prediction[]);
    expect({
      n: r.n,
      precision: r.micro.precision,
      recall: r.micro.recall,
      f1: r.micro.f1,
      macro: r.macro_f1,
      exact: r.exact_match,
      coverage: r.coverage,
    }).toEqual(want);
    expect(r.notes).toContain(note);
  });

  test('accepts running totals instead of scores', async () => {
    const { sumScores } = await import('../../../src/core/eval/totals.js');
    const scorer = compileScorer(ner);
    const scores = examples.map((e, i) => scorer.score(e, preds[i]));
    expect(buildEvalReport(ner, examples, sumScores(scores))).toEqual(buildEvalReport(ner, examples, scores));
  });

  test('caller notes are appended', () => {
    const scorer = compileScorer(ner);
    const r = buildEvalReport(ner, examples, examples.map((e, i) => scorer.score(e, preds[i])), { notes: ['no embedder configured'] });
    expect(r.notes.at(-1)).toBe('no embedder configured');
  });
});
