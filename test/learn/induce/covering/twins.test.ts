import { describe, expect, test } from 'vitest';
import { buildVocabulary, FeatureIndex, Kind, type FeatureConfig } from '../../../../src/learn/induce/covering/features.js';
import { learnDecisionList, classIds, withPasses } from '../../../../src/learn/induce/covering/decision-list.js';
import { twinsOf } from '../../../../src/learn/induce/covering/twins.js';
import { resolveOptions } from '../../../../src/learn/induce/options.js';
import { Task } from '../../../../src/core/schemas/task.js';
import { coverOptions } from '../../../../src/learn/induce/covering/plan.js';

const WORDS: FeatureConfig = { stems: true, ngrams: true, gaps: false, positions: false, shapes: false, minNgramDf: 1 };

describe('twin features', () => {
  const texts = ['safari crashes', 'safari is slow', 'chrome crashes', 'charges twice', 'charged again'];
  const index = FeatureIndex.build(texts, buildVocabulary(texts, WORDS), WORDS);
  const id = (kind: number, key: string) => index.keys.findIndex((k, f) => k === key && index.kinds[f] === kind);

  test.each<[string, number, string, [number, string][]]>([
    ['a word and its stem, where no text has another word of the stem', Kind.Word, 'safari', [[Kind.Stem, 'safari']]],
    ['a word, its stem and the one pair it is in', Kind.Word, 'chrome', [[Kind.Stem, 'chrom'], [Kind.Bigram, 'chrome crashes']]],
  ])('%s', (_what, kind, key, want) => {
    const twins = twinsOf(index)(id(kind, key));
    expect(twins.map((g) => [index.kinds[g], index.keys[g]])).toEqual(want);
  });

  test('a stem shared by two words is no twin of either', () => {
    const charg = id(Kind.Stem, 'charg');
    expect(charg).toBeGreaterThanOrEqual(0);
    expect(twinsOf(index)(charg).map((g) => index.keys[g])).not.toContain('charges');
  });

  test('a fallback pass starts no rule with a twin of an earlier rule\'s start', () => {
    const train = [...Array.from({ length: 6 }, (_, i) => [`safari crashes ${i}`, 'bug']), ...Array.from({ length: 6 }, (_, i) => [`refund my charge ${i}`, 'billing'])];
    const [ts, labels] = [train.map((t) => t[0]!), train.map((t) => t[1]!)];
    const classes = ['billing', 'bug'];
    const opts = coverOptions(resolveOptions(Task.parse({ name: 't', type: 'classification', labels: classes })), Infinity);
    const one = learnDecisionList(ts, labels, classes, WORDS, opts, 1);
    const more = withPasses(one, classIds(labels, classes), opts, 3);
    const twins = twinsOf(more.index);
    const firsts = one.rules.map((r) => r.literals[0]!.feature);
    expect(more.rules.length).toBeGreaterThan(one.rules.length);
    for (const r of more.rules.slice(one.rules.length)) for (const f of firsts) expect(twins(f)).not.toContain(r.literals[0]!.feature);
  });
});
