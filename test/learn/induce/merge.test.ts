import { describe, expect, test } from 'vitest';
import { mergeAdjacent, mergedCandidate } from '../../../src/learn/induce/merge.js';
import type { Candidate } from '../../../src/learn/induce/types.js';

const c = (kind: string, label: string, pattern: string): Candidate => ({
  kind,
  label,
  format: 'regex',
  pattern,
  flags: kind === 'conj' ? 'is' : 'i',
  group: '$0',
  name: `${label} <- "${pattern}"`,
  description: pattern,
  specificity: 1,
});

describe('merging adjacent classification rules', () => {
  test('only runs of the same label and kind family merge, in order', () => {
    const groups = mergeAdjacent([
      c('word', 'a', '\\bx\\b'),
      c('stem', 'a', '\\by\\w*'),
      c('word', 'b', '\\bz\\b'),
      c('word', 'a', '\\bw\\b'),
      c('conj', 'a', '^(?=.*?\\bp\\b)(?=.*?\\bq\\b).+'),
      c('conj', 'a', '^(?=.*?\\br\\b)(?=.*?\\bs\\b).+'),
    ]);
    expect(groups.map((g) => g.map((x) => x.pattern))).toEqual([
      ['\\bx\\b', '\\by\\w*'],
      ['\\bz\\b'],
      ['\\bw\\b'],
      ['^(?=.*?\\bp\\b)(?=.*?\\bq\\b).+', '^(?=.*?\\br\\b)(?=.*?\\bs\\b).+'],
    ]);
  });

  test('rules with different flags do not merge: `u` beside `i` would change what the others match', () => {
    const unicode = { ...c('word', 'a', '\\bcafé\\b'), flags: 'iu' };
    const groups = mergeAdjacent([c('word', 'a', '\\bx\\b'), unicode, c('word', 'a', '\\by\\b')]);
    expect(groups.map((g) => g.map((x) => x.flags))).toEqual([['i'], ['iu'], ['i']]);
  });

  test('a merged rule fires exactly where one of its members fires', () => {
    const words = mergedCandidate([c('word', 'a', '\\bx\\b'), c('stem', 'a', '\\by\\w*')]);
    const conj = mergedCandidate([c('conj', 'a', '^(?=.*?\\bp\\b)(?=.*?\\bq\\b).+'), c('conj', 'a', '^(?=.*?\\br\\b)(?=.*?\\bs\\b).+')]);
    expect(conj.pattern).toBe('^(?:(?=.*?\\bp\\b)(?=.*?\\bq\\b)|(?=.*?\\br\\b)(?=.*?\\bs\\b)).+');
    const fires = (cand: Candidate, t: string) => new RegExp(cand.pattern, cand.flags).test(t);
    for (const [t, w, k] of [
      ['an x here', true, false],
      ['yes indeed', true, false],
      ['q then p', false, true],
      ['s r', false, true],
      ['p r', false, false],
    ] as const) {
      expect(fires(words, t)).toBe(w);
      expect(fires(conj, t)).toBe(k);
    }
  });
});
