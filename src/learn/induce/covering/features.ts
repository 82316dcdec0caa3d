import { commonPrefix, stem, tokenize, type Token } from '../text.js';
import { TUNING } from '../tuning.js';

/**
 * Feature kinds of the classification index. Each one has a regex rendering (see render.ts) that
 * fires on a text exactly when (for ASCII text, up to the tokenizer's edge cases) the index says the
 * text has the feature; the engine verifies every rule that is kept, so a rare mismatch costs an
 * estimate, never a wrong figure.
 */
export const Kind = {
  /** A word. */
  Word: 0,
  /** A stem: any word starting with it (`withdraw\w*`). */
  Stem: 1,
  /** Two adjacent words. */
  Bigram: 2,
  /** Three adjacent words. */
  Trigram: 3,
  /** Two words with one word between them. */
  Gap: 4,
  /** The text's first word. */
  First: 5,
  /** The text's first two words (question word and head word: "how many", "what city"). */
  First2: 6,
  /** The text has at most this many words (`TUNING.covering.shortTexts`). */
  Short: 7,
  /** A word of a given shape (`SHAPES`): in capitals, or a number. */
  Shape: 8,
} as const;

/**
 * Word shapes as features. Case and digits are lost when words are lower-cased, yet they tell
 * kinds of text apart where no one word does: an acronym ("What is NASA ?" asks for an expansion,
 * "What is autism ?" for a definition), a number (an amount, a year, a count), a number of five
 * digits or more (a phone number, a short code, an account: spam's "call 08712404000" and "text
 * WIN to 83355", each number seen once, share this). A `cased` shape needs a case-sensitive rule
 * (render.ts). A capitalised word inside a sentence (a name) was left out: it marks most questions
 * about anything, and rules on it fitted train and not new text.
 */
export const SHAPES = {
  caps: { test: (raw: string) => /^[A-Z]{2,}$/.test(raw), src: '\\b[A-Z]{2,}\\b', display: 'a word in capitals', cased: true },
  num: { test: (raw: string) => /^[0-9]+$/.test(raw), src: '\\b[0-9]+\\b', display: 'a number', cased: false },
  long: { test: (raw: string) => /^[0-9]{5,}$/.test(raw), src: '\\b[0-9]{5,}\\b', display: 'a number of 5 digits or more', cased: false },
} as const;
export type ShapeName = keyof typeof SHAPES;
const SHAPE_NAMES = Object.keys(SHAPES) as ShapeName[];

/**
 * Whether a feature of this kind may be a rule on its own, or start one. A text's length may not:
 * alone it says nothing of a label, so it only narrows or excepts another condition ("what" & at
 * most 4 words); in covering each length would also start another fallback pass.
 */
export const standsAlone = (kind: number): boolean => kind !== Kind.Short;

/** Which kinds are mined, and the fewest train documents an n-gram needs to be indexed. */
export interface FeatureConfig {
  stems: boolean;
  ngrams: boolean;
  gaps: boolean;
  positions: boolean;
  /** Word shapes (`SHAPES`). */
  shapes: boolean;
  /** N-grams (bigrams and longer, gaps) seen in fewer train documents are not indexed. */
  minNgramDf: number;
}

/** The vocabulary-derived part of feature extraction: which stems exist. */
export interface Vocabulary {
  stems: ReadonlySet<string>;
}

const ALPHA4 = /^[a-z]{4,}$/;
const ALPHA = /^[a-z]+$/;

/** A vocabulary holding every stem these words could have in any train (each prefix of four letters or more). */
export function everyStemOf(toks: readonly Token[]): Vocabulary {
  const stems = new Set<string>();
  for (const t of toks) if (ALPHA4.test(t.norm)) for (let k = 4; k <= t.norm.length; k++) stems.add(t.norm.slice(0, k));
  return { stems };
}

/** Stems of the train vocabulary (from the texts' tokens, when they are at hand): light suffix stripping, and prefixes shared by neighbouring words. */
export function buildVocabulary(texts: readonly string[], cfg: FeatureConfig, tokens: readonly (readonly Token[])[] = texts.map(tokenize)): Vocabulary {
  if (!cfg.stems) return { stems: new Set() };
  const vocab = new Set<string>();
  for (const toks of tokens) for (const tok of toks) vocab.add(tok.norm);
  return vocabularyOfWords(vocab, cfg);
}

/** The vocabulary of a set of distinct lower-cased words (see `buildVocabulary`). */
export function vocabularyOfWords(vocab: ReadonlySet<string>, cfg: FeatureConfig): Vocabulary {
  if (!cfg.stems) return { stems: new Set() };
  const stems = new Set<string>();
  for (const w of vocab) if (ALPHA4.test(w)) stems.add(stem(w));
  const sorted = [...vocab].filter((w) => ALPHA.test(w)).sort();
  for (let i = 0; i + 1 < sorted.length; i++) {
    const p = commonPrefix(sorted[i]!, sorted[i + 1]!);
    if (p.length >= TUNING.covering.minStemPrefix && p.length >= 0.7 * Math.min(sorted[i]!.length, sorted[i + 1]!.length)) stems.add(p);
  }
  return { stems };
}

const spaced = (text: string, a: Token, b: Token): boolean => {
  for (let i = a.end; i < b.start; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return false;
  }
  return b.start > a.end;
};

/** Whether only non-word characters come before the first token (so `^\W*` reaches it). */
const startsAt = (text: string, t: Token): boolean => /^[^\p{L}\p{N}_]*$/u.test(text.slice(0, t.start)) && /^[\x20-\x7e]*$/.test(text.slice(0, t.start));

/**
 * The feature keys of one text, and what they are built from: the index of a large train split
 * for a single text's features (a suggestion) builds only those, skipping every n-gram that does
 * not start with one of its words and every stem it lacks.
 */
export interface KeyFilter {
  keys: ReadonlySet<string>;
  words: ReadonlySet<string>;
  stems: ReadonlySet<string>;
  /** Each of the text's words and the words that follow it there: an n-gram elsewhere is built only when it could be one of the text's. */
  follows: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The filter that keeps the features of `text`. */
export function keyFilterOf(text: string, vocab: Vocabulary, cfg: FeatureConfig): KeyFilter {
  const keys = featureKeys(text, vocab, cfg);
  const of = (kind: number) => keys.filter((k) => kindOfKey(k) === kind).map((k) => k.slice(2));
  const follows = new Map<string, Set<string>>();
  for (const bigram of of(Kind.Bigram)) {
    const [a, b] = bigram.split(' ') as [string, string];
    follows.set(a, (follows.get(a) ?? new Set()).add(b));
  }
  return { keys: new Set(keys), words: new Set(of(Kind.Word)), stems: new Set(of(Kind.Stem)), follows };
}

/** Feature keys (`kind:key`) of one text (its tokens given when they are at hand), each once; with `only`, just those it keeps. */
export function featureKeys(text: string, vocab: Vocabulary, cfg: FeatureConfig, only?: KeyFilter, toks: readonly Token[] = tokenize(text)): string[] {
  const out = new Set<string>();
  const stems = only ? only.stems : vocab.stems;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const own = !only || only.words.has(t.norm);
    if (own) out.add(`${Kind.Word}:${t.norm}`);
    if (cfg.stems && stems.size && ALPHA4.test(t.norm)) {
      // A stem is a prefix of four letters or more: the filter's few are tried, not every prefix of the word.
      if (only) {
        const matched = [...only.stems].filter((s) => t.norm.startsWith(s)).sort((a, b) => a.length - b.length);
        for (const s of matched) out.add(`${Kind.Stem}:${s}`);
      } else {
        for (let k = 4; k < t.norm.length; k++) if (stems.has(t.norm.slice(0, k))) out.add(`${Kind.Stem}:${t.norm.slice(0, k)}`);
        if (stems.has(t.norm)) out.add(`${Kind.Stem}:${t.norm}`);
      }
    }
    if (!cfg.ngrams || !own) continue;
    const n1 = toks[i + 1];
    // Without gaps every n-gram of the text starts with one of its bigrams (a trigram's first two words are one).
    if (n1 && (!only || cfg.gaps || only.follows.get(t.norm)?.has(n1.norm)) && spaced(text, t, n1)) {
      out.add(`${Kind.Bigram}:${t.norm} ${n1.norm}`);
      const n2 = toks[i + 2];
      if (n2 && spaced(text, n1, n2)) {
        out.add(`${Kind.Trigram}:${t.norm} ${n1.norm} ${n2.norm}`);
        if (cfg.gaps) out.add(`${Kind.Gap}:${t.norm} ${n2.norm}`);
      }
    }
  }
  if (cfg.positions && toks.length && startsAt(text, toks[0]!)) {
    out.add(`${Kind.First}:${toks[0]!.norm}`);
    if (toks[1] && spaced(text, toks[0]!, toks[1])) out.add(`${Kind.First2}:${toks[0]!.norm} ${toks[1].norm}`);
  }
  if (cfg.positions && toks.length) for (const k of TUNING.covering.shortTexts) if (toks.length <= k) out.add(`${Kind.Short}:${k}`);
  if (cfg.shapes) shapeKeys(text, toks, out);
  return only ? [...out].filter((k) => only.keys.has(k)) : [...out];
}

/** Adds the shapes of the text's words (as written, not lower-cased). */
function shapeKeys(text: string, toks: readonly Token[], out: Set<string>): void {
  for (const t of toks) {
    const raw = text.slice(t.start, t.end);
    for (const name of SHAPE_NAMES) if (SHAPES[name].test(raw)) out.add(`${Kind.Shape}:${name}`);
  }
}

/** How `FeatureIndex.build` runs: when to stop, which keys to keep, the texts' tokens if already made. */
export interface IndexBuildOptions {
  shouldStop?: () => boolean;
  only?: KeyFilter;
  tokens?: readonly (readonly Token[])[];
}

/** The kind of a feature key (`kind:text`, the kind a single digit). */
export const kindOfKey = (key: string): number => key.charCodeAt(0) - 48;

export const isNgram = (kind: number): boolean => kind === Kind.Bigram || kind === Kind.Trigram || kind === Kind.Gap;

/**
 * An inverted index of train documents: every feature's posting list (document numbers,
 * ascending) and every document's features (ids, ascending, so membership is a binary search and
 * two documents' shared features a merge). Candidate statistics come from these lists; no regex
 * runs until a rule is kept.
 */
export class FeatureIndex {
  readonly kinds: Uint8Array;
  readonly keys: string[];
  readonly postings: Int32Array[];
  readonly docFeatures: Int32Array[];
  private keyed: Map<string, number> | null;

  private constructor(kinds: Uint8Array, keys: string[], postings: Int32Array[], docFeatures: Int32Array[], byKey: Map<string, number> | null) {
    this.kinds = kinds;
    this.keys = keys;
    this.postings = postings;
    this.docFeatures = docFeatures;
    this.keyed = byKey;
  }

  /** Each feature's id by its `kind:text` key (made when first asked for: an index built from interned keys needs it only for text it has not seen). */
  get byKey(): ReadonlyMap<string, number> {
    return (this.keyed ??= new Map(this.keys.map((k, id) => [`${this.kinds[id]!}:${k}`, id])));
  }

  /** An index from its parts, built elsewhere (text-keys.ts); `byKey` is made when first asked for. */
  static assembled(kinds: Uint8Array, keys: string[], postings: Int32Array[], docFeatures: Int32Array[]): FeatureIndex {
    return new FeatureIndex(kinds, keys, postings, docFeatures, null);
  }

  get size(): number {
    return this.keys.length;
  }

  /**
   * Indexes `texts` (their `tokens` given when the vocabulary was built from them); n-grams in
   * fewer than `cfg.minNgramDf` documents are left out, and so is any key `only` refuses (an index
   * of one text's features costs a fraction of the whole). Stops early when `shouldStop` says so.
   */
  static build(texts: readonly string[], vocab: Vocabulary, cfg: FeatureConfig, opts: IndexBuildOptions = {}): FeatureIndex {
    const { shouldStop = () => false, only, tokens } = opts;
    const df = new Map<string, number>();
    const perDoc: string[][] = [];
    for (let d = 0; d < texts.length; d++) {
      const ks = featureKeys(texts[d]!, vocab, cfg, only, tokens?.[d]);
      perDoc.push(ks);
      for (const k of ks) df.set(k, (df.get(k) ?? 0) + 1);
      if (shouldStop()) break;
    }
    const byKey = new Map<string, number>();
    const keys: string[] = [];
    const kinds: number[] = [];
    const counts: number[] = [];
    for (const [k, n] of df) {
      const kind = kindOfKey(k);
      if (isNgram(kind) && n < cfg.minNgramDf) continue;
      byKey.set(k, keys.length);
      keys.push(k.slice(2));
      kinds.push(kind);
      counts.push(n);
    }
    const postings = counts.map((n) => new Int32Array(n));
    const fill = new Int32Array(keys.length);
    const docFeatures: Int32Array[] = [];
    perDoc.forEach((ks, d) => {
      const ids: number[] = [];
      for (const k of ks) {
        const id = byKey.get(k);
        if (id === undefined) continue;
        ids.push(id);
        postings[id]![fill[id]!++] = d;
      }
      docFeatures.push(Int32Array.from(ids).sort());
    });
    for (let d = perDoc.length; d < texts.length; d++) docFeatures.push(new Int32Array(0));
    return new FeatureIndex(Uint8Array.from(kinds), keys, postings, docFeatures, byKey);
  }

  /**
   * An index of `docs` documents from features kept elsewhere (`kind:text` keys with their
   * documents, ascending), numbered in the order given; each document's features (ascending ids)
   * are read back from the postings.
   */
  static fromPostings(features: readonly { key: string; docs: Int32Array }[], docs: number): FeatureIndex {
    const byKey = new Map<string, number>();
    // Counted first, so only documents with features get an array of their own (one text's index touches few of them).
    const counts = new Int32Array(docs);
    features.forEach((f, id) => {
      byKey.set(f.key, id);
      for (const d of f.docs) counts[d]!++;
    });
    const none = new Int32Array(0);
    const docFeatures = Array.from(counts, (n) => (n ? new Int32Array(n) : none));
    const fill = new Int32Array(docs);
    features.forEach((f, id) => {
      for (const d of f.docs) docFeatures[d]![fill[d]!++] = id;
    });
    return new FeatureIndex(
      Uint8Array.from(features.map((f) => kindOfKey(f.key))),
      features.map((f) => f.key.slice(2)),
      features.map((f) => f.docs),
      docFeatures,
      byKey,
    );
  }

  /** Every feature as a `kind:text` key with its documents, in id order (what `fromPostings` reads). */
  postingsByKey(): { key: string; docs: Int32Array }[] {
    return this.keys.map((k, id) => ({ key: `${this.kinds[id]!}:${k}`, docs: this.postings[id]! }));
  }

  /** The indexed features of a text that was not indexed (dev, a held-out fold), as ids. */
  featuresOf(text: string, vocab: Vocabulary, cfg: FeatureConfig): Int32Array {
    const ids: number[] = [];
    for (const k of featureKeys(text, vocab, cfg)) {
      const id = this.byKey.get(k);
      if (id !== undefined) ids.push(id);
    }
    return Int32Array.from(ids);
  }

  /** Total number of postings: the index's size in entries. */
  entries(): number {
    let n = 0;
    for (const p of this.postings) n += p.length;
    return n;
  }
}
