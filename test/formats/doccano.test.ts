import { describe, expect, test } from 'vitest';
import { parseDoccano } from '../../src/formats/doccano.js';
import { errorOf, jsonLines } from './helpers.js';

describe('parseDoccano', () => {
  test.each([
    ['label triples', { id: 1, text: 'EU rejects German call', label: [[11, 17, 'MISC'], [0, 2, 'ORG']] }],
    ['older "labels" key', { id: 1, text: 'EU rejects German call', labels: [[0, 2, 'ORG'], [11, 17, 'MISC']] }],
    ['newer entities objects', { id: 1, text: 'EU rejects German call', entities: [{ id: 5, label: 'ORG', start_offset: 0, end_offset: 2 }, { id: 6, label: 'MISC', start_offset: 11, end_offset: 17 }], relations: [] }],
  ])('sequence labelling: %s', (_t, row) => {
    const d = parseDoccano(jsonLines(row), 'd.jsonl');
    expect(d.taskType).toBe('ner');
    expect(d.examples).toEqual([
      { id: '1', text: 'EU rejects German call', spans: [{ start: 0, end: 2, label: 'ORG' }, { start: 11, end: 17, label: 'MISC' }], split: 'train', source: 'gold' },
    ]);
  });

  test('code-point offsets are converted', () => {
    const d = parseDoccano(jsonLines({ text: '🙂🙂 Ann', label: [[3, 6, 'PER']] }), 'd.jsonl');
    expect(d.examples[0]?.spans).toEqual([{ start: 5, end: 8, label: 'PER' }]);
    expect(d.examples[0]?.id).toBe('d1');
  });

  test('text classification: one class per row; rows with no class have no label', () => {
    const d = parseDoccano(jsonLines({ id: 3, data: 'Terrible service.', label: ['negative'] }, { id: 4, text: 'ok', label: [] }, { id: 5, text: 'Great', label: ['positive'] }), 'd.jsonl');
    expect(d.taskType).toBe('classification');
    expect(d.labels).toEqual(['negative', 'positive']);
    expect(d.examples.map((e) => [e.id, e.label, e.spans])).toEqual([
      ['3', 'negative', undefined],
      ['4', null, undefined],
      ['5', 'positive', undefined],
    ]);
  });

  test.each([
    ['no text', jsonLines({ label: [] }), 'd.jsonl:1: Doccano rows need a string "text"'],
    ['a malformed label', jsonLines({ text: 'abc', label: [[0, 'X']] }), 'd.jsonl:1: label 0 is [0,"X"]; expected [start, end, "TYPE"] (spans) or "class" (classification)'],
    ['two classes', jsonLines({ text: 'abc', label: ['a', 'b'] }), 'd.jsonl:1: row has 2 class labels (a, b); classification takes one label per example'],
    ['span and class rows mixed', jsonLines({ text: 'abc', label: [[0, 1, 'X']] }, { text: 'abc', label: ['a'] }), 'd.jsonl:2: this row has class labels but d.jsonl:1 has span labels; one file holds one task type'],
    ['a span past the text', jsonLines({ text: 'abc', label: [[0, 9, 'X']] }), 'd.jsonl:1: spans[0] [0, 9) "X" ends past the text (3 characters); offsets are 0-based and end-exclusive: fix the offsets'],
  ])('rejects %s with FILE:LINE', (_t, content, message) => {
    expect(errorOf(() => parseDoccano(content, 'd.jsonl'))).toBe(message);
  });
});
