import { describe, expect, test } from 'vitest';
import { compileScorer, scoreExample } from '../../../src/core/eval/scorer.js';
import type { MatchMode } from '../../../src/core/schemas/task.js';
import { at, out, spanExample, task } from './helpers.js';

/** A TAB-like sentence (ECHR judgment) with hand-placed gold and rule outputs. */
const T =
  'The case originated in an application (no. 36110/97) against the Republic of Turkey lodged with the ' +
  'Commission by Mr Ahmet Yılmaz on 12 March 1997.';
const gold = [
  at(T, '36110/97', 'CODE'),
  at(T, 'Republic of Turkey', 'ORG'),
  at(T, 'Ahmet Yılmaz', 'PERSON'),
  at(T, '12 March 1997', 'DATETIME'),
  at(T, 'Commission', 'ORG'),
];
const pred = [
  out(T, '36110/97', 'CODE', 'code'), // exact
  out(T, 'the Republic of Turkey', 'ORG', 'org'), // boundary, IoU 18/22
  out(T, 'Mr Ahmet Yılmaz', 'PERSON', 'title'), // boundary, IoU 12/15 = 0.8
  out(T, '12', 'QUANTITY', 'qty'), // inside the date, another label, IoU 2/13
  out(T, '1997', 'CODE', 'year'), // inside the date, another label, IoU 4/13
  out(T, 'March 1997', 'DATETIME', 'date'), // boundary, IoU 10/13
];
const example = spanExample('tab-1', T, gold);

describe('span modes on a TAB-like example (hand-computed)', () => {
  test.each([
    // mode, iou, tp, fp, fn, wrong_label, wrong_boundary, missing, spurious
    ['text', 0.5, 1, 5, 4, 0, 3, 1, 2],
    ['exact', 0.5, 1, 5, 4, 0, 3, 1, 2],
    ['overlap', 0.5, 4, 2, 1, 0, 0, 1, 2],
    ['overlap', 0.8, 3, 3, 2, 0, 1, 1, 2], // 0.8 is inclusive; 10/13 is below it
    ['semeval:strict', 0.5, 1, 5, 4, 0, 3, 1, 2],
    ['semeval:exact', 0.5, 1, 5, 4, 0, 3, 1, 2],
    ['semeval:partial', 0.5, 2.5, 3.5, 2.5, 0, 3, 1, 2],
    ['semeval:type', 0.5, 4, 2, 1, 0, 0, 1, 2],
  ] as const)('%s (IoU %d): tp %d fp %d fn %d; errors %d/%d/%d/%d', (mode, iou, tp, fp, fn, wl, wb, mis, spu) => {
    const s = compileScorer(task({ type: 'ner', matching: { mode: mode as MatchMode, iou_threshold: iou } })).score(example, { spans: pred });
    expect(s.counts).toEqual({ tp, fp, fn });
    expect(s.errors).toEqual({ wrong_label: wl, wrong_boundary: wb, wrong_value: 0, missing: mis, spurious: spu });
    expect(s.exact).toBe(false);
    expect(s.covered).toBe(true);
  });

  test('per class in text mode', () => {
    const s = scoreExample(task({ type: 'ner' }), example, { spans: pred });
    expect(s.per_class).toEqual({
      CODE: { tp: 1, fp: 1, fn: 0 },
      ORG: { tp: 0, fp: 1, fn: 2 },
      PERSON: { tp: 0, fp: 1, fn: 1 },
      DATETIME: { tp: 0, fp: 1, fn: 1 },
      QUANTITY: { tp: 0, fp: 1, fn: 0 },
    });
  });

  test('drill-down outcomes name the items and the rules', () => {
    const s = scoreExample(task({ type: 'ner' }), example, { spans: pred });
    const byKind = (k: string) => s.outcomes!.filter((o) => o.kind === k);
    expect(byKind('match').map((o) => o.pred?.rule_id)).toEqual(['code']);
    expect(byKind('wrong_boundary').map((o) => [o.gold?.label, o.pred?.rule_id])).toEqual([
      ['ORG', 'org'],
      ['PERSON', 'title'],
      ['DATETIME', 'date'],
    ]);
    expect(byKind('missed').map((o) => o.gold?.start)).toEqual([T.indexOf('Commission')]);
    expect(byKind('spurious').map((o) => o.pred?.rule_id).sort()).toEqual(['qty', 'year']);
  });

  test('outcomes can be turned off for hot loops', () => {
    const s = compileScorer(task({ type: 'ner' }), { outcomes: false }).score(example, { spans: pred });
    expect(s.outcomes).toBeUndefined();
    expect(s.counts).toEqual({ tp: 1, fp: 5, fn: 4 });
  });
});

describe('text mode', () => {
  const text = 'Smith met Smith and Jones.';
  const ex = spanExample('s', text, [at(text, 'Smith', 'PER'), at(text, 'Smith', 'PER', 1)]);
  test.each([
    ['right text at another place is a TP', [out(text, 'Smith', 'PER', 'r', 1)], 1, 0, 1],
    ['multiset: two gold, one prediction', [out(text, 'Smith', 'PER')], 1, 0, 1],
    ['multiset: duplicates beyond the gold count are FPs', [out(text, 'Smith', 'PER'), out(text, 'Smith', 'PER', 'r', 1), out(text, 'Smith', 'PER')], 2, 1, 0],
    ['the label must agree', [out(text, 'Smith', 'ORG')], 0, 1, 2],
    ['text is case-sensitive and not trimmed', [{ ...out(text, 'Smith', 'PER'), text: 'smith' }, { ...out(text, 'Smith', 'PER', 'r', 1), text: 'Smith ' }], 0, 2, 2],
  ])('%s', (_, spans, tp, fp, fn) => {
    expect(scoreExample(task({ type: 'ner' }), ex, { spans }).counts).toEqual({ tp, fp, fn });
  });

  test('gold text comes from the span when given, else from the document', () => {
    const e = spanExample('g', text, [{ ...at(text, 'Smith', 'PER'), text: 'Mr Smith' }]);
    expect(scoreExample(task({ type: 'ner' }), e, { spans: [{ ...out(text, 'Smith', 'PER'), text: 'Mr Smith' }] }).counts.tp).toBe(1);
  });

  test('a per-label matcher decides text equality for that label', () => {
    const t = task({ type: 'ner', matching: { matchers: { ORG: 'normalized' } } });
    const e = spanExample('m', 'ACME  Corp and Bolt Ltd', [
      { start: 0, end: 10, label: 'ORG' },
      { start: 15, end: 23, label: 'PER' },
    ]);
    const spans = [
      { start: 0, end: 10, label: 'ORG', text: 'acme corp', rule_id: 'r' },
      { start: 15, end: 23, label: 'PER', text: 'bolt ltd', rule_id: 'r' },
    ];
    expect(scoreExample(t, e, { spans }).per_class).toEqual({ ORG: { tp: 1, fp: 0, fn: 0 }, PER: { tp: 0, fp: 1, fn: 1 } });
  });

  test('a large document pairs as a multiset', () => {
    const words = Array.from({ length: 300 }, (_, i) => `w${i % 37}`);
    const doc = words.join(' ');
    let pos = 0;
    const goldSpans = words.map((w) => {
      const s = { start: pos, end: pos + w.length, label: Number(w.slice(1)) % 2 ? 'A' : 'B' };
      pos += w.length + 1;
      return s;
    });
    const predSpans = goldSpans.filter((_, i) => i % 3 !== 0).map((s) => ({ ...s, text: doc.slice(s.start, s.end), rule_id: 'r' }));
    const s = scoreExample(task({ type: 'ner' }), spanExample('big', doc, goldSpans), { spans: predSpans });
    expect(s.counts).toEqual({ tp: 200, fp: 0, fn: 100 });
  });
});

describe('overlap mode', () => {
  const text = 'aaaaaaaaaa';
  const g = [{ start: 0, end: 4, label: 'X' }, { start: 4, end: 8, label: 'X' }];
  test('best pairs first: the prediction goes to the gold item it overlaps most', () => {
    const p = [{ start: 1, end: 5, label: 'X', text: 'aaaa', rule_id: 'r' }]; // IoU 3/5 with g0, 1/7 with g1
    const s = scoreExample(task({ type: 'ner', matching: { mode: 'overlap' } }), spanExample('o', text, g), { spans: p });
    expect(s.outcomes?.find((o) => o.kind === 'match')?.gold).toEqual({ ...g[0], text: 'aaaa' });
  });

  test('ties go to the earlier gold item, whatever the prediction order', () => {
    const p = [{ start: 2, end: 6, label: 'X', text: 'aaaa', rule_id: 'r' }]; // IoU 1/3 with both
    const t = task({ type: 'ner', matching: { mode: 'overlap', iou_threshold: 0.3 } });
    const s = scoreExample(t, spanExample('o', text, g), { spans: p });
    expect(s.outcomes?.find((o) => o.kind === 'match')?.gold).toEqual({ ...g[0], text: 'aaaa' });
    const swapped = scoreExample(t, spanExample('o2', text, [g[1]!, g[0]!]), { spans: p });
    expect(swapped.outcomes?.find((o) => o.kind === 'match')?.gold).toEqual({ ...g[1], text: 'aaaa' });
  });

  test('an overlap below the threshold is a wrong boundary, another label a wrong label', () => {
    const p = [
      { start: 0, end: 1, label: 'X', text: 'a', rule_id: 'r' },
      { start: 4, end: 8, label: 'Y', text: 'aaaa', rule_id: 'r' },
    ];
    const s = scoreExample(task({ type: 'ner', matching: { mode: 'overlap' } }), spanExample('o', text, g), { spans: p });
    expect(s.counts).toEqual({ tp: 0, fp: 2, fn: 2 });
    expect(s.errors).toMatchObject({ wrong_boundary: 1, wrong_label: 1, missing: 0, spurious: 0 });
  });
});

describe('assertion-aware gold', () => {
  const text = 'Ann visited Paris.';
  const ex = spanExample('a', text, [at(text, 'Ann', 'PER'), at(text, 'Paris', 'LOC')], { annotated: ['PER'] });
  test.each([
    ['an unasserted label predicted is not an FP', [out(text, 'Ann', 'PER'), out(text, 'Paris', 'ORG')], { tp: 1, fp: 0, fn: 0 }, true],
    ['unasserted gold is not an FN', [out(text, 'Ann', 'PER')], { tp: 1, fp: 0, fn: 0 }, true],
    ['asserted labels still count', [out(text, 'Paris', 'PER')], { tp: 0, fp: 1, fn: 1 }, false],
  ])('%s', (_, spans, counts, exact) => {
    const s = scoreExample(task({ type: 'ner', matching: { mode: 'exact' } }), ex, { spans });
    expect(s.counts).toEqual(counts);
    expect(s.exact).toBe(exact);
    expect(Object.keys(s.per_class)).not.toContain('LOC');
  });

  test('an example asserting nothing scores nothing, but output still counts as coverage', () => {
    const e = spanExample('none', text, [at(text, 'Ann', 'PER')], { annotated: [] });
    const s = scoreExample(task({ type: 'ner' }), e, { spans: [out(text, 'Paris', 'LOC')] });
    expect(s.counts).toEqual({ tp: 0, fp: 0, fn: 0 });
    expect(s.exact).toBe(true);
    expect(s.covered).toBe(true);
  });
});

describe('empty examples', () => {
  test('no gold and no output: exact, not covered, nothing counted', () => {
    const s = scoreExample(task({ type: 'ner' }), spanExample('e', 'nothing here', []), {});
    expect(s).toMatchObject({ counts: { tp: 0, fp: 0, fn: 0 }, exact: true, covered: false });
  });
});
