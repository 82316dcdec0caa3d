import { describe, expect, test } from 'vitest';
import { Coverer } from '../../../../src/learn/induce/covering/cover.js';
import { classIds } from '../../../../src/learn/induce/covering/decision-list.js';
import { buildVocabulary, FeatureIndex, Kind, standsAlone, type FeatureConfig } from '../../../../src/learn/induce/covering/features.js';
import { pairSeeds, type PairSeed } from '../../../../src/learn/induce/covering/pair-seeds.js';

const ALL: FeatureConfig = { stems: true, ngrams: true, gaps: true, positions: true, shapes: true, minNgramDf: 1 };
const cover = { z: 1.96, minSupport: 1, minScore: 0, maxRules: 1000, perClass: 1000, refineTop: 8, refineSample: 400, maxLiterals: 3, deadline: Infinity };

// Definition questions share only common words with the rest ("what is"), and are short: no
// word of theirs is the most frequent in their class beside the others' "what is … capital".
const TRAIN: [string, string][] = [
  ['What is a urologist ?', 'def'],
  ['What is an isthmus ?', 'def'],
  ['What is radon ?', 'def'],
  ['What is the capital of France ?', 'capital'],
  ['What is the capital city of Peru ?', 'capital'],
  ['What is the capital of Chile today ?', 'capital'],
  ['What is the capital of Spain ?', 'capital'],
  ['What is the population of China ?', 'population'],
  ['What is the population of Peru now ?', 'population'],
  ['What is the population of Oslo ?', 'population'],
  // Questions of a class with no words in common beyond "what is the": still uncovered when def's turn comes.
  ['What is the tallest building in Europe ?', 'misc'],
  ['What is the best selling car brand ?', 'misc'],
  ['What is the fastest animal on land ?', 'misc'],
  ['What is the oldest university of all ?', 'misc'],
];

function setUp(rows: readonly [string, string][]) {
  const texts = rows.map(([t]) => t);
  const labels = rows.map(([, l]) => l);
  const classes = [...new Set(labels)].sort();
  const index = FeatureIndex.build(texts, buildVocabulary(texts, ALL), ALL);
  const banned = new Set<number>();
  for (let f = 0; f < index.size; f++) if (!standsAlone(index.kinds[f]!)) banned.add(f);
  return { index, ids: classIds(labels, classes), classes, banned };
}

const describeSeed = (s: PairSeed, index: FeatureIndex): string[] => s.literals.map((l) => `${index.kinds[l.feature]}:${index.keys[l.feature]}`);

describe('pair seeds', () => {
  test('a class whose texts share only common words gets the conjunction they share, with their length', () => {
    const { index, ids, classes, banned } = setUp(TRAIN);
    const seeds = pairSeeds(index, ids, classes.length, { z: 1.96, maxLiterals: 3, banned, deadline: Infinity });
    const def = seeds.filter((s) => classes[s.cls] === 'def');
    expect(def.length).toBeGreaterThan(0);
    // The best of them covers the three definitions and nothing else, through a length.
    const pure = def.find((s) => s.docs.length === 3 && [...s.docs].every((d) => classes[ids[d]!] === 'def'));
    expect(pure, JSON.stringify(def.map((s) => describeSeed(s, index)))).toBeDefined();
    expect(describeSeed(pure!, index).some((k) => k.startsWith(`${Kind.Short}:`))).toBe(true);
    // A length never starts one: it may only narrow.
    for (const s of seeds) expect(standsAlone(index.kinds[s.literals[0]!.feature]!)).toBe(true);
  });

  test('the documents of a seed are exactly those satisfying all its literals', () => {
    const { index, ids, classes, banned } = setUp(TRAIN);
    for (const s of pairSeeds(index, ids, classes.length, { z: 1.96, maxLiterals: 3, banned, deadline: Infinity })) {
      const expected = index.docFeatures.flatMap((fs, d) => (s.literals.every((l) => fs.includes(l.feature)) ? [d] : []));
      expect([...s.docs]).toEqual(expected);
    }
  });

  test.each([
    ['a class of one text', [['alpha beta', 'a'], ['gamma delta', 'b'], ['gamma epsilon', 'b']] as [string, string][], ['b']],
    ['no time left', TRAIN, []],
  ])('none are made for %s', (_what, rows, classesWithSeeds) => {
    const { index, ids, classes, banned } = setUp(rows);
    const deadline = rows === TRAIN ? 0 : Infinity;
    const seeds = pairSeeds(index, ids, classes.length, { z: 1.96, maxLiterals: 3, banned, deadline });
    expect([...new Set(seeds.map((s) => classes[s.cls]))]).toEqual(classesWithSeeds);
  });
});

describe('covering with pair seeds', () => {
  test('offers the conjunction a single feature cannot reach, and drops what earlier rules took from its counts', () => {
    const { index, ids, classes, banned } = setUp(TRAIN);
    const seeds = pairSeeds(index, ids, classes.length, { z: 1.96, maxLiterals: 3, banned, deadline: Infinity });
    // One literal per rule from the singles, each bounded by its precision on all of train: only
    // a seed can be a conjunction, and a seed is bounded by its own precision there.
    const opts = { ...cover, minSupport: 2, maxLiterals: 1, global: true, minScore: 0.2, banned };
    const def = (rules: { cls: number; literals: unknown[]; tp: number; n: number }[]) => rules.find((r) => classes[r.cls] === 'def');
    const seeded = new Coverer(index, ids, classes.length, { ...opts, seeds }).run();
    expect(def(seeded.rules)).toMatchObject({ tp: 3, n: 3 });
    expect(def(seeded.rules)!.literals.length).toBeGreaterThan(1);
    const plain = new Coverer(index, ids, classes.length, opts).run();
    // Without seeds def's texts share no single feature that is theirs alone on all of train.
    expect(def(plain.rules)).toBeUndefined();
    // Counts on what is left: no rule claims a text an earlier rule took.
    const taken = seeded.rules.reduce((a, r) => a + r.n, 0);
    expect(taken + seeded.uncovered).toBe(TRAIN.length);
  });

  test('a seed whose start is banned (an earlier pass used it) is not offered', () => {
    const { index, ids, classes, banned } = setUp(TRAIN);
    const seeds = pairSeeds(index, ids, classes.length, { z: 1.96, maxLiterals: 3, banned, deadline: Infinity }).filter((s) => classes[s.cls] === 'def');
    const starts = new Set([...banned, ...seeds.map((s) => s.literals[0]!.feature)]);
    // With every feature that could start a def rule banned, covering gives def nothing.
    const defStarts = new Set<number>();
    index.docFeatures.forEach((fs, d) => classes[ids[d]!] === 'def' && fs.forEach((f) => defStarts.add(f)));
    const none = new Coverer(index, ids, classes.length, { ...cover, minSupport: 2, banned: new Set([...starts, ...defStarts]), seeds }).run();
    expect(none.rules.some((r) => classes[r.cls] === 'def')).toBe(false);
  });
});
