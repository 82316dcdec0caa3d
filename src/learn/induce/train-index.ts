import type { Example } from '../../core/schemas/example.js';
import { buildVocabulary, everyStemOf, FeatureIndex, featureKeys, keyFilterOf, Kind, kindOfKey, type FeatureConfig, type Vocabulary } from './covering/features.js';
import { labelOf } from './learners.js';
import { tokenize, uniqSorted } from './text.js';

/**
 * One inverted index of the train texts and their labels, in the covering learner's features:
 * every feature's documents, every document's features (sorted, so a condition is checked by
 * merging), and each document's class. Corrections' rules and suggestions are built on it; a text
 * that was not indexed (dev, the example a person is looking at) is read with `featuresOf`.
 */
export interface TrainIndex {
  index: FeatureIndex;
  vocab: Vocabulary;
  /** Labels with train texts, sorted. */
  classes: string[];
  /** Each document's class number, -1 when it has no label. */
  cls: Int32Array;
  texts: string[];
}

/** Bump when the features or the tokenizer change: a train index kept in a workspace under another version is built again. */
export const TRAIN_INDEX_VERSION = 3;

/**
 * The features a condition on one text is built from: every n-gram the text shares with train,
 * however rare (a rule for one text may rest on a phrase seen once), no gaps.
 */
const TEXT_FEATURES: FeatureConfig = { stems: true, ngrams: true, gaps: false, positions: true, shapes: true, minNgramDf: 1 };

/**
 * Indexes `train` with the covering learner's features; with `only`, just the features that text
 * has (what suggestions for it read), which skips most of the index's cost on a large train.
 */
export function buildTrainIndex(train: readonly Example[], only?: string): TrainIndex {
  const { texts, classes, cls } = labelled(train);
  const tokens = texts.map(tokenize);
  const vocab = buildVocabulary(texts, TEXT_FEATURES, tokens);
  const index = FeatureIndex.build(texts, vocab, TEXT_FEATURES, { tokens, ...(only === undefined ? {} : { only: keyFilterOf(only, vocab, TEXT_FEATURES) }) });
  return { index, vocab, classes, cls, texts };
}

/** An index of `train` from features kept elsewhere (`FeatureIndex.fromPostings`); its vocabulary is the stems among them. */
export function trainIndexFromPostings(train: readonly Example[], features: readonly { key: string; docs: Int32Array }[]): TrainIndex {
  const index = FeatureIndex.fromPostings(features, train.length);
  const vocab: Vocabulary = { stems: new Set(features.filter((f) => kindOfKey(f.key) === Kind.Stem).map((f) => f.key.slice(2))) };
  return { index, vocab, ...labelled(train) };
}

/** The texts of train, its labels (sorted) and each document's label number (-1: none). */
function labelled(train: readonly Example[]): Pick<TrainIndex, 'texts' | 'classes' | 'cls'> {
  const labels = train.map(labelOf);
  const classes = uniqSorted(labels.filter((l): l is string => l !== null));
  return { texts: train.map((e) => e.text ?? ''), classes, cls: Int32Array.from(labels.map((l) => (l === null ? -1 : classes.indexOf(l)))) };
}

/**
 * Every key a text of train could have in a train index (`kind:text`): its features, with every
 * prefix of four letters or more of its words as a possible stem. Those an index kept are the
 * text's features in it.
 */
export function possibleKeys(text: string): string[] {
  return featureKeys(text, everyStemOf(tokenize(text)), TEXT_FEATURES);
}

/** Train document `d`'s label, null when it has none. */
export function goldOf(ti: TrainIndex, d: number): string | null {
  return ti.cls[d]! >= 0 ? ti.classes[ti.cls[d]!]! : null;
}

/** A text's indexed features (sorted); features the train texts never had are left out. */
export function featuresOfText(ti: TrainIndex, text: string): Int32Array {
  return ti.index.featuresOf(text, ti.vocab, TEXT_FEATURES).sort();
}
