import { describe, expect, test } from 'vitest';
import { parseDoccano } from '../../src/formats/doccano.js';
import { parseLabelStudio } from '../../src/formats/label-studio.js';
import { codePointOffset, type PredictedExample, toDoccano, toLabelStudio } from '../../src/formats/review-export.js';

const TEXT = '😀 Ann met 👩‍👩‍👧 Bob';
const ann = TEXT.indexOf('Ann');
const bob = TEXT.indexOf('Bob');
const SPANS: PredictedExample[] = [
  {
    id: 'd1',
    text: TEXT,
    prediction: { spans: [{ start: ann, end: ann + 3, label: 'PER', text: 'Ann', rule_id: 'r1' }, { start: bob, end: bob + 3, label: 'PER', text: 'Bob', rule_id: 'r2' }] },
  },
  { id: 'd2', text: 'nothing here', prediction: { spans: [] } },
];

describe('codePointOffset', () => {
  test.each([
    ['abc', 2, 2],
    ['😀abc', 2, 1],
    ['😀abc', 3, 2],
    ['a😀😀b', 5, 3],
    ['abc', 5, 5],
  ])('%j at JS index %d is code point %d', (text, i, cp) => {
    expect(codePointOffset(text, i)).toBe(cp);
  });
});

describe('predictions for review', () => {
  test('Doccano JSONL: spans as [start, end, label] in code points, which its importer reads back to the same spans', () => {
    const out = toDoccano('ner', SPANS);
    const first = JSON.parse(out.split('\n')[0]!) as { id: string; text: string; label: [number, number, string][] };
    expect(first.label).toEqual([[[...TEXT.slice(0, ann)].length, [...TEXT.slice(0, ann)].length + 3, 'PER'], [[...TEXT.slice(0, bob)].length, [...TEXT.slice(0, bob)].length + 3, 'PER']]);
    expect(first.label[0]![0]).not.toBe(ann);
    const back = parseDoccano(out, 'review.jsonl');
    expect(back.examples[0]!.spans!.map((s) => [s.start, s.end, s.label])).toEqual([[ann, ann + 3, 'PER'], [bob, bob + 3, 'PER']]);
    expect(back.examples[1]!.spans).toEqual([]);
  });

  test('Doccano: a class as a one-label list, an abstention as none', () => {
    const out = toDoccano('classification', [
      { id: 'q1', text: 'refund me', prediction: { label: 'refund', rule_id: 'r1' } },
      { id: 'q2', text: 'hi', prediction: { label: null, rule_id: null } },
    ]);
    expect(out.trim().split('\n').map((l) => (JSON.parse(l) as { label: string[] }).label)).toEqual([['refund'], []]);
  });

  test('Label Studio: predictions with labels regions in code points, the example id and rules in data', () => {
    const tasks = JSON.parse(toLabelStudio('ner', SPANS, { modelVersion: 'rulewright ruleset abc' })) as {
      data: { text: string; rulewright_id: string; rulewright_rules: string[] };
      predictions: { model_version: string; result: { from_name: string; to_name: string; type: string; value: { start: number; end: number; text: string; labels: string[] } }[] }[];
    }[];
    expect(tasks).toHaveLength(2);
    expect(tasks[0]!.data).toEqual({ text: TEXT, rulewright_id: 'd1', rulewright_rules: ['r1', 'r2'] });
    const [p] = tasks[0]!.predictions;
    expect(p!.model_version).toBe('rulewright ruleset abc');
    expect(p!.result.map((r) => [r.type, r.from_name, r.to_name, [...TEXT].slice(r.value.start, r.value.end).join(''), r.value.labels])).toEqual([
      ['labels', 'label', 'text', 'Ann', ['PER']],
      ['labels', 'label', 'text', 'Bob', ['PER']],
    ]);
    // The same regions as annotations read back through the Label Studio importer at the right offsets.
    const asAnnotated = tasks.map((t, i) => ({ id: i + 1, data: t.data, annotations: [{ result: t.predictions[0]!.result }] }));
    const back = parseLabelStudio(JSON.stringify(asAnnotated), 'ls.json');
    expect(back.examples[0]!.spans!.map((s) => [s.start, s.end])).toEqual([[ann, ann + 3], [bob, bob + 3]]);
  });

  test('Label Studio: a class as a choices result', () => {
    const tasks = JSON.parse(toLabelStudio('classification', [{ id: 'q1', text: 'refund me', prediction: { label: 'refund', rule_id: 'r1' } }], { modelVersion: 'v' })) as {
      predictions: { result: { type: string; from_name: string; value: { choices: string[] } }[] }[];
    }[];
    expect(tasks[0]!.predictions[0]!.result).toEqual([{ id: 'q1-0', from_name: 'choice', to_name: 'text', type: 'choices', value: { choices: ['refund'] } }]);
  });
});
