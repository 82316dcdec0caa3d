import { wilsonLower } from '../../../core/ratio.js';
import { TUNING } from '../tuning.js';
import type { FeatureIndex } from './features.js';
import type { Literal } from './render.js';
import { forEachShared, holds, intersect } from './sorted-ids.js';
import { spend } from './work.js';

/** A conjunction generalised from two train texts of one class, and every train text it fires on. */
export interface PairSeed {
  literals: Literal[];
  cls: number;
  /** Train documents satisfying every literal, ascending. */
  docs: Int32Array;
}

export interface PairSeedOptions {
  /** z of the Wilson bound a conjunction grows by. */
  z: number;
  maxLiterals: number;
  /** Features that may not start a rule (lengths, an earlier pass's starts). */
  banned: ReadonlySet<number>;
  deadline: number;
}

/** Summed inverse document frequency of the features two documents share (both lists ascending). */
function sharedWeight(a: Int32Array, b: Int32Array, idf: Float64Array): number {
  let w = 0;
  forEachShared(a, b, (f) => (w += idf[f]!));
  return w;
}

/** At most `most` items of the list, evenly spread over it (all of them when it is that short). */
function spread<T>(xs: readonly T[], most: number): T[] {
  if (xs.length <= most) return [...xs];
  const step = xs.length / most;
  return Array.from({ length: most }, (_, i) => xs[Math.floor(i * step)]!);
}

/**
 * Grows a conjunction for class `cls` from the features two texts share, one feature at a time,
 * each the one whose Wilson bound on all of train is best, while the bound rises.
 */
function growFrom(shared: readonly number[], cls: number, firsts: Map<number, number>, docClass: Int32Array, index: FeatureIndex, opts: PairSeedOptions): PairSeed | null {
  const bound = (k: number, n: number): number => (n ? wilsonLower(k / n, n, opts.z) : 0);
  // The first feature: its bound on all of train, kept for the class's other pairs.
  let first = -1;
  let score = -1;
  for (const f of shared) {
    if (opts.banned.has(f)) continue;
    let s = firsts.get(f);
    if (s === undefined) {
      let k = 0;
      spend(index.postings[f]!.length);
      for (const d of index.postings[f]!) if (docClass[d] === cls) k++;
      s = bound(k, index.postings[f]!.length);
      firsts.set(f, s);
    }
    if (s > score) {
      score = s;
      first = f;
    }
  }
  if (first < 0) return null;
  const literals: Literal[] = [{ feature: first, negated: false }];
  let docs = index.postings[first]!;
  while (literals.length < opts.maxLiterals) {
    let best: { f: number; score: number } | null = null;
    spend(shared.length * docs.length);
    for (const f of shared) {
      if (literals.some((l) => l.feature === f)) continue;
      let n = 0;
      let k = 0;
      for (const d of docs) {
        if (!holds(index.docFeatures[d]!, f)) continue;
        n++;
        if (docClass[d] === cls) k++;
      }
      const s = bound(k, n);
      if (s > (best?.score ?? score)) best = { f, score: s };
    }
    if (!best) break;
    literals.push({ feature: best.f, negated: false });
    docs = intersect(docs, index.postings[best.f]!);
    score = best.score;
  }
  return { literals, cls, docs };
}

/**
 * Rules learned bottom-up from examples, as AQ's star grows from a seed example: for some texts
 * of each class, the text of the same class sharing the most (rarest-weighted) features with it,
 * and the conjunction of their shared features that is most precise on all of train. Top-down
 * covering starts every rule from the single feature most frequent in one class, so a class whose
 * texts share only common words ("what is" & at most 4 words, for definition questions beside
 * "what is the capital …") never gets one; a pair of its texts names the conjunction directly.
 */
export function pairSeeds(index: FeatureIndex, docClass: Int32Array, K: number, opts: PairSeedOptions): PairSeed[] {
  const { perClass, partners } = TUNING.covering.pairSeeds;
  const n = docClass.length;
  const idf = Float64Array.from(index.postings, (p) => Math.log((n + 1) / (p.length + 1)));
  const byClass: number[][] = Array.from({ length: K }, () => []);
  docClass.forEach((c, d) => c >= 0 && byClass[c]!.push(d));
  const seen = new Set<string>();
  const out: PairSeed[] = [];
  for (let c = 0; c < K; c++) {
    const docs = byClass[c]!;
    if (docs.length < 2) continue;
    const others = spread(docs, partners);
    const firsts = new Map<number, number>();
    for (const d of spread(docs, perClass)) {
      if (performance.now() > opts.deadline) return out;
      const fd = index.docFeatures[d]!;
      let mate = -1;
      let mateW = 0;
      for (const e of others) {
        if (e === d) continue;
        spend(fd.length + index.docFeatures[e]!.length);
        const w = sharedWeight(fd, index.docFeatures[e]!, idf);
        if (w > mateW) {
          mateW = w;
          mate = e;
        }
      }
      if (mate < 0) continue;
      const shared = Array.from(intersect(fd, index.docFeatures[mate]!));
      const seed = growFrom(shared, c, firsts, docClass, index, opts);
      if (!seed) continue;
      const key = `${c}:${seed.literals.map((l) => l.feature).sort((a, b) => a - b).join(',')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(seed);
    }
  }
  return out;
}
