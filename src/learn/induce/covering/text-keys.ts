/**
 * Each text's feature keys, made once and kept as numbers. Cross-validation indexes the same texts
 * again in every fold (and runs the held-out ones at every point of its grid); on long texts
 * making the keys (strings, one per word, pair, stem and n-gram) and collecting them again was
 * most of a fold's cost. A text's keys are kept with every stem its words could have, in the order
 * `featureKeys` makes them, so an index built here is the one `FeatureIndex.build` builds: the
 * same features, ids, postings and document features, each fold keeping the stems of its own
 * vocabulary and the n-grams seen in enough of its own texts.
 */
import { tokenize } from '../text.js';
import { TUNING } from '../tuning.js';
import { everyStemOf, featureKeys, FeatureIndex, isNgram, Kind, kindOfKey, vocabularyOfWords, type FeatureConfig, type Vocabulary } from './features.js';
import { spend } from './work.js';

/** Interned keys (`kind:text`) by number, and their numbers by key. */
const keyOf: string[] = [];
const idOf = new Map<string, number>();
/** Each text's interned keys, with every stem its words could have, in `featureKeys`'s order. */
const ofText = new Map<string, Int32Array>();
/** The features and shortest-text lengths the kept keys were made with, and how many times they were emptied. */
let madeWith = '';
let generation = 0;

/** Whether what is kept has grown past its bounds. */
const full = (): boolean => ofText.size >= TUNING.covering.keptKeys.texts || keyOf.length >= TUNING.covering.keptKeys.keys;

/** Empties what is kept when it was made with other features, or has grown past its bounds. */
function keepKeysOf(cfg: FeatureConfig): void {
  const sig = JSON.stringify([cfg.stems, cfg.ngrams, cfg.gaps, cfg.positions, cfg.shapes, TUNING.covering.shortTexts]);
  if (sig === madeWith && !full()) return;
  keyOf.length = 0;
  idOf.clear();
  ofText.clear();
  madeWith = sig;
  generation++;
}

const intern = (k: string): number => {
  let id = idOf.get(k);
  if (id === undefined) {
    id = keyOf.length;
    idOf.set(k, id);
    keyOf.push(k);
  }
  return id;
};

/** A text's interned keys (see `ofText`); `keepKeysOf` is called first. */
function keysOfText(text: string, cfg: FeatureConfig): Int32Array {
  let ks = ofText.get(text);
  if (!ks) {
    const toks = tokenize(text);
    ks = Int32Array.from(featureKeys(text, everyStemOf(toks), cfg, undefined, toks), intern);
    ofText.set(text, ks);
  }
  return ks;
}

const kindOf = (key: number): number => kindOfKey(keyOf[key]!);

/** Which interned stems a vocabulary holds, each looked up once: 0 not yet, 1 held, 2 not. */
function stemsHeld(vocab: Vocabulary): (key: number) => boolean {
  const held = new Uint8Array(keyOf.length);
  return (key) => {
    if (kindOf(key) !== Kind.Stem) return true;
    if (!held[key]) held[key] = vocab.stems.has(keyOf[key]!.slice(2)) ? 1 : 2;
    return held[key] === 1;
  };
}

/** The indexes built here, with the key numbering they were built under and each interned key's feature id. */
const built = new WeakMap<FeatureIndex, { generation: number; cfg: FeatureConfig; vocab: Vocabulary; idOfKey: Int32Array }>();

/** The vocabulary of texts whose keys are interned: their words' stems (see `buildVocabulary`). */
function vocabularyOfKeys(all: readonly Int32Array[], cfg: FeatureConfig): Vocabulary {
  const seen = new Uint8Array(keyOf.length);
  const words = new Set<string>();
  for (const ks of all)
    for (const k of ks)
      if (!seen[k]) {
        seen[k] = 1;
        if (kindOf(k) === Kind.Word) words.add(keyOf[k]!.slice(2));
      }
  return vocabularyOfWords(words, cfg);
}

/**
 * The vocabulary of `texts` and their feature index, as `buildVocabulary` and `FeatureIndex.build`
 * make them, from keys kept between calls. Indexing stops after the text at which `shouldStop`
 * first says so; the texts after it have no features.
 */
export function indexKeyedTexts(texts: readonly string[], cfg: FeatureConfig, shouldStop: () => boolean): { vocab: Vocabulary; index: FeatureIndex } {
  keepKeysOf(cfg);
  const all = texts.map((t) => keysOfText(t, cfg));
  const vocab = vocabularyOfKeys(all, cfg);
  const held = stemsHeld(vocab);
  const df = new Int32Array(keyOf.length);
  const firstSeen: number[] = [];
  let indexed = texts.length;
  for (let d = 0; d < all.length; d++) {
    // Counted whether the text's keys were made now or kept from an earlier index: the same texts are the same work.
    spend(2 * all[d]!.length);
    for (const k of all[d]!) if (held(k) && df[k]!++ === 0) firstSeen.push(k);
    if (shouldStop()) {
      indexed = d + 1;
      break;
    }
  }
  const idOfKey = new Int32Array(keyOf.length).fill(-1);
  const keys: string[] = [];
  const kinds: number[] = [];
  const counts: number[] = [];
  for (const k of firstSeen) {
    const kind = kindOf(k);
    if (isNgram(kind) && df[k]! < cfg.minNgramDf) continue;
    idOfKey[k] = keys.length;
    keys.push(keyOf[k]!.slice(2));
    kinds.push(kind);
    counts.push(df[k]!);
  }
  const postings = counts.map((n) => new Int32Array(n));
  const fill = new Int32Array(keys.length);
  const docFeatures: Int32Array[] = [];
  for (let d = 0; d < texts.length; d++) {
    if (d >= indexed) {
      docFeatures.push(new Int32Array(0));
      continue;
    }
    const ids: number[] = [];
    for (const k of all[d]!) {
      const id = idOfKey[k]!;
      // A stem the vocabulary lacks, or an n-gram in too few texts, has no id.
      if (id < 0) continue;
      ids.push(id);
      postings[id]![fill[id]!++] = d;
    }
    docFeatures.push(Int32Array.from(ids).sort());
  }
  const index = FeatureIndex.assembled(Uint8Array.from(kinds), keys, postings, docFeatures);
  built.set(index, { generation, cfg, vocab, idOfKey });
  return { vocab, index };
}

/**
 * The indexed features of a text the index did not index (a held-out fold's, dev's), as ids, in
 * the order `FeatureIndex.featuresOf` gives them: from its kept keys where the index was built
 * here under the same numbering, else as `featuresOf` makes them.
 */
export function featuresOfText(index: FeatureIndex, text: string, vocab: Vocabulary, cfg: FeatureConfig): Int32Array {
  const b = built.get(index);
  // Built under another numbering, or asked for other features: the string path. Made with these
  // features, the kept keys need only their bounds checked here, which is read for every held-out text.
  if (!b || b.generation !== generation || b.vocab !== vocab || b.cfg !== cfg) return index.featuresOf(text, vocab, cfg);
  if (full()) {
    keepKeysOf(cfg);
    return index.featuresOf(text, vocab, cfg);
  }
  const ks = keysOfText(text, cfg);
  spend(ks.length);
  const ids: number[] = [];
  for (const k of ks) {
    // A key first met after the index was built is not one of its features.
    const id = k < b.idOfKey.length ? b.idOfKey[k]! : -1;
    if (id >= 0) ids.push(id);
  }
  return Int32Array.from(ids);
}
