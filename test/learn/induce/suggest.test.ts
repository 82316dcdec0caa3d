import { describe, expect, test } from 'vitest';
import { suggestConditions } from '../../../src/learn/induce/suggest.js';
import { buildTrainIndex, possibleKeys, trainIndexFromPostings } from '../../../src/learn/induce/train-index.js';
import { bankMessages, intents } from './fixtures.js';

const train = bankMessages().filter((e) => e.split === 'train');
const ti = buildTrainIndex(train);

describe('rules suggested from one text', () => {
  test('the best suggestion is the precise word the label shares, with its train figures counted from the index', () => {
    const [top] = suggestConditions(ti, 'my refund has not arrived', 'refund', 5);
    expect(top!.candidate.name).toBe('refund <- "refund"');
    expect(top).toMatchObject({ n: 3, right: 3, wrongDocs: [] });
  });

  test.each([
    ['a word of both labels is ranked below the words of one', 'my refund has not arrived', 'refund', 'refund <- "my"'],
    ['the label\'s own trigger word is offered for another of its texts', 'the fee on my card', 'card', 'card <- "card"'],
  ])('%s', (_, text, label, name) => {
    const names = suggestConditions(ti, text, label, 20).map((s) => s.candidate.name);
    expect(names).toContain(name);
    if (name.endsWith('"my"')) expect(names.indexOf(name)).toBeGreaterThan(names.indexOf('refund <- "refund"'));
  });

  test('a suggestion that fires on other labels names their documents', () => {
    const my = suggestConditions(ti, 'my refund has not arrived', 'refund', 50).find((s) => s.candidate.name === 'refund <- "my"')!;
    expect(my.wrongDocs.map((d) => train[d]!.id)).toEqual(['d', 'e', 'f']);
  });

  test('suggestions are distinct: no two fire on the same train texts, and no condition holds another', () => {
    const all = suggestConditions(ti, 'my card has not arrived', 'card', 50);
    const keys = all.map((s) => `${s.rightDocs.join(',')}|${s.wrongDocs.join(',')}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(all.map((s) => s.candidate.name)).not.toContain('card <- "my card" & "card"');
  });

  test('the example itself is not counted when excused (its gold is what the person overrides)', () => {
    const [top] = suggestConditions(ti, 'where is my refund', 'card', 5, new Set([1]));
    expect(top!.wrongDocs).not.toContain(1);
  });
});

describe('the train index kept in a workspace', () => {
  const sets = [
    ['bank messages', train],
    ['intents', intents(3, 20, 'train')],
  ] as const;

  test.each(sets)('read whole, it is the index built from %s', (_, rows) => {
    const built = buildTrainIndex(rows);
    const read = trainIndexFromPostings(rows, built.index.postingsByKey());
    expect(read.index.docFeatures).toEqual(built.index.docFeatures);
    expect([read.index.keys, read.index.kinds, read.cls, read.classes]).toEqual([built.index.keys, built.index.kinds, built.cls, built.classes]);
    for (const e of rows) expect(suggestConditions(read, e.text!, e.label!, 20)).toEqual(suggestConditions(built, e.text!, e.label!, 20));
  });

  test.each(sets)('read for one text of %s, it suggests what the index of that text\'s features suggests', (_, rows) => {
    const whole = buildTrainIndex(rows).index.postingsByKey();
    for (const e of rows) {
      const keys = new Set(possibleKeys(e.text!));
      const read = trainIndexFromPostings(rows, whole.filter((f) => keys.has(f.key)));
      expect(suggestConditions(read, e.text!, e.label!, 20)).toEqual(suggestConditions(buildTrainIndex(rows, e.text!), e.text!, e.label!, 20));
    }
  });
});
