/**
 * Groups of near-duplicate texts: overlapping windows of one document, a message sent many times
 * with another number in it. Texts of one group are one piece of evidence, not many: a dev split of
 * 700 windows cut from 25 documents judges like 25 texts, and a fold that holds one window of a
 * document while training on its neighbours rewards rules that memorise that document. A short
 * text is never grouped (`TUNING.nearDuplicates.minWords`): "cancel my order" recurs because people
 * say it often, which is the task's own distribution, not text copied from one source.
 *
 * Written here rather than taken from a library: the MinHash packages on npm hash with their own
 * seeds and tokenizers, and the groups must come out the same for the same texts on every machine
 * (folds are seeded), from the learner's own tokens.
 */
import { hash32 } from '../../core/random.js';
import { tokenize } from './text.js';
import { TUNING } from './tuning.js';

/** MurmurHash3's finalizer: spreads a combined hash so that its smallest values are a fair sample. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The smallest `sketch` distinct hashes of a text's runs of `shingle` words (a bottom-k MinHash sketch). */
function sketchOf(words: readonly string[], shingle: number, sketch: number): number[] {
  const wordHash = words.map(hash32);
  const hashes = new Set<number>();
  for (let i = 0; i + shingle <= words.length; i++) {
    let h = 0x811c9dc5;
    for (let j = i; j < i + shingle; j++) h = Math.imul(h ^ wordHash[j]!, 0x01000193);
    hashes.add(fmix32(h));
  }
  return [...hashes].sort((a, b) => a - b).slice(0, sketch);
}

/** Sketches already made: every fold of a cross-validation groups a subset of the same texts. */
const sketches = new Map<string, number[]>();
/** The shingle, sketch and shortest text sizes the kept sketches were made with (a tuning override makes others). */
let madeWith = '';

/** Empties the kept sketches when they were made with other sizes. */
function keepSketchesOf(shingle: number, sketch: number, minWords: number): void {
  const sizes = `${shingle}/${sketch}/${minWords}`;
  if (madeWith === sizes) return;
  sketches.clear();
  madeWith = sizes;
}

/** A text's sketch, none for a text too short to group (see `keepSketchesOf`, called first). */
function sketchOfText(text: string, shingle: number, sketch: number, minWords: number): number[] {
  let s = sketches.get(text);
  if (s !== undefined) return s;
  const words = tokenize(text).map((w) => w.norm);
  s = words.length < Math.max(shingle, minWords) ? [] : sketchOf(words, shingle, sketch);
  if (sketches.size >= TUNING.nearDuplicates.cached) sketches.clear();
  sketches.set(text, s);
  return s;
}

/** Union-find root of `i`, halving the path as it goes. */
function root(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    parent[i] = parent[parent[i]!]!;
    i = parent[i]!;
  }
  return i;
}

/**
 * For each text, the position of the first text of its group: texts join when most of the smaller
 * sketch is shared, and groups chain (window 1 joins 2, 2 joins 3). A short text is alone.
 */
export function nearDuplicateGroups(texts: readonly string[]): Int32Array {
  const { shingle, sketch, minWords, share, minShared, maxTextsPerHash } = TUNING.nearDuplicates;
  keepSketchesOf(shingle, sketch, minWords);
  const parent = Int32Array.from(texts, (_, i) => i);
  const join = (a: number, b: number) => {
    const [x, y] = [root(parent, a), root(parent, b)];
    if (x !== y) parent[Math.max(x, y)] = Math.min(x, y);
  };
  const holders = new Map<number, number[]>();
  // Copies join outright: a text sent a hundred times holds only hashes too common to join by.
  const copies = new Map<string, number>();
  texts.forEach((t, i) => {
    const s = sketchOfText(t, shingle, sketch, minWords);
    if (!s.length) return;
    const first = copies.get(t);
    if (first !== undefined) return join(first, i);
    copies.set(t, i);
    for (const h of s) {
      const xs = holders.get(h);
      if (xs) xs.push(i);
      else holders.set(h, [i]);
    }
  });
  // Shared sketch hashes per pair of texts, counted only through hashes few texts hold: a phrase
  // every text has (a salutation, a court's formula) says nothing about two texts being one, and
  // a text is judged by the share of its own hashes that are not such phrases.
  const usable = new Int32Array(texts.length);
  const shared = new Map<number, number>();
  const n = texts.length;
  for (const xs of holders.values()) {
    if (xs.length > maxTextsPerHash) continue;
    for (const x of xs) usable[x]!++;
    for (let a = 0; a < xs.length; a++) for (let b = a + 1; b < xs.length; b++) shared.set(xs[a]! * n + xs[b]!, (shared.get(xs[a]! * n + xs[b]!) ?? 0) + 1);
  }
  for (const [key, count] of shared) {
    const a = Math.floor(key / n);
    const b = key - a * n;
    if (count >= Math.max(minShared, share * Math.min(usable[a]!, usable[b]!))) join(a, b);
  }
  return Int32Array.from(texts, (_, i) => root(parent, i));
}

const memo = new WeakMap<readonly string[], Int32Array>();

/** `nearDuplicateGroups`, once per array of texts: cross-validation asks for the same texts' folds at every point of its grid. */
export function groupsOf(texts: readonly string[]): Int32Array {
  let g = memo.get(texts);
  if (!g) memo.set(texts, (g = nearDuplicateGroups(texts)));
  return g;
}

/** How many groups of near-duplicates `texts` make (see `nearDuplicateGroups`). */
export function groupCount(texts: readonly string[]): number {
  return new Set(groupsOf(texts)).size;
}
