import { describe, expect, test } from 'vitest';
import { parseRulechef } from '../../src/formats/rulechef-dataset.js';
import { errorOf, jsonLines } from './helpers.js';

const nerTask = { name: 'meds', description: 'd', input_schema: { text: 'str' }, output_schema: { entities: 'List[{text,start,end,type}]' }, type: 'ner', matching_mode: 'text', text_field: null };

describe('parseRulechef', () => {
  test('bulk JSONL rows {input, output} with entities', () => {
    const d = parseRulechef(
      jsonLines({ input: { text: 'Metformin 500mg twice daily.' }, output: { entities: [{ text: '500mg', start: 10, end: 15, type: 'DOSAGE' }, { text: 'Metformin', start: 0, end: 9, type: 'DRUG' }] } }),
      'bulk.jsonl',
    );
    expect(d.taskType).toBe('ner');
    expect(d.labels).toEqual(['DOSAGE', 'DRUG']);
    expect(d.examples).toEqual([
      {
        id: 'ex1',
        text: 'Metformin 500mg twice daily.',
        spans: [
          { start: 0, end: 9, label: 'DRUG', text: 'Metformin' },
          { start: 10, end: 15, label: 'DOSAGE', text: '500mg' },
        ],
        split: 'train',
        source: 'gold',
      },
    ]);
  });

  test('a saved dataset: examples, corrections and the declared task type', () => {
    const content = JSON.stringify(
      {
        name: 'meds',
        task: nerTask,
        description: '',
        examples: [{ id: 'a1b2c3d4', input: { text: '🙂 Aspirin' }, expected_output: { entities: [{ text: 'Aspirin', start: 2, end: 9, type: 'DRUG' }] }, source: 'human_labeled', confidence: 0.8 }],
        corrections: [{ id: 'c0ffee00', input: { text: 'take Ibuprofen' }, model_output: { entities: [] }, expected_output: { entities: [{ text: 'Ibuprofen', start: 5, end: 14, type: 'DRUG' }] }, feedback: 'missed it' }],
        feedback: [],
        structured_feedback: [],
        rules: [],
        version: 1,
      },
      null,
      2,
    );
    const d = parseRulechef(content, 'meds.json');
    expect(d.examples).toEqual([
      { id: 'a1b2c3d4', text: '🙂 Aspirin', spans: [{ start: 3, end: 10, label: 'DRUG', text: 'Aspirin' }], meta: { rulechef_source: 'human_labeled' }, split: 'train', source: 'gold' },
      {
        id: 'c0ffee00',
        text: 'take Ibuprofen',
        spans: [{ start: 5, end: 14, label: 'DRUG', text: 'Ibuprofen' }],
        meta: { model_output: { entities: [] }, feedback: 'missed it' },
        split: 'train',
        source: 'correction',
      },
    ]);
  });

  test.each([
    ['classification', { type: 'classification', text_field: 'text' }, { text: 'rate?' }, { label: 'exchange_rate' }, { text: 'rate?', label: 'exchange_rate' }],
    ['extraction (untyped spans)', { type: 'extraction', text_field: 'context' }, { question: 'When?', context: 'Built in 1991' }, { spans: [{ text: '1991', start: 9, end: 13 }] }, {
      text: 'Built in 1991',
      spans: [{ start: 9, end: 13, label: 'span', text: '1991' }],
      meta: { input: { question: 'When?', context: 'Built in 1991' } },
    }],
    ['transformation', { type: 'transformation', text_field: 'receipt' }, { receipt: 'TOTAL 9.00' }, { total: '9.00' }, { input: { receipt: 'TOTAL 9.00' }, output: { total: '9.00' } }],
  ])('task type %s', (_t, task, input, expected_output, expected) => {
    const d = parseRulechef(JSON.stringify({ name: 'x', task: { ...nerTask, ...task }, examples: [{ id: 'e1', input, expected_output }] }), 'x.json');
    expect(d.taskType).toBe(task.type);
    expect(d.examples[0]).toEqual({ id: 'e1', split: 'train', source: 'gold', ...expected });
    if (task.type === 'transformation') expect(d.textField).toBe('receipt');
  });

  test('a JSON array of examples, type inferred from the outputs', () => {
    const d = parseRulechef('[{"input": {"text": "hi"}, "expected_output": {"label": "greet"}}]', 'a.json');
    expect(d.taskType).toBe('classification');
    expect(d.examples[0]).toEqual({ id: 'ex1', text: 'hi', label: 'greet', split: 'train', source: 'gold' });
  });

  test.each([
    ['an entity whose text is not at its offsets', jsonLines({ input: { text: 'ab' }, output: { entities: [] } }, { input: { text: 'Aspirin' }, output: { entities: [{ text: 'Aspirin', start: 1, end: 7, type: 'DRUG' }] } }), 'b.jsonl:2: spans[0] text "Aspirin" differs from the text at [1, 7), which is "spirin"; fix the offsets or the span text'],
    ['an entity without offsets', jsonLines({ input: { text: 'ab' }, output: { entities: [{ text: 'ab', type: 'X' }] } }), 'b.jsonl:1: entities[0] must be {"text": "...", "start": N, "end": N, "type": "LABEL"} with integer offsets'],
    ['no output', jsonLines({ input: { text: 'ab' }, output: { entities: [] } }, { input: { text: 'cd' } }), 'b.jsonl:2: expected a RuleChef example {"input": {...}, "expected_output": {...}} (or "output")'],
    ['duplicate ids in a dataset', JSON.stringify({ task: nerTask, examples: [{ id: 'x', input: { text: 'a' }, expected_output: { entities: [] } }] }, null, 2).replace(']\n}', '],\n  "corrections": [\n    {"id": "x", "input": {"text": "b"}, "model_output": {}, "expected_output": {"entities": []}}\n  ]\n}'), 'b.jsonl:27: duplicate id "x" (first used at b.jsonl:16); ids must be unique within a file'],
  ])('rejects %s with FILE:LINE', (_t, content, message) => {
    expect(errorOf(() => parseRulechef(content, 'b.jsonl'))).toBe(message);
  });
});
