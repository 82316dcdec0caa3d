import { describe, expect, test } from 'vitest';
import { compileScorer, scoreExample, screenScorerPatterns } from '../../../src/core/eval/scorer.js';
import { PatternScreen } from '../../../src/core/matchers/pattern-screen.js';
import { isEmptyValue } from '../../../src/core/eval/score-transformation.js';
import type { Example } from '../../../src/core/schemas/example.js';
import type { TaskInput } from '../../../src/core/schemas/task.js';
import { task } from './helpers.js';

const ex = (output: Record<string, unknown> | undefined, extra: Partial<Example> = {}): Example => ({
  id: 'r',
  input: { text: '…' },
  ...(output ? { output } : {}),
  split: 'test',
  source: 'gold',
  ...extra,
});
const tr = (matching: TaskInput['matching'] = {}) => task({ type: 'transformation', matching });

describe('transformation scoring, field by field', () => {
  test.each([
    ['equal scalar', { a: 'x' }, { a: 'x' }, { a: [1, 0, 0] }, {}],
    ['wrong scalar', { a: 'x' }, { a: 'y' }, { a: [0, 1, 1] }, { wrong_value: 1 }],
    ['missing field', { a: 'x' }, {}, { a: [0, 0, 1] }, { missing: 1 }],
    ['null predicted', { a: 'x' }, { a: null }, { a: [0, 0, 1] }, { missing: 1 }],
    ['extra field', {}, { a: 'x' }, { a: [0, 1, 0] }, { spurious: 1 }],
    ['both empty is not counted', { a: '' }, { a: null }, {}, {}],
    ['blank string is empty', { a: 'x', b: '  ' }, { a: 'x' }, { a: [1, 0, 0] }, {}],
    ['numbers and booleans are scalars', { n: 3, ok: true }, { n: 3, ok: false }, { n: [1, 0, 0], ok: [0, 1, 1] }, { wrong_value: 1 }],
    ['nested objects recurse with dotted paths', { addr: { city: 'Paris', zip: '75001' } }, { addr: { city: 'Paris', zip: '75002', extra: 'z' } }, { 'addr.city': [1, 0, 0], 'addr.zip': [0, 1, 1], 'addr.extra': [0, 1, 0] }, { wrong_value: 1, spurious: 1 }],
    ['a nested object missing entirely', { addr: { city: 'Paris', zip: '1' } }, {}, { 'addr.city': [0, 0, 1], 'addr.zip': [0, 0, 1] }, { missing: 2 }],
    ['lists are order-independent multisets', { tags: ['a', 'b', 'b'] }, { tags: ['b', 'a', 'c'] }, { tags: [2, 1, 1] }, { wrong_value: 1 }],
    ['list items beyond the gold are spurious', { tags: ['a'] }, { tags: ['a', 'b', 'c'] }, { tags: [1, 2, 0] }, { spurious: 2 }],
    ['a scalar against a list is a one-item list', { tags: 'a' }, { tags: ['a', 'b'] }, { tags: [1, 1, 0] }, { spurious: 1 }],
    ['empty list items are dropped', { tags: ['a', '', null] }, { tags: ['a'] }, { tags: [1, 0, 0] }, {}],
    ['an object against a scalar matches nothing', { addr: { city: 'Paris' } }, { addr: 'Paris' }, { 'addr.city': [0, 0, 1], addr: [0, 1, 0] }, { missing: 1, spurious: 1 }],
    ['lists of objects compare whole items', { items: [{ n: 1 }, { n: 2 }] }, { items: [{ n: 2 }, { n: 3 }] }, { items: [1, 1, 1] }, { wrong_value: 1 }],
  ])('%s', (_, gold, pred, perClass, errors) => {
    const s = scoreExample(tr(), ex(gold), { output: pred });
    const expected = Object.fromEntries(Object.entries(perClass).map(([k, [tp, fp, fn]]) => [k, { tp, fp, fn }]));
    expect(s.per_class).toEqual(expected);
    expect(s.errors).toEqual({ wrong_label: 0, wrong_boundary: 0, wrong_value: 0, missing: 0, spurious: 0, ...errors });
  });

  test('per-field matchers; a dotted path wins over its top-level field', () => {
    const t = tr({
      matchers: { total: { name: 'numeric_tolerance', options: { abs: 0.01 } }, addr: 'normalized', 'addr.zip': 'exact' },
    });
    const s = scoreExample(t, ex({ total: '9.00', addr: { city: 'PARIS', zip: '75001' } }), {
      output: { total: 'RM 9', addr: { city: ' paris ', zip: '75001 ' } },
    });
    expect(s.per_class).toEqual({ total: { tp: 1, fp: 0, fn: 0 }, 'addr.city': { tp: 1, fp: 0, fn: 0 }, 'addr.zip': { tp: 0, fp: 1, fn: 1 } });
  });

  test('a list field with set_match is scored as one value', () => {
    const t = tr({ matchers: { tags: { name: 'set_match', options: { threshold: 0.6 } } } });
    const s = scoreExample(t, ex({ tags: ['a', 'b', 'c'] }), { output: { tags: ['c', 'a', 'x'] } });
    expect(s.per_class).toEqual({ tags: { tp: 1, fp: 0, fn: 0 } }); // F1 2/3 >= 0.6
  });

  test('list items match one-to-one through the field matcher', () => {
    const t = tr({ matchers: { dates: 'date' } });
    const s = scoreExample(t, ex({ dates: ['25/12/2018', '01/01/2019'] }), { output: { dates: ['2019-01-01', '2018-12-25', '2018-12-25'] } });
    expect(s.counts).toEqual({ tp: 2, fp: 1, fn: 0 });
  });

  test('wrong values carry the matcher\'s reason and the rule behind the field', () => {
    const t = tr({ matchers: { total: 'numeric_tolerance' } });
    const s = scoreExample(t, ex({ total: '9.00' }), { output: { total: '9.50' }, output_rules: { total: ['total_rule'] } });
    expect(s.outcomes).toEqual([
      {
        kind: 'wrong_value',
        field: 'total',
        gold: { label: 'total', value: '9.00' },
        pred: { label: 'total', value: '9.50', rule_id: 'total_rule' },
        credit: 0,
        reason: '9.5 differs from 9 by 0.5 (allowed 0)',
      },
    ]);
  });

  test('fields outside the annotated set are ignored', () => {
    const s = scoreExample(tr(), ex({ a: 'x', b: 'y' }, { annotated: ['a'] }), { output: { a: 'x', b: 'z', c: 'w' } });
    expect(s.counts).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(s.exact).toBe(true);
  });

  test('covered means some non-empty field', () => {
    expect(scoreExample(tr(), ex({ a: 'x' }), { output: { a: '', b: [] } }).covered).toBe(false);
    expect(scoreExample(tr(), ex({ a: 'x' }), { output: { b: 'y' } }).covered).toBe(true);
    expect(scoreExample(tr(), ex(undefined), {}).exact).toBe(true);
  });
});

describe('matcher verdicts on outcomes', () => {
  test.each([
    // matcher, gold, predicted → the reason (what was compared, the gap, the dates read)
    ['normalized', 'Sdn  Bhd', 'SDN BHD.', 'differ after normalisation: "sdn bhd" vs "sdn bhd."'],
    [{ name: 'numeric_tolerance', options: { abs: 0.01 } }, '9.00', 'RM 9.50', '9.5 differs from 9 by 0.5 (allowed 0.01)'],
    ['date', '25/12/2018', 'DEC 24, 2018', 'predicted "DEC 24, 2018" reads as 2018-12-24, gold "25/12/2018" as 2018-12-25'],
    [{ name: 'regex', options: { pattern: 'R\\d+' } }, 'x', 'X42', '"X42" does not match /^(?:R\\d+)$/'],
  ])('%j says why %j and %j differ', (matcher, gold, predicted, reason) => {
    const s = scoreExample(tr({ matchers: { f: matcher } }), ex({ f: gold }), { output: { f: predicted } });
    expect(s.outcomes).toEqual([expect.objectContaining({ kind: 'wrong_value', field: 'f', reason })]);
  });

  test('list items that match or fail through a matcher carry its reason too', () => {
    const s = scoreExample(tr({ matchers: { d: 'date' } }), ex({ d: ['25/12/2018', '01/01/2019'] }), { output: { d: ['2018-12-25', '2019-01-02'] } });
    expect(s.outcomes!.map((o) => [o.kind, o.reason])).toEqual([
      ['match', 'both are 2018-12-25'],
      ['wrong_value', 'predicted "2019-01-02" reads as 2019-01-02, gold "01/01/2019" as 2019-01-01'],
    ]);
  });

  test('a lexical semantic_similarity is flagged on every verdict, pass or fail', () => {
    const s = scoreExample(tr({ matchers: { a: 'semantic_similarity', b: 'semantic_similarity' } }), ex({ a: 'Tesco Stores', b: 'Tesco' }), {
      output: { a: 'TESCO STORES', b: 'Aeon Mall' },
    });
    expect(s.outcomes!.map((o) => [o.field, o.kind, o.lexical_fallback])).toEqual([
      ['a', 'match', true],
      ['b', 'wrong_value', true],
    ]);
    for (const o of s.outcomes!) expect(o.reason).toMatch(/no embedder is configured, so this is not semantic/);
  });

  test('a gold pattern that exhausts the budget is a recorded issue with its field, counted as not matching', () => {
    const t = tr({ matchers: { code: 'regex' }, rule_budget_ms: 20 });
    // Let through by the screen, so the budget is what stops it.
    const patterns = new PatternScreen();
    patterns.set('^(?:(a+)+$)$', '', { refused: false, reason: 'let through for the test' });
    const s = scoreExample(t, ex({ code: '(a+)+$' }), { output: { code: `${'a'.repeat(27)}!` } }, { patterns });
    expect(s.counts).toEqual({ tp: 0, fp: 1, fn: 1 });
    expect(s.matcher_issues).toEqual([{ field: 'code', matcher: 'regex', issue: 'timeout', reason: expect.stringMatching(/ran out of its 20 ms budget/) }]);
    expect(s.outcomes![0]).toMatchObject({ kind: 'wrong_value', matcher_issue: 'timeout' });
  });

  test('screenScorerPatterns screens the patterns scoring would run, running none of them', async () => {
    const t = tr({ matchers: { code: 'regex' } });
    const examples = [ex({ code: '(a+)+$' }, { id: 'evil' }), ex({ code: 'a+!' }, { id: 'fine' }), ex({ other: 'x' }, { id: 'none' })];
    const predictions = [{ output: { code: `${'a'.repeat(32)}!` } }, { output: { code: 'aa!' } }, { output: { other: 'x' } }];
    const patterns = new PatternScreen();
    const seen: string[] = [];
    const n = await screenScorerPatterns(t, examples, predictions, { patterns }, async (source) => {
      seen.push(source);
      return { refused: source.includes('(a+)+'), reason: 'exponential' };
    });
    expect(n).toBe(2);
    expect(seen.sort()).toEqual(['^(?:(a+)+$)$', '^(?:a+!)$']);
    const scorer = compileScorer(t, { patterns });
    expect(scorer.score(examples[0]!, predictions[0]).matcher_issues).toEqual([expect.objectContaining({ field: 'code', issue: 'refused' })]);
    expect(scorer.score(examples[1]!, predictions[1]).counts).toEqual({ tp: 1, fp: 0, fn: 0 });
    // No matcher runs patterns: no pass at all.
    expect(await screenScorerPatterns(tr(), examples, predictions, { patterns: new PatternScreen() }, async () => { throw new Error('not called'); })).toBe(0);
  });
});

describe('isEmptyValue', () => {
  test.each([
    [null, true],
    [undefined, true],
    ['', true],
    [' \n', true],
    [[], true],
    [[null, ''], true],
    [{}, true],
    [{ a: null }, true],
    [0, false],
    [false, false],
    ['0', false],
    [{ a: 0 }, false],
  ])('%j → %s', (v, empty) => {
    expect(isEmptyValue(v)).toBe(empty);
  });
});
