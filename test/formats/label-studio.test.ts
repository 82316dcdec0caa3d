import { describe, expect, test } from 'vitest';
import { parseLabelStudio } from '../../src/formats/label-studio.js';
import { errorOf } from './helpers.js';

const region = (start: number, end: number, labels: string[], text?: string) => ({
  from_name: 'label',
  to_name: 'text',
  type: 'labels',
  value: { start, end, labels, ...(text === undefined ? {} : { text }) },
});
const task = (id: number, text: string, result: unknown[], extra: Record<string, unknown> = {}) => ({ id, data: { text }, annotations: [{ id: id * 10, result }], ...extra });

describe('parseLabelStudio', () => {
  test('labels results become spans; code-point offsets are converted', () => {
    const content = JSON.stringify(
      [
        task(1, 'Bob flew to Oslo', [region(12, 16, ['LOC'], 'Oslo'), region(0, 3, ['PER', 'NAME'])]),
        task(2, '💩This is an annotation.', [region(12, 22, ['Thing'], 'annotation')]),
        task(3, 'nothing', []),
      ],
      null,
      2,
    );
    const d = parseLabelStudio(content, 'ls.json');
    expect(d.taskType).toBe('ner');
    expect(d.labels).toEqual(['LOC', 'NAME', 'PER', 'Thing']);
    expect(d.examples).toEqual([
      {
        id: '1',
        text: 'Bob flew to Oslo',
        spans: [
          { start: 0, end: 3, label: 'NAME' },
          { start: 0, end: 3, label: 'PER' },
          { start: 12, end: 16, label: 'LOC', text: 'Oslo' },
        ],
        split: 'train',
        source: 'gold',
      },
      { id: '2', text: '💩This is an annotation.', spans: [{ start: 13, end: 23, label: 'Thing', text: 'annotation' }], split: 'train', source: 'gold' },
      { id: '3', text: 'nothing', spans: [], split: 'train', source: 'gold' },
    ]);
    expect(d.warnings).toEqual([]);
  });

  test('an old export with JS offsets is read by its region text, with a warning', () => {
    const d = parseLabelStudio(JSON.stringify([task(1, '💩This is an annotation.', [region(13, 23, ['Thing'], 'annotation')])]), 'ls.json');
    expect(d.examples[0]?.spans).toEqual([{ start: 13, end: 23, label: 'Thing', text: 'annotation' }]);
    expect(d.warnings).toEqual(['1 region(s) matched their text only as JS string offsets and were read that way']);
  });

  test('choices make a classification task; cancelled and missing annotations are handled', () => {
    const choice = (c: string) => ({ from_name: 'sentiment', to_name: 'text', type: 'choices', value: { choices: [c] } });
    const content = JSON.stringify([
      { id: 7, data: { text: 'great' }, annotations: [{ was_cancelled: true, result: [choice('neg')] }, { result: [choice('pos')] }] },
      { id: 8, data: { review: 'meh' }, annotations: [{ result: [choice('neg')] }, { result: [choice('pos')] }] },
      { id: 9, data: { text: 'unlabelled' }, annotations: [] },
      { id: 10, data: { text: 'empty' }, annotations: [{ result: [] }] },
    ]);
    const d = parseLabelStudio(content, 'ls.json');
    expect(d.taskType).toBe('classification');
    expect(d.examples).toEqual([
      { id: '7', text: 'great', label: 'pos', split: 'train', source: 'gold' },
      { id: '8', text: 'meh', label: 'neg', split: 'train', source: 'gold' },
      { id: '10', text: 'empty', label: null, split: 'train', source: 'gold' },
    ]);
    expect(d.warnings).toEqual([
      '1 task(s) have no annotation (or only cancelled ones) and were skipped',
      '1 task(s) have more than one annotation; the first was used',
    ]);
  });

  test.each([
    ['not a task list', '{"tasks": []}', 'ls.json:1: expected a Label Studio JSON export: a list of tasks with "data" and "annotations"'],
    ['no text', '[\n {"data": {"text": "a"}, "annotations": []},\n {"data": {"a": 1, "b": 2}}\n]', 'ls.json:3: found no text in "data"; the text must be in data.text (or be its only string field)'],
    [
      'region text that matches no offsets',
      JSON.stringify([task(1, 'Bob', [])]).slice(0, -1) + ',\n' + JSON.stringify(task(2, 'Ann', [region(0, 3, ['PER'], 'Bob')])) + ']',
      'ls.json:2: spans[0] text "Bob" differs from the text at [0, 3), which is "Ann"; fix the offsets or the span text',
    ],
    [
      'two choices',
      JSON.stringify([{ data: { text: 'x' }, annotations: [{ result: [{ type: 'choices', value: { choices: ['a', 'b'] } }] }] }]),
      'ls.json:1: this task has 2 choices (a, b); classification takes one label per example',
    ],
    [
      'regions and choices in one file',
      '[\n' + JSON.stringify(task(1, 'Bob', [region(0, 3, ['PER'])])) + ',\n' + JSON.stringify(task(2, 'x', [{ type: 'choices', value: { choices: ['a'] } }])) + '\n]',
      'ls.json:3: this task has choices but ls.json:2 has labelled regions; one import holds one task type',
    ],
    ['duplicate task ids', '[\n' + JSON.stringify(task(1, 'a', [])) + ',\n' + JSON.stringify(task(1, 'b', [])) + '\n]', 'ls.json:3: duplicate id "1" (first used at ls.json:2); ids must be unique within a file'],
  ])('rejects %s with FILE:LINE', (_t, content, message) => {
    expect(errorOf(() => parseLabelStudio(content, 'ls.json'))).toBe(message);
  });
});

describe('parseLabelStudio refuses results of a bad shape instead of dropping them', () => {
  const withValue = (value: Record<string, unknown>) => JSON.stringify([task(1, 'Ann Lee', [region(0, 3, ['PER'])]), task(2, 'Bob Ray', [{ type: 'labels', value }])], null, 1);
  test.each([
    ['"end": "three"', { start: 0, end: 'three', labels: ['PER'] }, 'task 1: annotations[0].result[0].value.end must be a whole-number character offset; found "three"'],
    ['"labels": "PER"', { start: 0, end: 3, labels: 'PER' }, 'task 1: annotations[0].result[0].value.labels must be a list of label names like ["PER"]; found "PER"'],
    ['"labels": []', { start: 0, end: 3, labels: [] }, 'value.labels must be a list of label names like ["PER"]; found []'],
    ['a negative start', { start: -1, end: 3, labels: ['PER'] }, 'value.start must be a whole-number character offset; found -1'],
    ['no start', { end: 3, labels: ['PER'] }, 'value.start must be a whole-number character offset; found nothing'],
    ['"choices": "refund"', { choices: 'refund' }, 'task 1: annotations[0].result[0].value.choices must be a list of class names like ["refund"]; found "refund"'],
  ])('%s names the task index and the field', (_what, value, message) => {
    const m = errorOf(() => parseLabelStudio(withValue(value), 'ls.json'));
    expect(m).toMatch(/^ls\.json:\d+: task 1: annotations\[0\]\.result\[0\]\.value\./);
    expect(m.endsWith(message)).toBe(true);
  });

  test('a long bad value is quoted by its first 200 characters', () => {
    const m = errorOf(() => parseLabelStudio(withValue({ start: 0, end: 3, labels: 'x'.repeat(5000) }), 'ls.json'));
    expect(m).toContain(`found "${'x'.repeat(199)}… (4802 more characters)`);
  });

  test('the index counts cancelled annotations, so the field path points at the right one', () => {
    const t = { id: 1, data: { text: 'Ann' }, annotations: [{ was_cancelled: true, result: [] }, { result: [{ value: { start: 0, end: 'x', labels: ['PER'] } }] }] };
    expect(errorOf(() => parseLabelStudio(JSON.stringify([t]), 'ls.json'))).toContain('task 0: annotations[1].result[0].value.end');
  });

  test('results of other kinds (a relation, a text area) are still skipped with a warning', () => {
    const content = JSON.stringify([task(1, 'Ann Lee', [region(0, 3, ['PER']), { type: 'relation', from_id: 'a', to_id: 'b' }, { type: 'textarea', value: { text: ['note'] } }])]);
    const data = parseLabelStudio(content, 'ls.json');
    expect(data.examples).toHaveLength(1);
    expect(data.warnings).toEqual(['2 result(s) that are neither labelled regions nor choices were ignored']);
  });
});
