import { describe, expect, test } from 'vitest';
import { parseTraffic } from '../../src/formats/traffic.js';
import { errorOf, jsonLines } from './helpers.js';

describe('parseTraffic', () => {
  test('classification traffic: the LLM label is the answer, gold_label the truth, all observed', () => {
    const d = parseTraffic(
      jsonLines(
        { text: 'What are your exchange rates?', gold_label: 'exchange_rate', llm_response: 'exchange_rate', llm_label: 'exchange_rate' },
        { text: 'card is missing', llm_label: 'card_arrival' },
        { text: 'pending?', llm_label: 'pending_card_payment', gold_label: 'pending_cash_withdrawal' },
      ),
      't.jsonl',
      { source: 'gold' },
    );
    expect(d.format).toBe('traffic');
    expect(d.taskType).toBe('classification');
    expect(d.labels).toEqual(['card_arrival', 'exchange_rate', 'pending_card_payment', 'pending_cash_withdrawal']);
    expect(d.examples).toEqual([
      { id: 'o1', text: 'What are your exchange rates?', label: 'exchange_rate', truth: { label: 'exchange_rate' }, meta: { llm_response: 'exchange_rate' }, split: 'train', source: 'observed' },
      { id: 'o2', text: 'card is missing', label: 'card_arrival', split: 'train', source: 'observed' },
      { id: 'o3', text: 'pending?', label: 'pending_card_payment', truth: { label: 'pending_cash_withdrawal' }, split: 'train', source: 'observed' },
    ]);
  });

  test('NER traffic: llm_entities become spans (code points converted)', () => {
    const d = parseTraffic(jsonLines({ text: '💊 Metformin 500mg', llm_entities: [{ text: 'Metformin', start: 2, end: 11, type: 'DRUG' }] }), 't.jsonl');
    expect(d.taskType).toBe('ner');
    expect(d.examples[0]?.spans).toEqual([{ start: 3, end: 12, label: 'DRUG', text: 'Metformin' }]);
    expect(d.examples[0]?.source).toBe('observed');
  });

  test.each([
    ['no text', jsonLines({ llm_label: 'x' }), 't.jsonl:1: traffic rows need a string "text"'],
    ['no LLM answer', jsonLines({ text: 'a', llm_label: 'x' }, { text: 'b', gold_label: 'x' }), 't.jsonl:2: traffic rows need "llm_label" (classification) or "llm_entities" (NER)'],
    ['mixed kinds', jsonLines({ text: 'a', llm_label: 'x' }, { text: 'b', llm_entities: [] }), 't.jsonl:2: this row has a different answer kind ("llm_label" vs "llm_entities") than the first row; one file holds one task type'],
    ['entity text mismatch', jsonLines({ text: 'Bob', llm_entities: [{ text: 'Rob', start: 0, end: 3, type: 'PER' }] }), 't.jsonl:1: spans[0] text "Rob" differs from the text at [0, 3), which is "Bob"; fix the offsets or the span text'],
  ])('rejects %s with FILE:LINE', (_t, content, message) => {
    expect(errorOf(() => parseTraffic(content, 't.jsonl'))).toBe(message);
  });
});
