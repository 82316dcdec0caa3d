import { describe, expect, test } from 'vitest';
import { crossingTexts, mergeByLabel, mergedCandidate } from '../../../src/learn/induce/merge.js';
import type { Candidate } from '../../../src/learn/induce/types.js';
import { mulberry32 } from '../../../src/core/random.js';

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
  test('runs of one label merge in order, words, phrases and conjunctions alike; other kinds stay apart', () => {
    const groups = mergeByLabel([
      c('word', 'a', '\\bx\\b'),
      c('stem', 'a', '\\by\\w*'),
      c('word', 'b', '\\bz\\b'),
      c('word', 'a', '\\bw\\b'),
      c('conj', 'a', '^(?=.*?\\bp\\b)(?=.*?\\bq\\b).+'),
      c('conj', 'a', '^(?=.*?\\br\\b)(?=.*?\\bs\\b).+'),
      c('shape', 'a', '\\d{4}'),
    ]);
    expect(groups.map((g) => g.map((x) => x.pattern))).toEqual([
      ['\\bx\\b', '\\by\\w*'],
      ['\\bz\\b'],
      ['\\bw\\b', '^(?=.*?\\bp\\b)(?=.*?\\bq\\b).+', '^(?=.*?\\br\\b)(?=.*?\\bs\\b).+'],
      ['\\d{4}'],
    ]);
  });

  test.each([
    ['a word has no `.`: it joins a conjunction, whose `s` it does not feel', '\\bw\\b', 2],
    ['a pattern with `.` would match more under `s`: it stays apart', '\\bw.\\b', 1],
  ])('%s', (_t, pattern, first) => {
    const groups = mergeByLabel([c('conj', 'a', '^(?=.*?\\bp\\b)(?=.*?\\bq\\b).+'), c('word', 'a', pattern)]);
    expect(groups[0]).toHaveLength(first);
  });

  test('rules with different flags do not merge: `u` beside `i` would change what the others match', () => {
    const unicode = { ...c('word', 'a', '\\bcafé\\b'), flags: 'iu' };
    const groups = mergeByLabel([c('word', 'a', '\\bx\\b'), unicode, c('word', 'a', '\\by\\b')]);
    expect(groups.map((g) => g.map((x) => x.flags))).toEqual([['i'], ['iu'], ['i']]);
  });

  test('a merged rule fires exactly where one of its members fires', () => {
    const words = mergedCandidate([c('word', 'a', '\\bx\\b'), c('stem', 'a', '\\by\\w*')]);
    const conj = mergedCandidate([c('conj', 'a', '^(?=.*?\\bp\\b)(?=.*?\\bq\\b).+'), c('conj', 'a', '^(?=.*?\\br\\b)(?=.*?\\bs\\b).+')]);
    expect(conj.pattern).toBe('^(?:(?=.*?\\bp\\b)(?=.*?\\bq\\b)|(?=.*?\\br\\b)(?=.*?\\bs\\b)).+');
    const both = mergedCandidate([c('word', 'a', '\\bx\\b'), c('conj', 'a', '^(?=.*?\\bp\\b)(?=.*?\\bq\\b).+'), c('stem', 'a', '\\by\\w*')]);
    expect([both.pattern, both.flags]).toEqual(['(?:^(?:(?=.*?\\bp\\b)(?=.*?\\bq\\b)).+|\\bx\\b|\\by\\w*)', 'is']);
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
      expect(fires(both, t)).toBe(w || t === 'q then p');
    }
  });
});

describe('merging rules of one label across rules of others', () => {
  const fires = (cand: Candidate, t: string) => new RegExp(cand.pattern, cand.flags).test(t);
  const firstLabel = (list: readonly Candidate[], t: string) => list.find((x) => fires(x, t))?.label ?? null;
  const on = (list: readonly Candidate[], texts: readonly string[]) => (i: number) => texts.flatMap((t, d) => (fires(list[i]!, t) ? [d] : []));

  // `w` fires on just enough texts to cross rules of other labels.
  const ws = (n = crossingTexts()) => Array.from({ length: n }, (_, i) => `w ${i}`);
  const xzw = [c('word', 'a', '\\bx\\b'), c('word', 'b', '\\bz\\b'), c('word', 'a', '\\bw\\b')];

  test('a rule joins an earlier group of its label across a rule of another label that fires on none of its texts', () => {
    const texts = ['x', 'z', ...ws()];
    expect(mergeByLabel(xzw, on(xzw, texts)).map((g) => g.map((x) => x.pattern))).toEqual([['\\bx\\b', '\\bw\\b'], ['\\bz\\b']]);
  });

  test.each([
    { what: 'a rule of another label fires on one of its texts', texts: ['x', 'z w', ...ws()] },
    { what: 'it fires on too few texts for their never meeting to be evidence', texts: ['x', 'z', ...ws(crossingTexts() - 1)] },
  ])('it stays where it is when $what', ({ texts }) => {
    expect(mergeByLabel(xzw, on(xzw, texts))).toHaveLength(3);
  });

  test('it passes rules of its own label that it cannot merge with', () => {
    const list = [c('word', 'a', '\\bx\\b'), { ...c('word', 'a', '\\bcafé\\b'), flags: 'iu' }, c('word', 'a', '\\bw\\b')];
    const texts = ['café w', 'x', ...ws()];
    expect(mergeByLabel(list, on(list, texts)).map((g) => g.length)).toEqual([2, 1]);
  });

  test('on random lists and texts, every text gets the label it got before, from fewer rules', () => {
    let [merged, adjacent] = [0, 0];
    for (let seed = 1; seed <= 20; seed++) {
      const r = mulberry32(seed);
      const words = Array.from({ length: 10 }, (_, i) => `w${i}`);
      const list = Array.from({ length: 14 }, (_, i) => c('word', 'abc'[Math.floor(r() * 3)]!, `\\b${words[i % 10]}\\b`));
      const texts = Array.from({ length: 30 }, () => Array.from({ length: 3 }, () => words[Math.floor(r() * 10)]).join(' '));
      const rules = mergeByLabel(list, on(list, texts)).map((g) => mergedCandidate(g));
      for (const t of texts) expect(firstLabel(rules, t)).toBe(firstLabel(list, t));
      merged += rules.length;
      adjacent += mergeByLabel(list).length;
    }
    expect(merged).toBeLessThan(adjacent);
  });
});

describe('merging is indexed, and groups as the plain scan does', () => {
  /** The plain scan: back from the last group, the first that takes the rule, stopping at one of another label that fires on one of its texts. */
  function scan(list: readonly Candidate[], firesOn: (i: number) => readonly number[]): string[][] {
    const bare = (x: Candidate) => x.flags.replace('s', '');
    const agree = (rs: readonly Candidate[]) =>
      rs.every((r) => bare(r) === bare(rs[0]!)) &&
      (rs.every((r) => !r.flags.includes('s')) || rs.every((r) => r.flags.includes('s')) || rs.every((r) => r.flags.includes('s') || !r.pattern.replace(/\\[\s\S]/g, '').includes('.')));
    const unit = (k: string) => ['word', 'stem', 'phrase', 'conj'].includes(k);
    const takes = (g: Candidate[], x: Candidate) =>
      g[0]!.label === x.label && g[0]!.format === 'regex' && x.format === 'regex' && g[0]!.group === '$0' && x.group === '$0' && unit(g[0]!.kind) && unit(x.kind) && g.length < 12 && agree([...g, x]);
    const groups: { members: Candidate[]; docs: Set<number> }[] = [];
    list.forEach((x, i) => {
      const docs = firesOn(i);
      let into: (typeof groups)[number] | undefined;
      for (let k = groups.length - 1; k >= 0; k--) {
        const g = groups[k]!;
        if (takes(g.members, x)) {
          into = g;
          break;
        }
        if (docs.length < crossingTexts() || (g.members[0]!.label !== x.label && docs.some((d) => g.docs.has(d)))) break;
      }
      if (!into) groups.push((into = { members: [], docs: new Set() }));
      into.members.push(x);
      for (const d of docs) into.docs.add(d);
    });
    return groups.map((g) => g.members.map((x) => x.name));
  }

  test.each([1, 2, 3, 4, 5, 6, 7, 8])('random lists of mixed kinds, flags and labels (seed %i)', (seed) => {
    const r = mulberry32(seed);
    for (let run = 0; run < 100; run++) {
      const list = Array.from({ length: 5 + Math.floor(r() * 60) }, (_, i): Candidate => ({
        ...c(['word', 'stem', 'conj', 'shape'][Math.floor(r() * 4)]!, 'abcd'[Math.floor(r() * 4)]!, r() < 0.3 ? `a.${i}` : `\\bw${i}\\b`),
        flags: ['i', 'is', 'iu'][Math.floor(r() * 3)]!,
        name: `r${i}`,
      }));
      const fires = list.map(() => [...new Set(Array.from({ length: Math.floor(r() * 12) }, () => Math.floor(r() * 30)))]);
      expect(mergeByLabel(list, (i) => fires[i]!).map((g) => g.map((x) => x.name))).toEqual(scan(list, (i) => fires[i]!));
    }
  });
});
