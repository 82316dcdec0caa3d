import { wilsonLower } from '../../../core/ratio.js';
import { overBaseRate, ruleScore, scoreCeiling, type BaseRate } from './base-rate.js';
import type { CoverOptions, CoverResult, CoverRule, CoverStop } from './cover-options.js';
import type { FeatureIndex } from './features.js';
import type { Literal } from './render.js';
import { holds } from './sorted-ids.js';
import { spend } from './work.js';

interface Cand {
  literals: Literal[];
  cls: number;
  k: number;
  n: number;
  score: number;
}

/** Whether a document's (sorted) features satisfy every literal. */
export function satisfies(features: Int32Array, literals: readonly Literal[]): boolean {
  for (const l of literals) if (holds(features, l.feature) === l.negated) return false;
  return true;
}

/**
 * Sequential covering (separate and conquer, as CN2 and RIPPER do) over an inverted index: each
 * step picks the rule with the best Wilson lower bound of precision on the documents no earlier
 * rule covers, trying each of the best single features with one more condition or one exception;
 * the documents it covers are then removed and the search goes on for the rest. Every statistic
 * comes from posting lists; no regex runs. Returns the decision list in order.
 */
export class Coverer {
  private readonly n: number;
  private readonly F: number;
  private readonly covered: Uint8Array;
  private readonly cnt: Int32Array;
  private readonly tot: Int32Array;
  /** Counts on all of train, before any covering: a rule must also hold up there. */
  private readonly cnt0: Int32Array;
  private readonly tot0: Int32Array;
  private readonly best: Int32Array;
  private readonly dirty: Uint8Array;
  private readonly perClass: Int32Array;
  private readonly coTot: Int32Array;
  private readonly coC: Int32Array;
  private left: number;
  /** Uncovered documents of the default class. */
  private leftDefault = 0;
  /** Each seed's uncovered documents, those of its class, and the seeds firing on each document. */
  private readonly seedN: Int32Array;
  private readonly seedK: Int32Array;
  private readonly seedK0: Int32Array;
  private readonly seedsOf: number[][];
  /**
   * Grown candidates kept between steps, by start. A candidate's texts are uncovered texts with its
   * first feature, so its growth stays the same until a step covers a text with that feature (the
   * feature's `epoch` moves on). Only scores that do not move with what is left may be kept: not a
   * default-class rule's, which is judged against the default's share of the uncovered texts.
   */
  private readonly grown = new Map<string, { epoch: number; cand: Cand }>();
  private readonly epoch: Int32Array;
  /**
   * Each feature's single-rule score parts, kept while its counts are (`sAt` is the feature's epoch
   * plus one when they were computed): slot 2f for its best class, 2f + 1 for the default class,
   * whose base rate moves every step and is applied on reading.
   */
  private readonly sAt: Int32Array;
  private readonly sCls: Int32Array;
  private readonly sBound: Float64Array;
  private readonly sGlobal: Float64Array;
  /** `opts.banned` as a mask: it is read for every feature at every step. */
  private readonly banned: Uint8Array;

  constructor(
    private readonly index: FeatureIndex,
    /** Class id of each document, -1 for none (every output on it is wrong). */
    private readonly docClass: Int32Array,
    private readonly K: number,
    private readonly opts: CoverOptions,
  ) {
    this.n = docClass.length;
    this.F = index.size;
    this.covered = new Uint8Array(this.n);
    this.cnt = new Int32Array(this.F * K);
    this.tot = new Int32Array(this.F);
    this.best = new Int32Array(this.F);
    this.dirty = new Uint8Array(this.F).fill(1);
    this.perClass = new Int32Array(K);
    this.coTot = new Int32Array(this.F);
    this.coC = new Int32Array(this.F);
    this.epoch = new Int32Array(this.F);
    this.sAt = new Int32Array(2 * this.F);
    this.sCls = new Int32Array(2 * this.F);
    this.sBound = new Float64Array(2 * this.F);
    this.sGlobal = new Float64Array(2 * this.F);
    this.banned = new Uint8Array(this.F);
    for (const f of opts.banned ?? []) if (f < this.F) this.banned[f] = 1;
    this.left = this.n;
    for (let d = 0; d < this.n; d++) if (docClass[d] === opts.defaultClass?.cls) this.leftDefault++;
    for (let d = 0; d < this.n; d++) {
      const c = docClass[d]!;
      spend(index.docFeatures[d]!.length);
      for (const f of index.docFeatures[d]!) {
        this.tot[f]!++;
        if (c >= 0) this.cnt[f * K + c]!++;
      }
    }
    this.cnt0 = this.cnt.slice();
    this.tot0 = this.tot.slice();
    const seeds = opts.seeds ?? [];
    this.seedN = Int32Array.from(seeds, (s) => s.docs.length);
    this.seedK = Int32Array.from(seeds, (s) => s.docs.reduce((k, d) => k + (docClass[d] === s.cls ? 1 : 0), 0));
    this.seedK0 = this.seedK.slice();
    this.seedsOf = Array.from({ length: this.n }, () => []);
    seeds.forEach((s, i) => s.docs.forEach((d) => this.seedsOf[d]!.push(i)));
  }

  private bestClass(f: number): number {
    if (this.dirty[f]) {
      spend(this.K);
      let b = 0;
      let bv = -1;
      const base = f * this.K;
      const skip = this.opts.defaultClass?.cls ?? -1;
      for (let c = 0; c < this.K; c++) {
        const v = this.perClass[c]! >= this.opts.perClass || c === skip ? -1 : this.cnt[base + c]!;
        if (v > bv) {
          bv = v;
          b = c;
        }
      }
      this.best[f] = b;
      this.dirty[f] = 0;
    }
    return this.best[f]!;
  }

  /**
   * How precise a single feature is for a class on all of train. A rule is scored by the lower of
   * this and its bound on what earlier rules left: on the few texts left late in covering a
   * stopword can look pure ("a" when only one label's texts remain), but it is not a trigger of
   * that label, and on new text it fires on everything.
   */
  private globalBound(f: number, c: number): number {
    return this.allTrainBound(this.cnt0[f * this.K + c]!, this.tot0[f]!, c);
  }

  /** The score of `k` right of `n` on all of train for class `c`, when rules are bounded there (`global`); else no bound. */
  private allTrainBound(k: number, n: number, c: number): number {
    if (!this.opts.global) return Infinity;
    return n ? ruleScore(k / n, n, this.opts.z, c, this.opts.defaultClass) : 0;
  }

  /**
   * A rule's score from its precision and support (see `ruleScore`). A rule of the default class
   * is judged against the default's share of the texts still uncovered: those are the texts it
   * would decide, and the default gets that share of them right without it.
   */
  private score(precision: number, support: number, cls: number): number {
    return ruleScore(precision, support, this.opts.z, cls, this.baseNow());
  }

  /** The default class judged against its share of the texts still uncovered (see `score`). */
  private baseNow(): BaseRate | undefined {
    const dc = this.opts.defaultClass;
    return dc && this.left ? { cls: dc.cls, prior: this.leftDefault / this.left } : dc;
  }

  /**
   * `min(score(k / n, n, c), globalBound(f, c))` for the single rule `c <- f`, its `k` of `n`
   * uncovered texts right: Wilson's bound is worked out again only when a step changed the
   * feature's counts, where scoring every feature at every step was most of covering's time.
   */
  private singleScore(f: number, c: number, k: number, n: number): number {
    const dc = this.opts.defaultClass;
    const isDefault = c === dc?.cls;
    const i = 2 * f + (isDefault ? 1 : 0);
    if (this.sAt[i] !== this.epoch[f]! + 1 || this.sCls[i] !== c) {
      this.sBound[i] = wilsonLower(k / n, n, this.opts.z);
      this.sGlobal[i] = this.globalBound(f, c);
      this.sCls[i] = c;
      this.sAt[i] = this.epoch[f]! + 1;
    }
    const bound = isDefault ? overBaseRate(this.sBound[i]!, this.leftDefault / this.left) : this.sBound[i]!;
    return Math.min(bound, this.sGlobal[i]!);
  }

  /** The best `refineTop` single-feature rules on the uncovered documents. */
  private topSingles(): Cand[] {
    const top: Cand[] = [];
    const m = this.opts.refineTop;
    const { minSupport } = this.opts;
    const banned = this.banned;
    const dc = this.opts.defaultClass;
    const offer = (f: number, c: number, n: number) => {
      const k = this.cnt[f * this.K + c]!;
      if (k < minSupport) return;
      const s = this.singleScore(f, c, k, n);
      if (top.length === m && s <= top[m - 1]!.score) return;
      let i = top.length === m ? m - 1 : top.length;
      while (i > 0 && top[i - 1]!.score < s) {
        if (i < m) top[i] = top[i - 1]!;
        i--;
      }
      const cand = { literals: [{ feature: f, negated: false }], cls: c, k, n, score: s };
      if (top.length < m) top.splice(i, 0, cand);
      else top[i] = cand;
    };
    // Each feature's counts and cached score are read: about two feature reads (work.ts).
    spend(2 * this.F);
    for (let f = 0; f < this.F; f++) {
      const n = this.tot[f]!;
      if (n < minSupport || banned[f]) continue;
      const c = this.bestClass(f);
      if (c !== dc?.cls) offer(f, c, n);
      if (dc && this.perClass[dc.cls]! < this.opts.perClass) offer(f, dc.cls, n);
    }
    return top;
  }

  /**
   * The best seeds on the uncovered documents (at most `refineTop`), each scored as a single is:
   * its bound on what is left, and with `global` no higher than its bound on all of train.
   */
  private topSeeds(): (readonly [Cand, string])[] {
    const seeds = this.opts.seeds ?? [];
    const out: (readonly [Cand, string])[] = [];
    spend(seeds.length);
    seeds.forEach((s, i) => {
      const k = this.seedK[i]!;
      const n = this.seedN[i]!;
      if (k < this.opts.minSupport || this.perClass[s.cls]! >= this.opts.perClass || this.banned[s.literals[0]!.feature]) return;
      const score = Math.min(this.score(k / n, n, s.cls), this.allTrainBound(this.seedK0[i]!, s.docs.length, s.cls));
      out.push([{ literals: s.literals, cls: s.cls, k, n, score }, `seed ${i}`]);
    });
    return out.sort((a, b) => b[0].score - a[0].score).slice(0, this.opts.refineTop);
  }

  /** Uncovered documents satisfying a candidate's literals (its first literal is a present feature). */
  private docsOf(literals: readonly Literal[]): number[] {
    const out: number[] = [];
    const rest = literals.slice(1);
    const posting = this.index.postings[literals[0]!.feature]!;
    spend(posting.length);
    for (const d of posting) if (!this.covered[d] && satisfies(this.index.docFeatures[d]!, rest)) out.push(d);
    return out;
  }

  /** The best one-condition extension of a candidate (another feature, or an exception), if it scores higher. */
  private refine(c: Cand): Cand | null {
    const docs = this.docsOf(c.literals);
    const stride = Math.max(1, Math.ceil(docs.length / this.opts.refineSample));
    const used = new Set(c.literals.map((l) => l.feature));
    const touched: number[] = [];
    let n0 = 0;
    let k0 = 0;
    for (let i = 0; i < docs.length; i += stride) {
      const d = docs[i]!;
      const mine = this.docClass[d] === c.cls;
      n0++;
      if (mine) k0++;
      const fs = this.index.docFeatures[d]!;
      spend(fs.length);
      for (const g of fs) {
        if (this.coTot[g] === 0) touched.push(g);
        this.coTot[g]!++;
        if (mine) this.coC[g]!++;
      }
    }
    let best: { g: number; negated: boolean; score: number } | null = null;
    const { minSupport } = this.opts;
    const base = this.baseNow();
    // Only an extension whose precision could score above the best in hand has its bound worked out (`scoreCeiling`).
    const mayBeat = (precision: number) => scoreCeiling(precision, c.cls, base) > (best?.score ?? c.score);
    const scale = stride;
    spend(touched.length);
    for (const g of touched) {
      if (!used.has(g)) {
        const nt = this.coTot[g]!;
        const kt = this.coC[g]!;
        // Estimated on the sample: scale counts back for the bound.
        if (kt * scale >= minSupport && mayBeat(kt / nt)) {
          const s = this.score(kt / nt, nt * scale, c.cls);
          if (s > (best?.score ?? c.score)) best = { g, negated: false, score: s };
        }
        const nn = n0 - nt;
        const kn = k0 - kt;
        if (nn > 0 && kn * scale >= minSupport && kn < k0 && mayBeat(kn / nn)) {
          const s = this.score(kn / nn, nn * scale, c.cls);
          if (s > (best?.score ?? c.score)) best = { g, negated: true, score: s };
        }
      }
      this.coTot[g] = 0;
      this.coC[g] = 0;
    }
    if (!best) return null;
    // The chosen extension is measured exactly.
    const literals = best.negated ? [...c.literals, { feature: best.g, negated: true }] : [...c.literals, { feature: best.g, negated: false }];
    let n = 0;
    let k = 0;
    for (const d of this.docsOf(literals)) {
      n++;
      if (this.docClass[d] === c.cls) k++;
    }
    if (k < minSupport || n === 0) return null;
    const score = this.score(k / n, n, c.cls);
    return score > c.score ? { literals, cls: c.cls, k, n, score } : null;
  }

  /** Grows a candidate one condition at a time while that raises its score. */
  private grow(c: Cand): Cand {
    let cur = c;
    while (cur.literals.length < this.opts.maxLiterals) {
      const next = this.refine(cur);
      if (!next) break;
      cur = next;
    }
    return cur;
  }

  /** `grow(c)`, from the cache where none of its texts was covered since it was grown. */
  private grownFrom(c: Cand, key: string): Cand {
    if (c.cls === this.opts.defaultClass?.cls) return this.grow(c);
    const f = c.literals[0]!.feature;
    const hit = this.grown.get(key);
    if (hit && hit.epoch === this.epoch[f]) return hit.cand;
    const cand = this.grow(c);
    this.grown.set(key, { epoch: this.epoch[f]!, cand });
    return cand;
  }

  private take(c: Cand): void {
    for (const d of this.docsOf(c.literals)) {
      this.covered[d] = 1;
      this.left--;
      for (const i of this.seedsOf[d]!) {
        this.seedN[i]!--;
        if (this.docClass[d] === this.opts.seeds![i]!.cls) this.seedK[i]!--;
      }
      const cls = this.docClass[d]!;
      if (cls === this.opts.defaultClass?.cls) this.leftDefault--;
      const fs = this.index.docFeatures[d]!;
      spend(fs.length);
      for (const g of fs) {
        this.tot[g]!--;
        this.epoch[g]!++;
        if (cls >= 0) {
          this.cnt[g * this.K + cls]!--;
          if (this.best[g] === cls) this.dirty[g] = 1;
        }
      }
    }
  }

  /** Runs covering to the end (or the budget) and returns the decision list. */
  run(): CoverResult {
    const rules: CoverRule[] = [];
    let stop: CoverStop = 'covered';
    while (this.left > 0) {
      if (rules.length >= this.opts.maxRules) {
        stop = 'max_rules';
        break;
      }
      if (performance.now() > this.opts.deadline) {
        stop = 'budget';
        break;
      }
      const singles = this.topSingles().map((c) => [c, `${c.literals[0]!.feature}:${c.cls}`] as const);
      const seeds = this.topSeeds();
      let pick: Cand | null = null;
      for (const [s, key] of [...singles, ...seeds]) {
        const g = this.opts.maxLiterals > 1 ? this.grownFrom(s, key) : s;
        if (!pick || g.score > pick.score) pick = g;
      }
      if (!pick || pick.score < this.opts.minScore) {
        stop = 'no_candidate';
        break;
      }
      this.take(pick);
      rules.push({ literals: pick.literals, cls: pick.cls, tp: pick.k, n: pick.n, score: pick.score, pass: 0 });
      this.perClass[pick.cls]!++;
      if (this.perClass[pick.cls]! >= this.opts.perClass) this.dirty.fill(1);
      this.opts.onStep?.(this.n - this.left, this.n);
    }
    return { rules, stop, uncovered: this.left };
  }
}
