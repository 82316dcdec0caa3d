import { describe, expect, test } from 'vitest';
import { parseTab } from '../../src/formats/tab.js';
import { errorOf } from './helpers.js';

const texts = JSON.stringify({ 'doc-1': 'Mr Çağlayan of Ankara, 1996.', 'doc-2': '😀 Oslo' }, null, 1);
const spans = JSON.stringify(
  {
    'doc-1': [
      [15, 21, 'LOC'],
      [3, 11, 'PERSON'],
      [23, 27, 'DATETIME'],
      [3, 21, 'PERSON'],
      [15, 21, 'LOC'],
    ],
    'doc-2': [[2, 6, 'LOC']],
  },
  null,
  1,
);

describe('parseTab', () => {
  test('pairs texts and spans, sorts, keeps overlaps, drops exact duplicates with a warning, converts code points', () => {
    const d = parseTab(texts, 'texts.json', spans, 'spans.json');
    expect(d.taskType).toBe('ner');
    expect(d.labels).toEqual(['DATETIME', 'LOC', 'PERSON']);
    expect(d.examples).toEqual([
      {
        id: 'doc-1',
        text: 'Mr Çağlayan of Ankara, 1996.',
        spans: [
          { start: 3, end: 11, label: 'PERSON' },
          { start: 3, end: 21, label: 'PERSON' },
          { start: 15, end: 21, label: 'LOC' },
          { start: 23, end: 27, label: 'DATETIME' },
        ],
        split: 'train',
        source: 'gold',
      },
      { id: 'doc-2', text: '😀 Oslo', spans: [{ start: 3, end: 7, label: 'LOC' }], split: 'train', source: 'gold' },
    ]);
    expect(d.warnings).toEqual(['1 duplicate span(s) with the same start, end and label were dropped (first at spans.json:2)']);
  });

  test('a document without spans is imported without spans, with a warning', () => {
    const d = parseTab(texts, 'texts.json', '{"doc-1": []}', 'spans.json');
    expect(d.examples.map((e) => e.spans)).toEqual([[], []]);
    expect(d.warnings).toEqual(['1 document(s) have no entry in spans.json and were imported without spans']);
  });

  test.each([
    ['spans for an unknown document', '{\n"doc-1": [],\n"doc-9": []\n}', 'spans.json:3: document "doc-9" has spans but no text in texts.json; pair the spans file with its texts file'],
    ['a malformed triple', '{\n"doc-1": [[0, 2, "X"], [5, "LOC"]]\n}', 'spans.json:2: span 1 of "doc-1" is [5,"LOC"]; expected [start, end, "TYPE"] with integer offsets'],
    ['a span past the text', '{"doc-1": [],\n "doc-2": [[2, 9, "LOC"]]}', 'spans.json:2: spans[0] [3, 10) "LOC" ends past the text (7 characters); offsets are 0-based and end-exclusive: fix the offsets'],
    ['not an object', '[]', 'spans.json:1: expected a JSON object {doc_id: [[start, end, TYPE], …]} (the TAB spans file)'],
  ])('rejects %s with FILE:LINE', (_t, spansContent, message) => {
    expect(errorOf(() => parseTab(texts, 'texts.json', spansContent, 'spans.json'))).toBe(message);
  });
});
