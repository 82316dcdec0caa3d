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
        id: 'correction-c0ffee00',
        text: 'take Ibuprofen',
        spans: [{ start: 5, end: 14, label: 'DRUG', text: 'Ibuprofen' }],
        meta: { correction_id: 'c0ffee00' },
        split: 'train',
        source: 'correction',
      },
    ]);
    expect(d.rulechef).toEqual({
      corrections: [
        {
          id: 'c0ffee00',
          text: 'take Ibuprofen',
          produced: { spans: [] },
          expected: { spans: [{ start: 5, end: 14, label: 'DRUG', text: 'Ibuprofen' }] },
          note: 'missed it',
        },
      ],
      feedback: [],
      rules: [],
    });
  });

  test('a saved dataset keeps its feedback and structured feedback as feedback and its rules as rules', () => {
    const rule = { id: 'r1', name: 'drug', format: 'regex', content: '(?i)aspirin', output_template: { text: '$0', start: '$start', end: '$end', type: 'DRUG' }, output_key: 'entities' };
    const content = JSON.stringify({
      name: 'meds',
      task: nerTask,
      examples: [{ id: 'e1', input: { text: 'Aspirin' }, expected_output: { entities: [] } }],
      corrections: [{ id: 'c1', input: { text: 'x' }, model_output: { entities: [] }, expected_output: { entities: [] } }],
      feedback: ['drugs follow a dosage'],
      structured_feedback: [
        { id: 'f1', text: 'too broad', level: 'rule', target_id: 'r1' },
        { id: 'f2', text: 'this one is odd', level: 'example', target_id: 'e1' },
        { id: 'f3', text: 'look at this fix', level: 'example', target_id: 'c1' },
        { id: 'f4', text: 'in general', level: 'task', target_id: '' },
      ],
      rules: [rule],
    });
    const d = parseRulechef(content, 'meds.json');
    expect(d.rulechef!.feedback).toEqual([
      { level: 'task', target_id: null, text: 'drugs follow a dosage' },
      { level: 'rule', target_id: 'r1', text: 'too broad' },
      { level: 'example', target_id: 'e1', text: 'this one is odd' },
      { level: 'example', target_id: 'correction-c1', text: 'look at this fix' },
      { level: 'task', target_id: null, text: 'in general' },
    ]);
    expect(d.rulechef!.rules).toEqual([rule]);
    expect(d.examples.map((e) => e.id)).toEqual(['e1', 'correction-c1']);
  });

  test.each([
    ['a feedback entry that is not text', { feedback: [3] }, /^b\.json:\d+: a RuleChef "feedback" entry must be a non-empty string/],
    ['structured feedback with an unknown level', { structured_feedback: [{ text: 'x', level: 'span', target_id: 'e1' }] }, /^b\.json:\d+: a RuleChef "structured_feedback" entry must be/],
    ['example feedback about an example the file lacks', { structured_feedback: [{ text: 'x', level: 'example', target_id: 'nope' }] }, /targets "nope"/],
  ])('refuses %s with its place', (_t, extra, message) => {
    const content = JSON.stringify({ task: nerTask, examples: [{ id: 'e1', input: { text: 'a' }, expected_output: { entities: [] } }], ...extra }, null, 2);
    expect(errorOf(() => parseRulechef(content, 'b.json'))).toMatch(message);
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
    ['duplicate ids in a dataset', JSON.stringify({ task: nerTask, examples: [{ id: 'x', input: { text: 'a' }, expected_output: { entities: [] } }] }, null, 2).replace(']\n}', '],\n  "corrections": [\n    {"id": "x", "input": {"text": "b"}, "model_output": {}, "expected_output": {"entities": []}},\n    {"id": "x", "input": {"text": "b"}, "model_output": {}, "expected_output": {"entities": []}}\n  ]\n}'), 'b.jsonl:28: duplicate id "correction-x" (first used at b.jsonl:27); ids must be unique within a file'],
  ])('rejects %s with FILE:LINE', (_t, content, message) => {
    expect(errorOf(() => parseRulechef(content, 'b.jsonl'))).toBe(message);
  });
});
