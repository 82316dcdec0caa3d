import { describe, expect, test } from 'vitest';
import { parseJsonl, writeJsonl } from '../../src/formats/jsonl.js';
import { errorOf, jsonLines } from './helpers.js';

const lines = jsonLines;

describe('parseJsonl', () => {
  test.each([
    ['spans → ner', lines({ id: 'd1', text: 'Bob in Rome', spans: [{ start: 7, end: 11, label: 'LOC' }] }), {}, 'ner', ['LOC']],
    ['spans with taskType extraction', lines({ id: 'd1', text: 'Bob', spans: [] }), { taskType: 'extraction' as const }, 'extraction', []],
    ['label → classification', lines({ id: 'q1', text: 'refund me', label: 'refund' }, { id: 'q2', text: 'hi', label: 'greet' }), {}, 'classification', ['greet', 'refund']],
    ['input/output → transformation', lines({ id: 'r1', input: { text: 'TOTAL 9.00' }, output: { total: '9.00' } }), {}, 'transformation', ['total']],
    ['text-only rows with span rows', lines({ id: 'a', text: 'none here' }, { id: 'b', text: 'Bob', spans: [{ start: 0, end: 3, label: 'PER' }] }), {}, 'ner', ['PER']],
  ])('%s', (_t, content, opts, taskType, labels) => {
    const d = parseJsonl(content, 'x.jsonl', opts);
    expect(d.format).toBe('jsonl');
    expect(d.taskType).toBe(taskType);
    expect(d.labels).toEqual(labels);
  });

  test('defaults split and source, keeps optional fields, skips blank lines', () => {
    const d = parseJsonl(
      `\n${lines(
        { id: 'a', text: 'x', label: 'l', split: 'dev', annotated: ['l'], meta: { k: 1 } },
        '   ',
        { id: 'b', text: 'y', label: null, source: 'observed', truth: { label: 'l' } },
      )}\n`,
      'x.jsonl',
    );
    expect(d.examples).toEqual([
      { id: 'a', text: 'x', label: 'l', split: 'dev', source: 'gold', annotated: ['l'], meta: { k: 1 } },
      { id: 'b', text: 'y', label: null, split: 'train', source: 'observed', truth: { label: 'l' } },
    ]);
  });

  test('opts.split fills rows without a split and rows with one keep theirs, with a warning', () => {
    const d = parseJsonl(lines({ id: 'a', text: 'x', label: 'l' }, { id: 'b', text: 'y', label: 'l', split: 'dev' }), 'x.jsonl', { split: 'test' });
    expect(d.examples.map((e) => e.split)).toEqual(['test', 'dev']);
    expect(d.warnings).toEqual(['1 row(s) name their own split, which was kept instead of "test"']);
  });

  test('spans are sorted by (start, end, label) and exact duplicates dropped with a warning', () => {
    const text = 'Ann and Bob';
    const d = parseJsonl(
      lines({
        id: 'd',
        text,
        spans: [
          { start: 8, end: 11, label: 'PER' },
          { start: 0, end: 3, label: 'PER', text: 'Ann' },
          { start: 0, end: 3, label: 'NAME' },
          { start: 8, end: 11, label: 'PER' },
          { start: 0, end: 11, label: 'GROUP' },
        ],
      }),
      'x.jsonl',
    );
    expect(d.examples[0]?.spans).toEqual([
      { start: 0, end: 3, label: 'NAME' },
      { start: 0, end: 3, label: 'PER', text: 'Ann' },
      { start: 0, end: 11, label: 'GROUP' },
      { start: 8, end: 11, label: 'PER' },
    ]);
    expect(d.warnings).toEqual(['1 duplicate span(s) with the same start, end and label were dropped (first at x.jsonl:1)']);
  });

  test.each([
    ['invalid JSON', '{"id": "a", "text": "x", "label": "l"}\n{"id": "b", "text": }', 'x.jsonl:2: invalid JSON at column 21 (unexpected "}"); each line must be one JSON object'],
    ['not an object', '{"id": "a", "text": "x", "label": "l"}\n[1, 2]', 'x.jsonl:2: expected a JSON object on this line'],
    [
      'unknown key',
      lines({ id: 'a', text: 'x', label: 'l', colour: 'red' }),
      'x.jsonl:1: invalid example: unknown key "colour"; native rows have the keys id, text, input, spans, label, output, split, source, annotated, truth, meta (extra fields go under "meta")',
    ],
    [
      'unknown key inside a span',
      lines({ id: 'a', text: 'xyz', spans: [{ start: 0, end: 1, label: 'L', score: 1 }] }),
      'x.jsonl:1: invalid example: unknown key "score" in spans[0]; native rows have the keys id, text, input, spans, label, output, split, source, annotated, truth, meta (extra fields go under "meta")',
    ],
    [
      'end before start',
      lines({ id: 'a', text: 'xyz', spans: [{ start: 2, end: 1, label: 'L' }] }),
      'x.jsonl:1: invalid example: spans[0]: span end must be greater than start; native rows have the keys id, text, input, spans, label, output, split, source, annotated, truth, meta (extra fields go under "meta")',
    ],
    [
      'span past the text',
      lines({ id: 'b', text: 'xyz' }, { id: 'c', text: 'abc', spans: [{ start: 1, end: 4, label: 'L' }] }),
      'x.jsonl:2: spans[0] [1, 4) "L" ends past the text (3 characters); offsets are 0-based and end-exclusive: fix the offsets',
    ],
    [
      'truth span past the text',
      lines({ id: 'c', text: 'abc', spans: [], source: 'observed', truth: { spans: [{ start: 2, end: 5, label: 'L' }] } }),
      'x.jsonl:1: truth.spans[0] [2, 5) "L" ends past the text (3 characters); offsets are 0-based and end-exclusive: fix the offsets',
    ],
    [
      'span text differs from the slice',
      lines({ id: 'c', text: 'Ann and Bob', spans: [{ start: 8, end: 11, label: 'PER', text: 'Bo' }] }),
      'x.jsonl:1: spans[0] text "Bo" differs from the text at [8, 11), which is "Bob"; fix the offsets or the span text',
    ],
    [
      'duplicate id',
      lines({ id: 'a', text: 'x', label: 'l' }, '', { id: 'a', text: 'y', label: 'l' }),
      'x.jsonl:3: duplicate id "a" (first used at x.jsonl:1); ids must be unique within a file',
    ],
    [
      'mixed task types',
      lines({ id: 'a', text: 'x', label: 'l' }, { id: 'b', text: 'y', spans: [] }),
      'x.jsonl:2: this is a span row ("spans") but x.jsonl:1 is a classification row ("label"); one file holds one task type',
    ],
    ['row with spans and label', lines({ id: 'a', text: 'x', label: 'l', spans: [] }), 'x.jsonl:1: row mixes a span row ("spans") and a classification row ("label"); one file holds one task type'],
    ['row with no text', lines({ id: 'a' }), 'x.jsonl:1: row has no "text" (or "input" for transformation); add the example\'s text'],
    ['classification row without text', lines({ id: 'a', label: 'l' }), 'x.jsonl:1: a classification row ("label") needs a string "text"'],
    ['empty id', lines({ id: '', text: 'x', label: 'l' }), 'x.jsonl:1: invalid example: id: Too small: expected string to have >=1 characters; native rows have the keys id, text, input, spans, label, output, split, source, annotated, truth, meta (extra fields go under "meta")'],
    [
      'bad split',
      lines({ id: 'a', text: 'x', label: 'l', split: 'valid' }),
      'x.jsonl:1: invalid example: split: Invalid option: expected one of "train"|"dev"|"test"; native rows have the keys id, text, input, spans, label, output, split, source, annotated, truth, meta (extra fields go under "meta")',
    ],
    [
      'row kind against opts.taskType',
      lines({ id: 'a', text: 'x', label: 'l' }),
      'x.jsonl:1: this is a classification row ("label") but task type ner expects a span row ("spans"); one file holds one task type',
    ],
  ])('rejects %s with FILE:LINE', (title, content, message) => {
    const opts = title === 'row kind against opts.taskType' ? { taskType: 'ner' as const } : {};
    expect(errorOf(() => parseJsonl(content as string, 'x.jsonl', opts))).toBe(message);
  });
});

describe('writeJsonl', () => {
  test('writes one line per example with keys in a fixed order', () => {
    const out = writeJsonl([
      { meta: { a: 1 }, source: 'gold', split: 'train', spans: [{ label: 'PER', end: 3, start: 0 }], text: 'Bob', id: 'd1' },
    ]);
    expect(out).toBe('{"id":"d1","text":"Bob","spans":[{"start":0,"end":3,"label":"PER"}],"split":"train","source":"gold","meta":{"a":1}}\n');
  });

  test.each([
    ['spans', lines({ id: 'd1', text: '😀 Bob and Ann', spans: [{ start: 3, end: 6, label: 'PER', text: 'Bob' }, { start: 0, end: 2, label: 'EMO' }], annotated: ['PER', 'EMO'] }, { id: 'd2', text: '', spans: [], split: 'test' })],
    ['classification', lines({ id: 'q1', text: 'a "quoted", text\nwith newline', label: 'x' }, { id: 'q2', text: 'y', label: null, source: 'observed', truth: { label: 'x' }, meta: { llm_response: 'x' } })],
    ['transformation', lines({ id: 'r1', input: { text: 'A\nB', lines: ['A', 'B'] }, output: { total: '9.00', items: ['a'] } })],
  ])('export then import gives identical examples: %s', (_t, content) => {
    const first = parseJsonl(content, 'a.jsonl');
    const again = parseJsonl(writeJsonl(first.examples), 'b.jsonl');
    expect(again.examples).toEqual(first.examples);
    expect(again.taskType).toBe(first.taskType);
    expect(writeJsonl(again.examples)).toBe(writeJsonl(first.examples));
  });
});
