import { describe, expect, test } from 'vitest';
import { parseRestaurant8k } from '../../src/formats/restaurant8k.js';
import { errorOf } from './helpers.js';

const content = JSON.stringify(
  [
    { userInput: { text: '13' }, context: { requestedSlots: ['time'] }, labels: [{ slot: 'time', valueSpan: { endIndex: 2 } }] },
    {
      userInput: { text: 'any tables free in an hour' },
      labels: [
        { slot: 'time', valueSpan: { startIndex: 16, endIndex: 26 } },
        { slot: 'date', valueSpan: { startIndex: 16, endIndex: 26 } },
      ],
    },
    { userInput: { text: 'no thanks' }, context: {} },
    { userInput: { text: '🍕 for Ann' }, labels: [{ slot: 'first_name', valueSpan: { startIndex: 6, endIndex: 9 } }] },
  ],
  null,
  2,
);

describe('parseRestaurant8k', () => {
  test('reads slots, missing startIndex as 0, two slots on one span as two spans, negatives', () => {
    const d = parseRestaurant8k(content, 'r.json');
    expect(d.taskType).toBe('extraction');
    expect(d.labels).toEqual(['date', 'first_name', 'time']);
    expect(d.examples).toEqual([
      { id: 'r1', text: '13', spans: [{ start: 0, end: 2, label: 'time' }], meta: { requested_slots: ['time'] }, split: 'train', source: 'gold' },
      {
        id: 'r2',
        text: 'any tables free in an hour',
        spans: [
          { start: 16, end: 26, label: 'date' },
          { start: 16, end: 26, label: 'time' },
        ],
        split: 'train',
        source: 'gold',
      },
      { id: 'r3', text: 'no thanks', spans: [], split: 'train', source: 'gold' },
      // code-point offsets 6..9 are UTF-16 7..10 after the emoji
      { id: 'r4', text: '🍕 for Ann', spans: [{ start: 7, end: 10, label: 'first_name' }], split: 'train', source: 'gold' },
    ]);
  });

  test.each([
    ['not an array', '{"userInput": {}}', 'r.json:1: expected a JSON array of Restaurant-8k examples'],
    ['no text', '[\n  {"userInput": {"text": "a"}},\n  {"userInput": {}}\n]', 'r.json:3: expected {"userInput": {"text": "..."}}; give the element its text'],
    ['no endIndex', '[\n  {"userInput": {"text": "abc"},\n   "labels": [{"slot": "time", "valueSpan": {"startIndex": 1}}]}\n]', 'r.json:2: labels[0] must be {"slot": "...", "valueSpan": {"startIndex": N, "endIndex": N}} with integer offsets'],
    ['span past the text', '[{"userInput": {"text": "abc"}},\n{"userInput": {"text": "abc"}, "labels": [{"slot": "time", "valueSpan": {"endIndex": 5}}]}]', 'r.json:2: spans[0] [0, 5) "time" ends past the text (3 characters); offsets are 0-based and end-exclusive: fix the offsets'],
  ])('rejects %s with FILE:LINE', (_t, text, message) => {
    expect(errorOf(() => parseRestaurant8k(text, 'r.json'))).toBe(message);
  });
});
