import { describe, expect, test } from 'vitest';
import { compileScorer, scoreAllAsync, scoreExample } from '../../../src/core/eval/scorer.js';
import { buildEvalReport } from '../../../src/core/eval/report.js';
import { createMatcherRegistry } from '../../../src/core/matchers/registry.js';
import { firstWordJudge } from '../../helpers/judges.js';
import type { Example } from '../../../src/core/schemas/example.js';
import { at, out, spanExample, task } from './helpers.js';

describe('compileScorer', () => {
  test('the mode option overrides the task\'s', () => {
    const t = task({ type: 'ner', matching: { mode: 'text' } });
    expect(compileScorer(t).mode).toBe('text');
    expect(compileScorer(t, { mode: 'semeval:strict' }).mode).toBe('semeval:strict');
  });

  test('a bad matcher config fails before any scoring', () => {
    const t = task({ type: 'transformation', matching: { matchers: { total: { name: 'numeric_tolerance', options: { abs: -1 } } } } });
    expect(() => compileScorer(t)).toThrow(/task\.matching\.matchers\.total: options of matcher "numeric_tolerance"/);
  });

  test('llm_rubric without a judge is LLM_NOT_CONFIGURED at compile time', () => {
    const t = task({ type: 'transformation', matching: { matchers: { company: { name: 'llm_rubric', options: { criterion: 'same merchant' } } } } });
    expect(() => compileScorer(t)).toThrow(expect.objectContaining({ code: 'LLM_NOT_CONFIGURED' }));
  });

  test('matchers unused by the mode are not checked', () => {
    const t = task({ type: 'ner', matching: { mode: 'exact', matchers: { PER: { name: 'llm_rubric', options: { criterion: 'x' } } } } });
    expect(compileScorer(t).needsAsync).toBe(false);
  });

  test('user matchers from a registry in the context', () => {
    const registry = createMatcherRegistry().register('first_word', (g, p) => {
      const ok = String(g).split(' ')[0] === String(p).split(' ')[0];
      return { score: ok ? 1 : 0, passed: ok, reason: 'first word' };
    });
    const t = task({ type: 'ner', matching: { default_matcher: 'first_word' } });
    const text = 'Ahmet Yılmaz';
    const s = scoreExample(t, spanExample('u', text, [at(text, 'Ahmet Yılmaz', 'PER')]), { spans: [out(text, 'Ahmet', 'PER')] }, { registry });
    expect(s.counts.tp).toBe(1);
  });
});

describe('asynchronous matchers through scoreAllAsync', () => {
  const judge = firstWordJudge();
  const t = task({ type: 'transformation', matching: { matchers: { company: { name: 'llm_rubric', options: { criterion: 'same merchant' } } } } });
  const examples: Example[] = [
    { id: 'a', input: {}, output: { company: 'TESCO STORES', total: '1' }, split: 'test', source: 'gold' },
    { id: 'b', input: {}, output: { company: 'AEON MALL', total: '2' }, split: 'test', source: 'gold' },
    { id: 'c', input: {}, output: { company: 'TESCO STORES', total: '3' }, split: 'test', source: 'gold' },
  ];
  const preds = [{ output: { company: 'Tesco', total: '1' } }, { output: { company: 'Giant', total: '2' } }, { output: { company: 'Tesco', total: '4' } }];

  test('verdicts are resolved first, each distinct pair once, then scoring is synchronous', async () => {
    const { scores, scorer } = await scoreAllAsync(t, examples, preds, { judge });
    expect(scorer.needsAsync).toBe(true);
    expect(judge.calls).toBe(2);
    const r = buildEvalReport(t, examples, scores);
    expect(r.per_class.company).toMatchObject({ tp: 2, fp: 1, fn: 1 });
    expect(r.per_class.total).toMatchObject({ tp: 2, fp: 1, fn: 1 });
    expect(scores[0]!.outcomes?.find((o) => o.field === 'company')?.reason).toBe('judge score 0.90 >= 0.5: same merchant');
  });

  test('synchronous scoring without the pre-pass says what to do', () => {
    const scorer = compileScorer(t, { judge });
    expect(() => scorer.score(examples[0]!, preds[0])).toThrow(/scoreAllAsync .*prefetchVerdicts/);
  });
});

describe('observed examples', () => {
  const t = task({ type: 'classification' });
  const examples: Example[] = [
    { id: 'o1', text: 'a', label: 'refund', source: 'observed', split: 'test', truth: { label: 'refund' } },
    { id: 'o2', text: 'b', label: 'refund', source: 'observed', split: 'test', truth: { label: 'card' } },
    { id: 'o3', text: 'c', label: 'card', source: 'observed', split: 'test' },
    { id: 'g1', text: 'd', label: 'card', source: 'gold', split: 'test' },
  ];
  const preds = [{ label: 'refund' }, { label: 'card' }, {}, { label: 'card' }];
  const scorer = compileScorer(t);
  const scores = examples.map((e, i) => scorer.score(e, preds[i]));

  test('each observed score carries agreement and truth', () => {
    expect(scores[0]!.observed).toEqual({
      agreement_exact: true,
      truth: { counts: { tp: 1, fp: 0, fn: 0 }, exact: true },
      model_truth: { counts: { tp: 1, fp: 0, fn: 0 }, exact: true },
    });
    expect(scores[1]!.observed).toMatchObject({ agreement_exact: false, truth: { exact: true }, model_truth: { exact: false } });
    expect(scores[2]!.observed).toEqual({ agreement_exact: false });
    expect(scores[3]!.observed).toBeUndefined();
  });

  test('the report\'s observed block: coverage, agreement with the model, accuracy against truth', () => {
    const r = buildEvalReport(t, examples, scores);
    expect(r.observed).toEqual({
      n: 3,
      coverage: 2 / 3,
      agreement: { precision: 0.5, recall: 1 / 3, f1: 0.4, exact_match: 1 / 3 },
      truth: {
        n: 2,
        rules: { precision: 1, recall: 1, f1: 1, exact_match: 1 },
        model: { precision: 0.5, recall: 0.5, f1: 0.5, exact_match: 0.5 },
      },
    });
    expect(r.notes.some((n) => n.startsWith('3 examples are observed model outputs'))).toBe(true);
  });
});
