import { DocCandidates } from '../engine/candidates.js';
import type { RuleOutputs } from '../engine/executor.js';
import { KEY_OUTSIDE, type SpanKeys } from '../eval/score-spans.js';
import type { Scorer } from '../eval/scorer.js';
import type { Example } from '../schemas/example.js';
import type { CountsVec } from './scored-run.js';

/** `into[i] += sign * (tp, fp, fn)`, as `addInto` does with a Counts object. */
function add(into: CountsVec, i: number, tp: number, fp: number, fn: number, sign: 1 | -1 = 1): void {
  into[3 * i] = into[3 * i]! + sign * tp;
  into[3 * i + 1] = into[3 * i + 1]! + sign * fp;
  into[3 * i + 2] = into[3 * i + 2]! + sign * fn;
}

/** What `SpanRank.document` adds to a rank partial. */
export interface RankSums {
  loo: CountsVec;
  solo: CountsVec;
  fired: Float64Array;
  firedDocs: Float64Array;
  rescored: number;
}

/**
 * Ranking sums of the documents of a span task. Each document's candidate spans are loaded once;
 * every subset (the ensemble, each rule alone, each rule left out) is resolved under the conflict
 * policy into kept candidate indices (`DocCandidates.keep`). When the mode pairs spans by equal
 * keys (`SpanKeys`: `exact`, plain `text`), each candidate is keyed once and TP/FP/FN follow from
 * the keys of the kept ones, with no span, prediction or pairing built; otherwise the kept spans
 * are scored with `scorer.counts`. Either way the counts equal the scorer's exactly.
 */
export class SpanRank {
  private readonly cand: DocCandidates;
  private key = new Int32Array(64);
  private sel = new Int32Array(64);
  private kept = new Int32Array(64);
  private other = new Int32Array(64);
  private used = new Int32Array(64);
  private readonly counted = { tp: 0, fp: 0, fn: 0 };

  constructor(
    private readonly outputs: RuleOutputs,
    private readonly scorer: Scorer,
  ) {
    this.cand = new DocCandidates(outputs);
  }

  /** Adds document `d`'s ensemble, empty, solo and leave-one-out counts. */
  document(d: number, example: Example, part: RankSums, ens: CountsVec, emp: CountsVec): void {
    const keys = this.scorer.spanKeys(example);
    const c = this.cand;
    c.load(d);
    const n = c.n;
    this.grow(n, keys?.goldCount.length ?? 0);
    const { key, sel, kept, other, counted } = this;
    const count = (idx: Int32Array, m: number): void => {
      if (keys) this.countKeyed(idx, m, keys);
      else Object.assign(counted, this.scorer.counts(example, m ? { spans: c.spans(idx, m) } : { spans: [] }));
    };
    // With no rule, nothing is output.
    count(kept, 0);
    const etp = counted.tp;
    const efp = counted.fp;
    const efn = counted.fn;
    add(emp, 0, etp, efp, efn);
    if (c.entries === 0) {
      add(ens, 0, etp, efp, efn);
      return;
    }
    if (keys) {
      const text = this.outputs.texts[d]!;
      const rules = this.outputs.rules;
      for (let i = 0; i < n; i++) key[i] = keys.keyOf(rules[c.rule[i]!]!.label, c.start[i]!, c.end[i]!, text);
    }
    for (let i = 0; i < n; i++) sel[i] = i;
    const m = c.keep(sel, n, kept);
    count(kept, m);
    const ctp = counted.tp;
    const cfp = counted.fp;
    const cfn = counted.fn;
    add(ens, 0, ctp, cfp, cfn);
    for (let e = 0; e < c.entries; e++) {
      const a = c.entryFirst[e]!;
      const b = c.entryFirst[e + 1]!;
      const p = c.rule[a]!;
      part.firedDocs[p]!++;
      // The rule alone.
      for (let i = a; i < b; i++) sel[i - a] = i;
      const alone = c.keep(sel, b - a, other);
      part.fired[p]! += alone;
      count(other, alone);
      add(part.solo, p, counted.tp, counted.fp, counted.fn);
      add(part.solo, p, etp, efp, efn, -1);
      // The ruleset without it: rescored only when the kept spans change.
      let s = 0;
      for (let i = 0; i < a; i++) sel[s++] = i;
      for (let i = b; i < n; i++) sel[s++] = i;
      const without = c.keep(sel, s, other);
      if (without === m) {
        let same = true;
        for (let i = 0; i < m; i++)
          if (other[i] !== kept[i]) {
            same = false;
            break;
          }
        if (same) continue;
      }
      count(other, without);
      add(part.loo, p, counted.tp, counted.fp, counted.fn);
      add(part.loo, p, ctp, cfp, cfn, -1);
      part.rescored++;
    }
  }

  /** TP, FP, FN of the kept candidates `idx[0 .. m)`: a multiset intersection of keys with gold. */
  private countKeyed(idx: Int32Array, m: number, keys: SpanKeys): void {
    const { key, used } = this;
    const gold = keys.goldCount;
    let scored = 0;
    let tp = 0;
    for (let j = 0; j < m; j++) {
      const k = key[idx[j]!]!;
      if (k === KEY_OUTSIDE) continue;
      scored++;
      if (k >= 0 && used[k]! < gold[k]!) {
        used[k]!++;
        tp++;
      }
    }
    for (let j = 0; j < m; j++) {
      const k = key[idx[j]!]!;
      if (k >= 0) used[k] = 0;
    }
    this.counted.tp = tp;
    this.counted.fp = scored - tp;
    this.counted.fn = keys.nGold - tp;
  }

  private grow(n: number, nKeys: number): void {
    if (this.key.length < n) {
      const size = Math.max(n, 2 * this.key.length);
      this.key = new Int32Array(size);
      this.sel = new Int32Array(size);
      this.kept = new Int32Array(size);
      this.other = new Int32Array(size);
    }
    if (this.used.length < nKeys) this.used = new Int32Array(Math.max(nKeys, 2 * this.used.length));
  }
}
