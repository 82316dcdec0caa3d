import { TUNING } from '../tuning.js';
import { ruleScore, type BaseRate } from './base-rate.js';
import type { CoverRule } from './cover-options.js';
import { satisfies } from './cover.js';
import { Kind, standsAlone, type FeatureIndex } from './features.js';
import type { Literal } from './render.js';
import { spend } from './work.js';

export interface GlobalOrderOptions {
  /** z of the Wilson lower bound that orders the list. */
  z: number;
  /** Most features of one text that pairs are formed from: its most predictive words and stems. */
  pairFeatures: number;
  /** Kept rules: those among the first `depth` to fire on some train text (see `decidingRules`). */
  depth: number;
  /** Most rules kept (the best-scored), and most of one label. */
  maxRules: number;
  perClass: number;
  /** Rules scoring below this are left out. */
  minScore: number;
  /** Absolute time (performance.now()) after which no more pairs are formed. */
  deadline: number;
  /** The default class, whose rules are scored against its base rate (see cover.ts). */
  defaultClass?: BaseRate;
}

interface Stat {
  cls: number;
  k: number;
  n: number;
  score: number;
}

/**
 * The best class of a set of documents, with its count, their number and its score: the most
 * frequent class, or the default class when its score against its base rate is higher.
 */
function statOf(docs: ArrayLike<number>, docClass: Int32Array, scratch: Int32Array, z: number, base?: BaseRate): Stat | null {
  const touched: number[] = [];
  for (let i = 0; i < docs.length; i++) {
    const c = docClass[docs[i]!]!;
    if (c < 0) continue;
    if (scratch[c] === 0) touched.push(c);
    scratch[c]!++;
  }
  let cls = -1;
  let k = 0;
  const kd = base ? scratch[base.cls]! : 0;
  for (const c of touched) {
    if (c !== base?.cls && (scratch[c]! > k || (scratch[c] === k && c < cls))) {
      k = scratch[c]!;
      cls = c;
    }
    scratch[c] = 0;
  }
  const n = docs.length;
  const best = cls < 0 ? null : { cls, k, n, score: ruleScore(k / n, n, z, cls, base) };
  if (!base || !kd) return best;
  const own = { cls: base.cls, k: kd, n, score: ruleScore(kd / n, n, z, base.cls, base) };
  return best && best.score >= own.score ? best : own;
}

const pairable = (kind: number): boolean => kind === Kind.Word || kind === Kind.Stem;

/** Train documents satisfying literals whose first one is a present feature. */
function docsOf(index: FeatureIndex, literals: readonly Literal[]): number[] {
  const rest = literals.slice(1);
  const out: number[] = [];
  for (const d of index.postings[literals[0]!.feature]!) if (satisfies(index.docFeatures[d]!, rest)) out.push(d);
  return out;
}

/**
 * The rules that are among the first `depth` to fire on at least one train document. Depth 1 keeps
 * the rules that decide train; depth 2 also keeps each text's runner-up, which decides a new text
 * that lacks the words of the rule that won on train.
 */
function decidingRules(index: FeatureIndex, rules: readonly CoverRule[], depth: number): CoverRule[] {
  // By first feature, in an array: this is looked up for every feature of every train text.
  const byFeature: (number[] | undefined)[] = new Array<number[] | undefined>(index.size);
  rules.forEach((r, i) => (byFeature[r.literals[0]!.feature] ??= []).push(i));
  const keep = new Uint8Array(rules.length);
  // The `depth` earliest firing rules of a text, ascending: a long text has thousands of firing
  // rules, and keeping the few earliest as they come costs less than sorting them all.
  const first = new Int32Array(depth);
  for (const fs of index.docFeatures) {
    // Each feature's rules are read and tried on the text: about three reads a feature (work.ts).
    spend(3 * fs.length);
    let kept = 0;
    // The first `depth` firing rules overall are among the first `depth` of their own first feature.
    for (const f of fs) {
      const own = byFeature[f];
      if (!own) continue;
      let got = 0;
      for (const i of own) {
        if (got === depth || (kept === depth && i >= first[depth - 1]!)) break;
        if (satisfies(fs, rules[i]!.literals)) {
          kept = earliest(first, kept, i);
          got++;
        }
      }
    }
    for (let j = 0; j < kept; j++) keep[first[j]!] = 1;
  }
  return rules.filter((_, i) => keep[i] === 1);
}

/** Puts rule `i` among the `first.length` earliest (`kept` of them held, ascending) if it is one; returns how many are held. */
function earliest(first: Int32Array, kept: number, i: number): number {
  const size = first.length;
  if (kept === size && i >= first[size - 1]!) return kept;
  let j = Math.min(kept, size - 1);
  while (j > 0 && first[j - 1]! > i) {
    first[j] = first[j - 1]!;
    j--;
  }
  first[j] = i;
  return Math.min(kept + 1, size);
}

/**
 * A decision list ordered by how precise each rule is on all of train (a Yarowsky decision list):
 * every indexed feature for its best label, pairs of a text's most predictive words and stems, and
 * the covering rules, each scored by the Wilson lower bound of its precision on every train text
 * it fires on, and sorted by that score. Covering scores a rule on what earlier rules left, so a
 * rule learned late from a few leftover texts can sit before a well-attested one; here a rule's
 * place reflects all its evidence, which is what decides on text the list has not seen.
 * A pair is kept only when it outscores both its words (otherwise the better word, earlier in the
 * list, fires wherever the pair does), and only rules that decide a train text, or come next on one, stay.
 */
export function globalOrder(index: FeatureIndex, docClass: Int32Array, K: number, covering: readonly CoverRule[], opts: GlobalOrderOptions): { rules: CoverRule[]; capped: boolean } {
  const { z } = opts;
  const scratch = new Int32Array(K);
  const stat = (docs: ArrayLike<number>) => statOf(docs, docClass, scratch, z, opts.defaultClass);
  const single: (Stat | null)[] = index.postings.map((p) => {
    spend(p.length);
    return p.length ? stat(p) : null;
  });
  const out: CoverRule[] = [];
  const push = (literals: Literal[], s: Stat) => {
    if (s.score >= opts.minScore) out.push({ literals, cls: s.cls, tp: s.k, n: s.n, score: s.score, pass: 0, scope: 'all' });
  };
  single.forEach((s, f) => s && standsAlone(index.kinds[f]!) && push([{ feature: f, negated: false }], s));

  // Pairs: each text's best `pairFeatures` words and stems seen in `pairMinTexts` texts or more.
  const pairs = new Map<number, number[]>();
  const F = index.size;
  for (let d = 0; d < index.docFeatures.length && performance.now() < opts.deadline; d++) {
    spend(index.docFeatures[d]!.length);
    const fs = Array.from(index.docFeatures[d]!).filter((f) => pairable(index.kinds[f]!) && index.postings[f]!.length >= TUNING.covering.pairMinTexts && single[f]);
    fs.sort((a, b) => single[b]!.score - single[a]!.score || a - b);
    const top = fs.slice(0, opts.pairFeatures).sort((a, b) => a - b);
    // Work in feature reads (work.ts): a comparison sort step costs about 20, a map insertion 10.
    spend(fs.length * 20 + top.length * top.length * 10);
    for (let i = 0; i < top.length; i++)
      for (let j = i + 1; j < top.length; j++) {
        const key = top[i]! * F + top[j]!;
        let xs = pairs.get(key);
        if (!xs) pairs.set(key, (xs = []));
        xs.push(d);
      }
  }
  for (const [key, docs] of pairs) {
    spend(10 + docs.length);
    if (docs.length < 2) continue;
    const a = Math.floor(key / F);
    const b = key - a * F;
    const s = stat(docs);
    if (s && s.score > Math.max(single[a]!.score, single[b]!.score))
      push(
        [
          { feature: a, negated: false },
          { feature: b, negated: false },
        ],
        s,
      );
  }
  pairs.clear();
  for (const r of covering) {
    if (r.literals.length < 2 || r.literals[0]!.negated) continue;
    const s = stat(docsOf(index, r.literals));
    if (s && s.cls === r.cls) push(r.literals, s);
  }
  // Higher score first; then more support, fewer conditions, and the order they were made in.
  const order = out.map((r, i) => ({ r, i }));
  // n log n comparisons of about 20 feature reads each (work.ts).
  spend(Math.ceil(out.length * 20 * Math.log2(out.length + 1)));
  order.sort((x, y) => y.r.score - x.r.score || y.r.n - x.r.n || x.r.literals.length - y.r.literals.length || x.i - y.i);
  const deciding = decidingRules(
    index,
    order.map((o) => o.r),
    opts.depth,
  );
  // The caps keep the best-scored rules, in list order.
  const rules: CoverRule[] = [];
  const ofClass = new Int32Array(K);
  let capped = false;
  for (const r of deciding) {
    if (rules.length === opts.maxRules || ofClass[r.cls]! === opts.perClass) {
      capped = true;
      if (rules.length === opts.maxRules) break;
      continue;
    }
    ofClass[r.cls]!++;
    rules.push(r);
  }
  return { rules, capped };
}
