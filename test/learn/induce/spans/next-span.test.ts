import { describe, expect, test } from 'vitest';
import { rankNextSpans } from '../../../../src/learn/induce/spans/next-span.js';
import { type SpanDocOnTrain, spanGain } from '../../../../src/learn/induce/spans/span-gain.js';

/** A train text with its gold spans (each `[text, label]` found in it) and the spans rules extract. */
function doc(text: string, gold: [string, string][], predicted: [string, string, string][] = []): SpanDocOnTrain {
  const at = (s: string, label: string) => ({ start: text.indexOf(s), end: text.indexOf(s) + s.length, label });
  return { text, gold: gold.map(([s, l]) => at(s, l)), predicted: predicted.map(([s, l, rule]) => ({ ...at(s, l), rule })) };
}

const docs = [
  doc('table at 7pm please', [['7pm', 'time']]),
  doc('book at 8pm', [['8pm', 'time']]),
  doc('see you at 9pm', [['9pm', 'time']]),
  doc('for 4 people at 6pm', [['4', 'people'], ['6pm', 'time']], [['4', 'people', 'people <- digit']]),
  doc('at home by 5', [], [['5', 'people', 'people <- digit']]),
  doc('call me', []),
];

describe('rankNextSpans', () => {
  test('puts first the missed span whose neighbour or shape other missed spans share, with why', () => {
    const rows = rankNextSpans(docs, false);
    expect(rows[0]).toMatchObject({ doc: 0, reason: 'missed', span: { start: 9, end: 12, label: 'time' } });
    expect(rows[0]!.gain).toBeGreaterThan(0);
    expect(rows[0]!.why).toMatch(/^no rule extracts time "7pm"; 3 other missed time spans share/);
  });

  test('one row per example, missed spans leading spurious ones, and examples the rules get right left out', () => {
    const rows = rankNextSpans(docs, false);
    expect(rows.map((r) => r.doc).sort()).toEqual([0, 1, 2, 3, 4]);
    const at = rows.findIndex((r) => r.reason === 'spurious');
    expect(rows.slice(0, at).every((r) => r.reason === 'missed')).toBe(true);
    expect(rows[at]).toMatchObject({ doc: 4, reason: 'spurious', gain: 1, span: { label: 'people' } });
    expect(rows[at]!.why).toBe('people <- digit extracts "5" as people, which gold does not have (1 such on train)');
  });

  test('rows a rule on the same key would mend follow the first of them', () => {
    const rows = rankNextSpans(docs, false);
    const group = rows.filter((r) => r.reason === 'missed').map((r) => r.group);
    expect(new Set(group.slice(0, new Set(group).size)).size).toBe(new Set(group).size);
  });

  test.each([
    ['offsets', false, 1],
    ['text', true, 0],
  ])('a prediction of the same label and text elsewhere counts as found only in %s matching', (_, textMatch, missed) => {
    const d = [doc('7pm or 7pm', [['7pm', 'time']], [])];
    const shifted = { ...d[0]!, predicted: [{ start: 7, end: 10, label: 'time', rule: 'r' }], gold: [{ start: 0, end: 3, label: 'time' }] };
    expect(rankNextSpans([shifted], textMatch).filter((r) => r.reason === 'missed')).toHaveLength(missed);
  });
});

describe('spanGain', () => {
  test('counts gold spans found that no rule finds now, less new spans no gold has', () => {
    const made = [[{ start: 9, end: 12, label: 'time' }], [{ start: 8, end: 11, label: 'time' }], [], [{ start: 4, end: 5, label: 'people' }], [{ start: 11, end: 12, label: 'people' }, { start: 0, end: 2, label: 'time' }], []];
    // doc 3's "4" is already found; doc 4's "5" is already extracted (wrongly): neither changes.
    expect(spanGain(docs, made, false)).toEqual({ mends: 2, breaks: 1 });
  });
});
