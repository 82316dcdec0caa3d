import { describe, expect, test } from 'vitest';
import { functionWords, onlyFunctionWords } from '../../../src/learn/induce/function-words.js';

const texts = [
  'the refund of my order',
  'the card is mine',
  'the bill was high',
  'where is the parcel',
  'my refund please',
  'my card broke',
];
const labels = ['returns', 'cards', 'billing', 'shipping', 'returns', 'cards'];

describe('function words learned from the train texts', () => {
  test('a word in the texts of most labels and common enough is one; a word of one label is not', () => {
    const words = functionWords(texts, labels);
    expect(words.has('the')).toBe(true);
    expect(words.has('refund')).toBe(false);
    expect(words.has('card')).toBe(false);
  });

  test.each([
    ['with two labels, spread says nothing', ['the a', 'the b', 'the c'], ['x', 'y', 'x']],
    ['a word spread over labels but in fewer texts than the floor', ['so a', 'so b', 'c'], ['x', 'y', 'z']],
    ['unlabelled texts count for nothing', ['the a', 'the b', 'the c'], [null, null, null]],
  ])('names none: %s', (_what, t, l) => {
    expect([...functionWords(t, l)]).toEqual([]);
  });

  test.each([
    ['the my', true],
    ['the refund', false],
    ['is*', true],
    ['refund*', false],
  ])('the key "%s" is made only of function words: %s', (key, want) => {
    expect(onlyFunctionWords(key, new Set(['the', 'my', 'is']))).toBe(want);
  });
});
