import { expect, test } from 'vitest';
import { answerText } from '../../src/core/answer-text.js';
import type { Answer } from '../../src/core/schemas/example.js';

test.each<[string, Answer, string]>([
  ['a label', { label: 'refund' }, 'refund'],
  ['no label', { label: null }, '(no label)'],
  ['spans', { spans: [{ start: 0, end: 4, label: 'PER', text: 'Dora' }, { start: 5, end: 8, label: 'LOC', text: 'Rome' }] }, 'PER:"Dora" LOC:"Rome"'],
  ['no spans', { spans: [] }, '(no spans)'],
  ['an output record', { output: { total: 12.5 } }, '{"total":12.5}'],
])('%s reads as one line', (_what, answer, text) => {
  expect(answerText(answer)).toBe(text);
});
