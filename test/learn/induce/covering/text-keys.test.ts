import { afterEach, describe, expect, test } from 'vitest';
import { buildVocabulary, FeatureIndex, type FeatureConfig } from '../../../../src/learn/induce/covering/features.js';
import { featuresOfText, indexKeyedTexts } from '../../../../src/learn/induce/covering/text-keys.js';
import { TUNING } from '../../../../src/learn/induce/tuning.js';
import { intents } from '../fixtures.js';

const ALL: FeatureConfig = { stems: true, ngrams: true, gaps: true, positions: true, shapes: true, minNgramDf: 2 };

/** Short intents, and long texts with names, numbers, capitals, accents and apostrophes, some sharing runs of words. */
function texts(): string[] {
  const short = intents(3, 12, 'train').map((e) => e.text ?? '');
  const para = (i: number) =>
    `On ${i + 1} March 1998 the applicant's solicitor wrote to the Secretary of State. The Court of Cassation (Yargıtay) dismissed the appeal; ` +
    `ECHR case no. ${40000 + i} was lodged. Withdrawals and withdrawing of GBP ${i * 7} were refused ${i % 2 ? 'twice' : 'again'} by the district court.`;
  return [...short, ...Array.from({ length: 10 }, (_, i) => para(i)), '', ' ?! '];
}

/** What a test compares of two indexes: every feature with its kind and documents, and every document's features. */
const shape = (ix: FeatureIndex) => ({ keys: ix.keys, kinds: [...ix.kinds], postings: ix.postings.map((p) => [...p]), docs: ix.docFeatures.map((d) => [...d]) });

const saved = { ...TUNING.covering.keptKeys };
afterEach(() => Object.assign(TUNING.covering.keptKeys, saved));

describe('kept feature keys', () => {
  test.each([
    ['every feature', ALL],
    ['n-grams seen once', { ...ALL, minNgramDf: 1 }],
    ['no stems', { ...ALL, stems: false }],
    ['words only', { ...ALL, ngrams: false, gaps: false, positions: false, shapes: false }],
  ])('an index of kept keys is the one FeatureIndex.build makes (%s), fold after fold', (_, cfg) => {
    const all = texts();
    // Folds index subsets of the same texts, each with its own stems and n-gram counts.
    for (const keep of [(i: number) => i % 3 !== 0, (i: number) => i % 3 !== 1, () => true]) {
      const part = all.filter((_, i) => keep(i));
      const vocab = buildVocabulary(part, cfg);
      const made = FeatureIndex.build(part, vocab, cfg);
      const kept = indexKeyedTexts(part, cfg, () => false);
      expect([...kept.vocab.stems].sort()).toEqual([...vocab.stems].sort());
      expect(shape(kept.index)).toEqual(shape(made));
      const unseen = [...all.filter((_, i) => !keep(i)), 'a withdrawal pending at the Court of Cassation'];
      for (const t of unseen) expect([...featuresOfText(kept.index, t, kept.vocab, cfg)]).toEqual([...made.featuresOf(t, vocab, cfg)]);
    }
  });

  test('indexing stops after the text at which the clock says so, as FeatureIndex.build does', () => {
    const all = texts();
    const stopAfter = (n: number) => {
      let calls = 0;
      return () => ++calls >= n;
    };
    const made = FeatureIndex.build(all, buildVocabulary(all, ALL), ALL, { shouldStop: stopAfter(5) });
    const kept = indexKeyedTexts(all, ALL, stopAfter(5));
    expect(shape(kept.index)).toEqual(shape(made));
    expect(kept.index.docFeatures.slice(5).every((d) => d.length === 0)).toBe(true);
  });

  test('an index built before the kept keys were emptied still finds the features of new text', () => {
    const all = texts();
    const first = indexKeyedTexts(all.slice(0, 20), ALL, () => false);
    const made = FeatureIndex.build(all.slice(0, 20), buildVocabulary(all.slice(0, 20), ALL), ALL);
    // Past its bounds the store is emptied and keys are numbered again.
    (TUNING.covering.keptKeys as { texts: number }).texts = 1;
    indexKeyedTexts(all.slice(20), ALL, () => false);
    indexKeyedTexts(all.slice(30), ALL, () => false);
    for (const t of all.slice(20)) expect([...featuresOfText(first.index, t, first.vocab, ALL)]).toEqual([...made.featuresOf(t, first.vocab, ALL)]);
    expect(first.index.byKey.size).toBe(first.index.size);
  });
});
