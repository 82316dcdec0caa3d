import { describe, expect, test } from 'vitest';
import { wilsonLower } from '../../../../src/core/metrics/wilson.js';
import { classIds } from '../../../../src/learn/induce/covering/decision-list.js';
import { buildVocabulary, FeatureIndex, type FeatureConfig } from '../../../../src/learn/induce/covering/features.js';
import { globalOrder } from '../../../../src/learn/induce/covering/global-order.js';
import { renderRule } from '../../../../src/learn/induce/covering/render.js';
import { satisfies } from '../../../../src/learn/induce/covering/cover.js';
import { mulberry32 } from '../../../../src/core/random.js';

const WORDS: FeatureConfig = { stems: false, ngrams: false, gaps: false, positions: false, shapes: false, minNgramDf: 1 };
const TRAIN: [string, string][] = [
  ['pending cash', 'pc'],
  ['pending cash', 'pc'],
  ['pending transfer', 'pt'],
  ['pending transfer', 'pt'],
  ['cash limit', 'cl'],
  ['transfer', 'pt'],
];
const classes = ['cl', 'pc', 'pt'];

const OPTS = { z: 1, pairFeatures: 24, minScore: 0, deadline: Infinity, maxRules: 100, perClass: 100 };

function listAt(depth: number, caps: Partial<typeof OPTS> = {}) {
  const texts = TRAIN.map(([t]) => t);
  const index = FeatureIndex.build(texts, buildVocabulary(texts, WORDS), WORDS);
  const { rules, capped } = globalOrder(index, classIds(TRAIN.map(([, l]) => l), classes), classes.length, [], { ...OPTS, depth, ...caps });
  const shown = rules.map((r) => `${r.literals.map((l) => index.keys[l.feature]).join('&')}=${classes[r.cls]} ${r.tp}/${r.n}`);
  return { rules, shown, index, capped };
}

describe('the globally ordered list', () => {
  test('scores every rule on all of train and sorts by that score; a pair stays only where it beats both its words', () => {
    const { rules, shown } = listAt(2);
    // transfer 3/3, pending&cash 2/2, limit 1/1, cash 2/3, pending 2/4 (a tie of 2 and 2 goes to the first label).
    expect(shown).toEqual(['transfer=pt 3/3', 'pending&cash=pc 2/2', 'limit=cl 1/1', 'cash=pc 2/3', 'pending=pc 2/4']);
    // pending&transfer (2/2) is below transfer (3/3), which fires wherever it does: never a rule.
    expect(shown.some((s) => s.startsWith('pending&transfer'))).toBe(false);
    rules.forEach((r) => expect(r.score).toBeCloseTo(wilsonLower(r.tp / r.n, r.n, 1), 12));
    expect(rules.every((r) => r.scope === 'all' && r.pass === 0)).toBe(true);
  });

  test.each([
    [1, ['transfer', 'pending&cash', 'limit']],
    [2, ['transfer', 'pending&cash', 'limit', 'cash', 'pending']],
  ])('at depth %i it keeps the rules among the first that many to fire on some train text', (depth, kept) => {
    expect(listAt(depth).shown.map((s) => s.split('=')[0])).toEqual(kept);
  });

  test.each([
    [{ maxRules: 2 }, ['transfer', 'pending&cash']],
    [{ perClass: 1 }, ['transfer', 'pending&cash', 'limit']],
  ])('caps %j keep the best-scored rules in list order and say they bound', (caps, kept) => {
    const { shown, capped } = listAt(2, caps);
    expect(shown.map((s) => s.split('=')[0])).toEqual(kept);
    expect(capped).toBe(true);
    expect(listAt(2).capped).toBe(false);
  });

  test.each([1, 2, 3, 5])('where many rules fire on each text, depth %i keeps exactly those among the first that many to fire on some text', (depth) => {
    const r = mulberry32(11);
    const vocab = Array.from({ length: 14 }, (_, i) => `w${i}`);
    const texts = Array.from({ length: 40 }, () => Array.from({ length: 10 }, () => vocab[Math.floor(r() * vocab.length)]).join(' '));
    const ids = classIds(texts.map((_, i) => classes[i % 3]!), classes);
    const index = FeatureIndex.build(texts, buildVocabulary(texts, WORDS), WORDS);
    const run = (d: number) => globalOrder(index, ids, classes.length, [], { ...OPTS, depth: d }).rules;
    // Deep enough, every rule that fires on a train text stays: the whole list, in order.
    const all = run(1000);
    const firstFiring = index.docFeatures.map((fs) => all.filter((rule) => satisfies(fs, rule.literals)).slice(0, depth));
    const expected = all.filter((rule) => firstFiring.some((f) => f.includes(rule)));
    expect(Math.max(...index.docFeatures.map((fs) => all.filter((rule) => satisfies(fs, rule.literals)).length))).toBeGreaterThan(20);
    expect(run(depth).map((x) => x.literals)).toEqual(expected.map((x) => x.literals));
  });

  test('a rule counted on all of train says so in its description', () => {
    const { rules, index } = listAt(1);
    const pair = rules[1]!;
    const c = renderRule({ literals: pair.literals, label: 'pc', kindOf: (f) => index.kinds[f]!, keyOf: (f) => index.keys[f]!, tp: pair.tp, n: pair.n, scope: 'all' });
    expect(c.description).toContain('in 2 of 2 train texts it fired on it is pc');
    expect(renderRule({ literals: pair.literals, label: 'pc', kindOf: (f) => index.kinds[f]!, keyOf: (f) => index.keys[f]!, tp: 2, n: 2 }).description).toContain('not yet covered by earlier rules');
  });

  test('forms no pairs once its deadline has passed, and keeps the single words', () => {
    const texts = TRAIN.map(([t]) => t);
    const index = FeatureIndex.build(texts, buildVocabulary(texts, WORDS), WORDS);
    const { rules } = globalOrder(index, classIds(TRAIN.map(([, l]) => l), classes), classes.length, [], { ...OPTS, depth: 2, deadline: 0 });
    expect(rules.every((r) => r.literals.length === 1)).toBe(true);
    expect(rules.length).toBeGreaterThan(0);
  });
});
